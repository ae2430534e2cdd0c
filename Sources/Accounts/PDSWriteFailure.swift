import ATProto

/// Why a write to an account's PDS (a story being published, a favourite or a comment)
/// did not complete: the problem (`WriteProblem`), sorted into what is retried and what
/// waits for the person.
package enum PDSWriteFailure: Error, Sendable, Equatable {
    case transient(WriteProblem)
    case permanent(WriteProblem)
    /// The PDS no longer has the photo uploaded earlier (a PDS drops uploads no record
    /// uses after a while): upload it again, then write the story.
    case blobMissing(WriteProblem)

    /// What went wrong, whichever way it is sorted.
    package var problem: WriteProblem {
        switch self {
        case .transient(let problem), .permanent(let problem), .blobMissing(let problem): problem
        }
    }

    /// A PDS failure as a problem, sorted into one to retry (no answer, a timeout, 5xx,
    /// 408, 429, an identity directory that did not answer, this server's own failure)
    /// or one to stop at (a refusal, a session that ended, an answer that cannot be read).
    package static func sorting(_ failure: AuthorizedPDS.Failure) -> PDSWriteFailure {
        switch failure {
        case .signedOut: return .permanent(.signedOut)
        case .identity(let problem): return .transient(.identityUnavailable(detail: problem.description))
        // A failure here (storing renewed tokens, say) is not the PDS's: the next try may work.
        case .local(let cause): return .transient(.local(detail: String(describing: cause)))
        case .pds(let xrpc):
            let problem = Self.problem(xrpc)
            return xrpc.isTransient ? .transient(problem) : .permanent(problem)
        }
    }

    /// What the PDS's answer (or its absence) means for a write.
    static func problem(_ xrpc: XRPCError) -> WriteProblem {
        switch xrpc {
        case .transport(let outbound):
            return outbound.isTimeout ? .timedOut(detail: outbound.description) : .unreachable(detail: outbound.description)
        case .remote(let status, let error, let message, _):
            if status == 413 || error?.hasSuffix("TooLarge") == true { return .tooLarge(status: status, error: error, message: message) }
            return xrpc.isTransient ? .unavailable(status: status, error: error, message: message) : .refused(status: status, error: error, message: message)
        case .undecodable(let problem): return .unreadableAnswer(detail: problem.description)
        case .unencodable(let problem): return .invalidRecord(detail: problem.description)
        }
    }
}
