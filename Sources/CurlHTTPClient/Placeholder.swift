// Placeholder until the CurlHTTPClient implementation lands.
