import ATProto

/// Why a write to an account's PDS (a story being published, a favourite or a comment)
/// did not complete, sorted into what is retried and what waits for the person.
package enum PDSWriteFailure: Error, Sendable {
    case transient(String)
    case permanent(String)
    /// The PDS no longer has the photo uploaded earlier (a PDS drops uploads no record
    /// uses after a while): upload it again, then write the story.
    case blobMissing(String)

    /// A PDS failure sorted into one to retry or one to stop at; this server's own
    /// failures (`.local`) come back as they were.
    package static func sorting(_ failure: AuthorizedPDS.Failure) -> any Error {
        switch failure {
        case .signedOut: PDSWriteFailure.permanent("Your sign-in has ended. Sign in again, then press Retry.")
        case .pds(let xrpc) where xrpc.isTransient: PDSWriteFailure.transient(xrpc.description)
        case .identity(let problem): PDSWriteFailure.transient(problem.description)
        case .pds(let xrpc): PDSWriteFailure.permanent("Your PDS refused it: \(xrpc.description)")
        case .local(let cause): cause
        }
    }
}
