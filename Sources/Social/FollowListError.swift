package import ATProto

/// Why whom an account follows could not be read: no such account (or one whose
/// identity is broken), or a service that did not answer. Each case keeps its cause for
/// the log and says in plain words, for a TV across the room, what to do.
package enum FollowListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No account goes by this name, or its identity names no usable PDS.
    case unknownAccount(String, cause: IdentityError)
    /// Identity resolution (DNS, the handle resolver, the PLC directory) did not answer.
    case identityUnreachable(String, cause: IdentityError)
    /// The account's PDS did not answer, or answered with something unreadable.
    case pdsUnavailable(String, cause: XRPCError)

    package var userMessage: String {
        switch self {
        case .unknownAccount(let name, _):
            "No account called \(name) was found, so there is no one to play stories for. Check the name after ?for= in the address."
        case .identityUnreachable(let name, _):
            "Where \(name)'s account lives could not be found out just now. This page tries again by itself."
        case .pdsUnavailable(let name, _):
            "Whom \(name) follows could not be read from their server just now. This page tries again by itself."
        }
    }

    package var description: String {
        switch self {
        case .unknownAccount(let name, let cause): "unknown account \(name): \(cause)"
        case .identityUnreachable(let name, let cause): "identity of \(name) unreachable: \(cause)"
        case .pdsUnavailable(let name, let cause): "follows of \(name) unreadable: \(cause)"
        }
    }

    /// Worth asking again soon (a service was down), as opposed to a name that is wrong.
    package var isTransient: Bool {
        if case .unknownAccount = self { return false }
        return true
    }
}
