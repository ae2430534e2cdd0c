/// What the responder decides about a request's body from its head alone, before the
/// server stores a single body byte.
///
/// Without it every body is spooled to disk before routing, so anyone could fill the
/// disk through any address (even `GET /healthz` with a body). The responder knows the
/// route, its method, whether it needs a signed-in person and how much it can use.
package enum BodyAdmission: Sendable {
    /// Read at most `maxBytes` (never more than the server's `maxBodyBytes`), all of it
    /// within `timeLimit` of the head's arrival; a slower body is cut off with 408.
    /// `account` names who the body is for (the signed-in account, when the route needs
    /// one): spool space is shared per account as well as per client address.
    case accept(maxBytes: Int, timeLimit: Duration, account: String? = nil)
    /// Answer with this response now; the body is never read and the connection closes.
    case refuse(HTTPResponse)
}
