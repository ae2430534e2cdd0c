/// Why a TXT lookup produced no answer.
///
/// A name that does not exist (NXDOMAIN) or has no TXT records is not an error: the
/// lookup returns an empty list. These cases are for lookups that could not be
/// answered at all, or answers that could not be read. Nothing here holds more than
/// the queried name, which is public anyway.
package enum DNSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is not a valid DNS name (length, empty or long labels, characters).
    case invalidName(String)
    /// The nameserver override is not an IPv4 address with a port in 1...65535.
    case invalidNameserver
    /// `res_ninit` failed: no usable resolver configuration.
    case resolverUnavailable
    /// No name server answered within the timeout.
    case timedOut
    /// A name server answered with a failure (SERVFAIL, REFUSED, …) or none could be
    /// used; `detail` names the reason.
    case serverFailure(String)
    /// The answer was not a well-formed DNS message.
    case malformedMessage(String)

    package var description: String {
        switch self {
        case .invalidName(let reason): "invalid DNS name: \(reason)"
        case .invalidNameserver: "the name server must be an IPv4 address and a port"
        case .resolverUnavailable: "the system resolver could not be initialised"
        case .timedOut: "no DNS answer in time"
        case .serverFailure(let detail): "the DNS server failed: \(detail)"
        case .malformedMessage(let detail): "malformed DNS answer: \(detail)"
        }
    }

    /// Worth trying again later (as opposed to a bad name or a bad answer).
    package var isTransient: Bool {
        switch self {
        case .timedOut, .serverFailure, .resolverUnavailable: true
        case .invalidName, .invalidNameserver, .malformedMessage: false
        }
    }
}
