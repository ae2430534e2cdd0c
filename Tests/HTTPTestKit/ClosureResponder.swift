package import MicroHTTPServer

/// An `HTTPResponder` made from a closure, for tests that need a one-off handler.
package struct ClosureResponder: HTTPResponder {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse
    private let admit: @Sendable (HTTPRequest) -> BodyAdmission
    private let immediate: @Sendable (HTTPRequest) -> HTTPResponse?

    /// `admit` decides on bodies from the head; by default every body is accepted.
    /// `immediate` is the synchronous fast path; by default it always declines.
    package init(
        admit: @escaping @Sendable (HTTPRequest) -> BodyAdmission = { _ in .accept(maxBytes: .max, timeLimit: .seconds(300)) },
        immediate: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
        _ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.body = body
        self.admit = admit
        self.immediate = immediate
    }

    package func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        immediate(request)
    }

    package func respond(to request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }

    package func admitBody(of head: HTTPRequest) -> BodyAdmission {
        admit(head)
    }
}
