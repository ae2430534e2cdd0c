import CCurl

/// libcurl's process-wide initialisation, run exactly once before the first handle.
///
/// `curl_global_init` must precede every other libcurl call and must not race itself;
/// a Swift global is initialised lazily and atomically on first use, which gives both.
/// `CurlEngine.init` touches it. False means libcurl could not initialise (out of
/// memory or a broken TLS library); every request then fails with a typed error.
let curlGlobalInitialised: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
