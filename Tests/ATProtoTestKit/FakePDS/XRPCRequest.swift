import Foundation

/// One XRPC call as the fake PDS's protocol logic sees it, free of sockets: the HTTP
/// method, the NSID from `/xrpc/<nsid>`, decoded query parameters, headers and body.
package struct XRPCRequest: Sendable {
    package var httpMethod: String
    package var nsid: String
    /// Query parameters in order, percent-decoded (`+` is a space).
    package var parameters: [(name: String, value: String)]
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(
        httpMethod: String = "GET",
        nsid: String,
        parameters: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.httpMethod = httpMethod
        self.nsid = nsid
        self.parameters = parameters
        self.headers = headers
        self.body = body
    }

    /// Splits a request target such as `/xrpc/com.atproto.repo.getRecord?repo=…`; nil
    /// when the path is not under `/xrpc/`.
    package init?(
        httpMethod: String, target: String, headers: [(name: String, value: String)], body: [UInt8]
    ) {
        let path = target.prefix { $0 != "?" }
        guard path.hasPrefix("/xrpc/") else { return nil }
        let query = target.dropFirst(path.count + 1)
        let parameters: [(name: String, value: String)] = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
        self.init(
            httpMethod: httpMethod, nsid: String(path.dropFirst("/xrpc/".count)), parameters: parameters,
            headers: headers, body: body)
    }

    /// The first value of query parameter `name`.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The first value of header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The bearer token from `Authorization`, if any.
    package var bearerToken: String? {
        guard let authorization = header("Authorization"), authorization.hasPrefix("Bearer ") else { return nil }
        return String(authorization.dropFirst("Bearer ".count))
    }

    /// The media type from `Content-Type`, lowercased and without parameters.
    package var contentType: String? {
        header("Content-Type").map { $0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
