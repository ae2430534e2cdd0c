import CCurl

extension CurlTransfer {
    /// Maps libcurl's code to the caller's reason, in one place. What the callbacks saw
    /// refines it: a write error caused by the size cap is `.responseTooLarge`, and a
    /// connect failure after the address policy refused a peer is `.blockedAddress`.
    func failure(for code: CURLcode) -> HTTPClientError {
        var message = errorMessage(for: code)
        let reason: HTTPClientError.Code
        switch code {
        case CURLE_WRITE_ERROR where exceededResponseLimit, CURLE_FILESIZE_EXCEEDED:
            reason = .responseTooLarge
            message = "the response is larger than \(configuration.maxResponseBytes) bytes (\(message))"
        case CURLE_COULDNT_CONNECT where blockedAddressReason != nil:
            reason = .blockedAddress
            message = blockedAddressReason ?? message
        case CURLE_UNSUPPORTED_PROTOCOL where !sawStatusLine && hasConnected:
            reason = .malformedResponse  // libcurl's word for a reply without a status line
        default:
            reason = Self.reasons[code.rawValue] ?? .other
        }
        return HTTPClientError(reason, curlCode: Int(code.rawValue), message: message)
    }

    /// Whether libcurl reached a peer (used to tell a non-HTTP reply from a bad scheme).
    private var hasConnected: Bool {
        var connects = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        var primaryIP: UnsafeMutablePointer<CChar>?
        _ = ccurl_easy_getinfo_string(easy, CURLINFO_PRIMARY_IP, &primaryIP)
        return connects > 0 || (primaryIP.map { $0.pointee != 0 } ?? false)
    }

    private static let reasons: [UInt32: HTTPClientError.Code] = {
        var table: [UInt32: HTTPClientError.Code] = [:]
        let groups: [(HTTPClientError.Code, [CURLcode])] = [
            (.unsupportedScheme, [CURLE_UNSUPPORTED_PROTOCOL]),
            (.invalidURL, [CURLE_URL_MALFORMAT]),
            (.dnsFailed, [CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY]),
            (.connectFailed, [CURLE_COULDNT_CONNECT]),
            (.timedOut, [CURLE_OPERATION_TIMEDOUT]),
            (.tooManyRedirects, [CURLE_TOO_MANY_REDIRECTS]),
            (.connectionClosed, [CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR]),
            (.malformedResponse, [CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3]),
            (.uploadFailed, [CURLE_READ_ERROR, CURLE_SEND_FAIL_REWIND]),
            (.cancelled, [CURLE_ABORTED_BY_CALLBACK]),
            (
                .tlsFailed,
                [
                    CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
                    CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
                    CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_SHUTDOWN_FAILED,
                    CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
                    CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED,
                ]
            ),
        ]
        for (reason, codes) in groups {
            for code in codes { table[code.rawValue] = reason }
        }
        return table
    }()
}
