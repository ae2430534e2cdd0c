/// The fake PDS's answer to one call: status, headers and body, before any fault.
package struct XRPCResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer.
    package static func json(_ value: JSONValue, status: Int = 200) -> XRPCResponse {
        XRPCResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: value.serialized)
    }

    /// An XRPC error answer: `{"error": name, "message": message}`.
    package static func error(status: Int, name: String, message: String) -> XRPCResponse {
        json(["error": .string(name), "message": .string(message)], status: status)
    }

    /// The body parsed as JSON, if it is.
    package var json: JSONValue? { try? JSONValue(parsing: body) }

    /// The XRPC error name of an error answer.
    package var errorName: String? { json?["error"]?.stringValue }
}
