public import MicroHTTPServer

/// An `HTTPResponder` made from a closure, for tests that need a one-off handler.
public struct ClosureResponder: HTTPResponder {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse
    private let admit: @Sendable (HTTPRequest) -> BodyAdmission

    /// `admit` decides on bodies from the head; by default every body is accepted.
    public init(
        admit: @escaping @Sendable (HTTPRequest) -> BodyAdmission = { _ in .accept(maxBytes: .max, timeLimit: .seconds(300)) },
        _ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.body = body
        self.admit = admit
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }

    public func admitBody(of head: HTTPRequest) -> BodyAdmission {
        admit(head)
    }
}
