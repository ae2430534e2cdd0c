extension ScriptedHTTPServer {
    /// A request as the scripted server received it.
    public struct Request: Sendable {
        public let method: String
        /// The request target exactly as sent (path and query).
        public let target: String
        public let version: String
        /// Header fields in order, names as sent.
        public let headers: [(name: String, value: String)]
        /// The body after removing any chunked framing.
        public let body: [UInt8]
        /// Which accepted connection (1-based, in accept order) carried it.
        public let connection: Int

        /// The target without its query string.
        public var path: String {
            String(target.prefix { $0 != "?" })
        }

        /// The first value of header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }
}
