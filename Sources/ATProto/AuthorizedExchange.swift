package import CurlHTTPClient

/// Sends one request to a PDS under a `PDSAuthorizer`: asks it for the request's
/// header fields, sends, lets it judge the whole answer, and does what it decides. The
/// one place that retries for an authorizer, so every PDS connection (over HTTP or in
/// memory) keeps the same bound: at most one retry after new state and one after a
/// renewal, hence at most three sendings, whatever the answers say.
package struct AuthorizedExchange: Sendable {
    package let authorizer: any PDSAuthorizer

    package init(_ authorizer: any PDSAuthorizer) {
        self.authorizer = authorizer
    }

    /// The answer the authorizer accepts (or the last one, once its retries are spent).
    /// `send` sends the request with the given fields added and returns any answer; it
    /// throws only when none came, which ends the call as `.pds`.
    package func answer(
        to request: PDSRequest, send: (HTTPHeaders) async throws(XRPCError) -> XRPCAnswer
    ) async throws(PDSCallFailure) -> XRPCAnswer {
        var attempt = PDSAttempt.first
        while true {
            let sent = try await authorizer.headers(for: request)
            let answer: XRPCAnswer
            do { answer = try await send(sent) } catch { throw .pds(error) }
            switch await authorizer.decide(answer, to: request, sent: sent, attempt: attempt) {
            case .accept:
                return answer
            case .signedOut:
                throw .signedOut
            case .retry:
                guard !attempt.retried else { return answer }
                attempt.retried = true
            case .refreshAndRetry:
                guard !attempt.refreshed else { return answer }
                try await authorizer.refresh(replacing: sent)
                attempt.refreshed = true
            }
        }
    }

    /// The accepted answer's value as `Output`, or its error as `.pds`.
    package func output<Output: Decodable>(
        of request: PDSRequest, as type: Output.Type, send: (HTTPHeaders) async throws(XRPCError) -> XRPCAnswer
    ) async throws(PDSCallFailure) -> Output {
        let answer = try await answer(to: request, send: send)
        do { return try XRPCClient.output(of: answer, as: type) } catch { throw .pds(error) }
    }
}
