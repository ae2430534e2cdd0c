import CCurl

extension CurlTransfer {
    /// Records one header line. A status line starts a new response (a redirect hop or
    /// a `100 Continue`), so only the final response's fields are kept; a line starting
    /// with whitespace continues the previous field (obsolete folding).
    func receiveHeaderLine(_ line: UnsafeBufferPointer<UInt8>) {
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let content = line[0..<end]
        guard !content.isEmpty else { return }
        if content.starts(with: "HTTP/".utf8) {
            responseHeaders.removeAll()
            sawStatusLine = true
        } else if content.first == 0x20 || content.first == 0x09 {
            if let last = responseHeaders.indices.last {
                responseHeaders[last].1 += " " + Self.trimmed(content)
            }
        } else if let colon = content.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: content[..<colon], as: UTF8.self)
            responseHeaders.append((name, Self.trimmed(content[(colon + 1)...])))
        }
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var slice = bytes[...]
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The caller's result for libcurl's final code.
    func outcome(for code: CURLcode) -> Result<HTTPClientResponse, HTTPClientError> {
        guard code == CURLE_OK else { return .failure(failure(for: code)) }
        var status = 0
        var version = 0
        var url: UnsafeMutablePointer<CChar>?
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        _ = ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &url)
        let response = HTTPClientResponse(
            status: status,
            headers: HTTPHeaders(responseHeaders),
            body: body,
            effectiveURL: url.map { String(cString: $0) } ?? "",
            version: Self.version(fromCurl: version)
        )
        return .success(response)
    }

    private static func version(fromCurl value: Int) -> HTTPClientResponse.Version {
        switch value {
        case CURL_HTTP_VERSION_1_0: .http1_0
        case CURL_HTTP_VERSION_1_1: .http1_1
        case CURL_HTTP_VERSION_2_0: .http2
        case CURL_HTTP_VERSION_3: .http3
        default: .unknown
        }
    }
}
