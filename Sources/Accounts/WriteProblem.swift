/// What went wrong with a write to a person's PDS (a story being posted, its Bluesky
/// crosspost, a heart or a comment), as a value with its cause. It travels from where the
/// failure is found (`PDSWriteFailure.sorting`, a publish step, the outbox) through the
/// attempts' bookkeeping (`WriteAttempts`) into storage (its stable encoded form,
/// `WriteProblem+Stored`) and out to the one place that says it in words for people
/// (Presentation's `WriteProblemWords`). Nothing on the way turns it into text; the text
/// of `description` is for logs and the pages' "Details" disclosure only.
package indirect enum WriteProblem: Sendable, Equatable, CustomStringConvertible {
    /// No answer from the PDS: no connection, a name that does not resolve, TLS, a
    /// connection closed midway, a URL this server refuses to fetch. `detail` is the
    /// transport's own text (no URLs with credentials, no headers).
    case unreachable(detail: String)
    /// The PDS did not answer in time.
    case timedOut(detail: String)
    /// The PDS answered that it cannot take the write now: a 5xx, 408 or 429.
    case unavailable(status: Int, error: String?, message: String?)
    /// The PDS refused the write: any other 4xx, with its XRPC error name and message.
    case refused(status: Int, error: String?, message: String?)
    /// The PDS refused the photo or record as too large, or the account as over its
    /// storage: 413, or an error named `…TooLarge`.
    case tooLarge(status: Int, error: String?, message: String?)
    /// The PDS answered 2xx with something that is not the expected JSON.
    case unreadableAnswer(detail: String)
    /// The PDS no longer accepts the session (the app password was revoked, the grant
    /// withdrawn), or there is no session for the account at all: sign in again.
    case signedOut
    /// The account's identity could not be checked while renewing its session (the PLC
    /// directory or the handle's host did not answer).
    case identityUnavailable(detail: String)
    /// The record did not pass Grain's lexicon before it was sent (a story, a comment).
    case invalidRecord(detail: String)
    /// The draft's photo is no longer on this server.
    case photoMissing
    /// The PDS stored fewer bytes of the photo than were sent.
    case incompleteUpload(stored: Int, expected: Int)
    /// Something failed on this server, not at the PDS (its database, renewing a token).
    case local(detail: String)
    /// Retried `attempts` times without success; `last` is what went wrong last.
    case gaveUp(attempts: Int, last: WriteProblem)
    /// A reason stored as plain text by an older version of this server (before problems
    /// were values), or one this version cannot read: shown in generic words, the text
    /// kept for the details.
    case legacy(text: String)

    /// Whether the PDS answered this with an error name in `names`.
    package func isNamed(_ names: Set<String>) -> Bool {
        switch self {
        case .unavailable(_, let error?, _), .refused(_, let error?, _), .tooLarge(_, let error?, _): names.contains(error)
        case .gaveUp(_, let last): last.isNamed(names)
        default: false
        }
    }

    /// The technical account for logs and the "Details" disclosure: status codes, error
    /// names, the transport's text.
    package var description: String {
        switch self {
        case .unreachable(let detail): "no answer from the PDS: \(detail)"
        case .timedOut(let detail): "the PDS did not answer in time: \(detail)"
        case .unavailable(let status, let error, let message), .refused(let status, let error, let message),
            .tooLarge(let status, let error, let message):
            "HTTP \(status)" + (error.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .unreadableAnswer(let detail): "unreadable answer: \(detail)"
        case .signedOut: "the PDS ended this session"
        case .identityUnavailable(let detail): "identity not checked: \(detail)"
        case .invalidRecord(let detail): "invalid record: \(detail)"
        case .photoMissing: "the draft's photo is missing from this server"
        case .incompleteUpload(let stored, let expected): "the PDS stored \(stored) of \(expected) bytes"
        case .local(let detail): "on this server: \(detail)"
        case .gaveUp(let attempts, let last): "gave up after \(attempts) tries; the last: \(last)"
        case .legacy(let text): text
        }
    }
}
