import CCurl

extension CurlTransfer {
    /// Sets every option for `request`. Fixed policy first (protocols, TLS, proxies,
    /// signals), then limits, then the request itself.
    func configure(for request: HTTPClientRequest) throws(HTTPClientError) {
        let configuration = self.configuration
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        try set(CURLOPT_ACCEPT_ENCODING, "")  // Every encoding libcurl can decode.
        try set(CURLOPT_PROXY, "")  // Ignore http_proxy and friends: requests go where the URL says.
        try set(CURLOPT_TCP_KEEPALIVE, 1)
        try set(CURLOPT_USERAGENT, configuration.userAgent)

        try set(CURLOPT_CONNECTTIMEOUT_MS, (request.connectTimeout ?? configuration.connectTimeout).curlMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, (request.timeout ?? configuration.totalTimeout).curlMilliseconds)
        if !(request.method == "HEAD" && request.body == nil) {
            // libcurl applies this to a HEAD response's Content-Length too, which
            // describes a body that never comes.
            try set(CURLOPT_MAXFILESIZE_LARGE, offset: curl_off_t(max(0, configuration.maxResponseBytes)))
        }
        try set(CURLOPT_FOLLOWLOCATION, configuration.maxRedirects > 0 ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, max(0, configuration.maxRedirects))

        try set(CURLOPT_WRITEFUNCTION, callback: curlWriteCallback)
        try set(CURLOPT_WRITEDATA, pointer: context)
        try set(CURLOPT_HEADERFUNCTION, callback: curlHeaderCallback)
        try set(CURLOPT_HEADERDATA, pointer: context)
        if configuration.addressPolicy == .publicOnly {
            try check(ccurl_easy_setopt_opensocket_callback(easy, CURLOPT_OPENSOCKETFUNCTION, curlOpenSocketCallback))
            try set(CURLOPT_OPENSOCKETDATA, pointer: context)
        }

        try set(CURLOPT_URL, request.url)
        try configureMethodAndBody(for: request)
        try configureHeaders(for: request)
    }

    /// GET and HEAD use libcurl's own modes; any request with a body goes through the
    /// POST machinery (so libcurl sends `Content-Length` and can rewind to resend it)
    /// with the verb replaced when it is not POST; other bodiless verbs are custom.
    private func configureMethodAndBody(for request: HTTPClientRequest) throws(HTTPClientError) {
        switch (request.method, request.body) {
        case ("GET", nil):
            try set(CURLOPT_HTTPGET, 1)
        case ("HEAD", nil):
            try set(CURLOPT_NOBODY, 1)
        case (let method, nil):
            try set(CURLOPT_CUSTOMREQUEST, method)
        case (let method, .some(let body)):
            try set(CURLOPT_POST, 1)
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, method) }
            switch body {
            case .bytes(let bytes):
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
                postBody = buffer
                buffer.copyBytes(from: bytes)
                try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(bytes.count))
                try set(CURLOPT_POSTFIELDS, pointer: buffer.baseAddress)
            case .file(let path):
                let size = try openUploadFile(at: path)
                try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: size)
                try check(ccurl_easy_setopt_read_callback(easy, CURLOPT_READFUNCTION, curlReadCallback))
                try set(CURLOPT_READDATA, pointer: context)
                try check(ccurl_easy_setopt_seek_callback(easy, CURLOPT_SEEKFUNCTION, curlSeekCallback))
                try set(CURLOPT_SEEKDATA, pointer: context)
            }
        }
    }

    /// Builds the header list. An empty value is written `Name;` (libcurl's spelling for
    /// "send it empty"; `Name:` would mean "remove it"). libcurl's own `Expect:
    /// 100-continue` (a one-second stall with servers that ignore it) and its default
    /// form `Content-Type` are suppressed unless the caller set them.
    private func configureHeaders(for request: HTTPClientRequest) throws(HTTPClientError) {
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        if request.body != nil, !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        for line in lines {
            guard let extended = curl_slist_append(headerList, line) else {
                throw HTTPClientError(.other, message: "out of memory building the header list")
            }
            headerList = extended
        }
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
    }

    // MARK: One setter per C argument type

    func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try check(ccurl_easy_setopt_long(easy, option, value))
    }

    func set(_ option: CURLoption, offset value: curl_off_t) throws(HTTPClientError) {
        try check(ccurl_easy_setopt_offset(easy, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try check(ccurl_easy_setopt_string(easy, option, value))  // libcurl copies strings.
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(HTTPClientError) {
        try check(ccurl_easy_setopt_pointer(easy, option, value))
    }

    func set(_ option: CURLoption, callback: curl_write_callback) throws(HTTPClientError) {
        try check(ccurl_easy_setopt_write_callback(easy, option, callback))
    }

    /// Turns a failed `curl_easy_setopt` into a typed error. Only a malformed URL or
    /// an out-of-memory condition can fail here; the URL case keeps its own code.
    func check(_ code: CURLcode) throws(HTTPClientError) {
        guard code != CURLE_OK else { return }
        throw HTTPClientError(code == CURLE_URL_MALFORMAT ? .invalidURL : .other, curlCode: Int(code.rawValue), message: errorMessage(for: code))
    }
}

extension Duration {
    /// Whole milliseconds for libcurl's `*_MS` options, at least 1 (0 would mean "none").
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int.max / 2 }
        return max(1, Int(milliseconds.partialValue) + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}
