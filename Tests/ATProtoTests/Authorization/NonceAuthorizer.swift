import ATProto
import CurlHTTPClient
import Synchronization

/// A DPoP-shaped `PDSAuthorizer` for tests, without the cryptography: it sends
/// `Authorization: DPoP <token>` and a `DPoP` field naming the method, the URL and the
/// latest nonce the PDS gave, and it decides as a DPoP client does: `use_dpop_nonce`
/// → retry with the new nonce, `invalid_token` → refresh (a new token), then sign out
/// if refused again. It records every answer and renewal, so a test sees what reached
/// it. `signsOutAfterRefresh: false` makes it ask to refresh again instead, as a faulty
/// authorizer might, to show the connection's bound holds on its own.
final class NonceAuthorizer: PDSAuthorizer {
    struct State {
        var nonce: String?
        var token = "token-1"
        var answers: [XRPCAnswer] = []
        var refreshes: [HTTPHeaders] = []
    }

    let state = Mutex(State())
    let signsOutAfterRefresh: Bool

    init(signsOutAfterRefresh: Bool = true) {
        self.signsOutAfterRefresh = signsOutAfterRefresh
    }

    var answers: [XRPCAnswer] { state.withLock { $0.answers } }
    var refreshes: [HTTPHeaders] { state.withLock { $0.refreshes } }

    func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders {
        state.withLock { state in
            HTTPHeaders([
                ("Authorization", "DPoP " + state.token),
                ("DPoP", "\(request.method) \(request.url) nonce=\(state.nonce ?? "-")"),
            ])
        }
    }

    func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        state.withLock { state in
            state.answers.append(answer)
            if let nonce = answer.headers["DPoP-Nonce"] { state.nonce = nonce }
        }
        let error = answer.challenges.first { $0.isScheme("DPoP") }?.parameter("error") ?? answer.errorName
        switch error {
        case "use_dpop_nonce": return .retry
        case "invalid_token": return attempt.refreshed && signsOutAfterRefresh ? .signedOut : .refreshAndRetry
        default: return .accept
        }
    }

    func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {
        state.withLock { state in
            state.refreshes.append(sent)
            state.token = "token-\(state.refreshes.count + 1)"
        }
    }
}
