extension HTTPClientRequest {
    /// Refuses what libcurl would misread or what could smuggle extra protocol lines:
    /// a method that is not an RFC 9110 token, a URL that is not absolute http(s) or
    /// contains spaces or control characters, header names that are not tokens and
    /// header values containing CR, LF or NUL, and non-positive timeouts or size caps.
    func validate() throws(HTTPClientError) {
        guard !method.isEmpty, method.utf8.count <= 64, method.utf8.allSatisfy(Self.isTokenByte) else {
            throw HTTPClientError(.invalidRequest, message: "the method is not a valid HTTP token")
        }
        try validateURL()
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw HTTPClientError(.invalidRequest, message: "a header name is not a valid HTTP token")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw HTTPClientError(.invalidRequest, message: "the value of header \(name) contains CR, LF or NUL")
            }
        }
        for limit in [timeout, connectTimeout] {
            if let limit, limit <= .zero {
                throw HTTPClientError(.invalidRequest, message: "timeouts must be positive")
            }
        }
        if let maxResponseBytes, maxResponseBytes <= 0 {
            throw HTTPClientError(.invalidRequest, message: "maxResponseBytes must be positive")
        }
    }

    /// Checks the scheme here, before libcurl sees the URL: libcurl would otherwise guess
    /// a scheme for `example.com` and accept many protocols besides HTTP.
    private func validateURL() throws(HTTPClientError) {
        let bytes = Array(url.utf8)
        guard !bytes.isEmpty, bytes.count <= 16 * 1024 else {
            throw HTTPClientError(.invalidURL, message: "the URL is empty or longer than 16 KiB")
        }
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw HTTPClientError(.invalidURL, message: "the URL contains spaces or control characters")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            Self.isSchemeStart(bytes[0]), bytes[1..<colon].allSatisfy(Self.isSchemeByte)
        else {
            throw HTTPClientError(.invalidURL, message: "the URL has no scheme")
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw HTTPClientError(.unsupportedScheme, message: "only http and https URLs are allowed, not \(scheme)")
        }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: "//".utf8), rest.count > 2,
            ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(rest[colon + 3])
        else {
            throw HTTPClientError(.invalidURL, message: "the URL has no host")
        }
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
