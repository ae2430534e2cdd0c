/// An XRPC error raised inside the fake PDS's handlers; the dispatcher turns it into
/// an `XRPCResponse.error`.
struct XRPCFailure: Error, Sendable {
    let status: Int
    let name: String
    let message: String

    static func invalidRequest(_ message: String, name: String = "InvalidRequest") -> XRPCFailure {
        XRPCFailure(status: 400, name: name, message: message)
    }

    var response: XRPCResponse { .error(status: status, name: name, message: message) }
}
