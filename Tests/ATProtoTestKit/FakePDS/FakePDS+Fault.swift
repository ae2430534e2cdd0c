import ATProto
package import HTTPTestKit

extension FakePDS {
    /// A misbehaviour injected into the fake PDS's answer to one XRPC method.
    package enum Fault: Sendable, Equatable {
        /// Answers `status` with an XRPC error body instead of handling the call.
        case status(Int, error: String, message: String)
        /// Reads the request and never answers (the client's timeout fires); the call is
        /// not handled.
        case stall
        /// Reads part of the request body (`afterBytes`, or half of `Content-Length`),
        /// then closes the connection: the upload is cut off mid-way. Not handled.
        case dropDuringRequestBody(afterBytes: Int? = nil)
        /// Reads the whole request, then closes the connection without answering. With
        /// `handled` the call takes effect first (a record really is created), so the
        /// client cannot know whether it succeeded.
        case dropBeforeResponse(handled: Bool)
        /// Marks the presented access token expired, then handles the call (which then
        /// answers 400 `ExpiredToken`).
        case expireAccessToken
        /// Handles the call at once, then waits before answering (a response slower than
        /// the client's timeout is lost although the call took effect).
        case delay(milliseconds: Int)
        /// Handles the call at once, then holds the answer until the test opens `gate`:
        /// the call has taken effect but the client does not know yet.
        case holdAnswer(until: ScriptedGate)

        /// 500 `InternalServerError` "Internal Server Error", as the reference answers
        /// unexpected failures.
        package static let internalServerError = Fault.status(
            500, error: "InternalServerError", message: "Internal Server Error")
        /// 502 `UpstreamFailure`, as a proxy in front of a PDS might answer.
        package static let badGateway = Fault.status(502, error: "UpstreamFailure", message: "Upstream Failure")
        /// 503 `NotEnoughResources`.
        package static let serviceUnavailable = Fault.status(
            503, error: "NotEnoughResources", message: "Service Unavailable")
    }

    /// How often an injected fault fires.
    package enum Repetition: Sendable, Equatable {
        case once
        case times(Int)
        case always
        /// Lets the next `n` calls through untouched, then fires once: the second of two
        /// calls to one method in a row can fail while the first succeeds.
        case onceAfter(Int)
    }

    /// One recorded call: the method, the status the fake handled it with (nil if a fault
    /// kept it from being handled) and the fault that fired, if any.
    package struct Call: Sendable, Equatable {
        package let method: String
        package let status: Int?
        package let fault: Fault?

        /// Handled with a 2xx status (whether or not the answer reached the client).
        package var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    /// A pending fault; `remaining` nil means it never runs out.
    struct FaultRule: Sendable {
        let method: String?
        let fault: Fault
        var remaining: Int?
        /// Calls still to let through before the rule fires.
        var passing = 0
    }
}
