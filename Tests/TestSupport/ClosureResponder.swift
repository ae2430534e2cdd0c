public import MicroHTTPServer

/// An `HTTPResponder` made from a closure, for tests that need a one-off handler.
public struct ClosureResponder: HTTPResponder {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse

    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.body = body
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }
}
