extension ScriptedHTTPServer {
    /// A request as the scripted server received it.
    package struct Request: Sendable {
        package let method: String
        /// The request target exactly as sent (path and query).
        package let target: String
        package let version: String
        /// Header fields in order, names as sent.
        package let headers: [(name: String, value: String)]
        /// The body after removing any chunked framing.
        package let body: [UInt8]
        /// Which accepted connection (1-based, in accept order) carried it.
        package let connection: Int

        /// The target without its query string.
        package var path: String {
            String(target.prefix { $0 != "?" })
        }

        /// The first value of header `name`, compared case-insensitively.
        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        package var bodyText: String { String(decoding: body, as: UTF8.self) }
    }
}
