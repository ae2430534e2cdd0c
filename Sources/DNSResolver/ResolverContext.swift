import CResolv
import Glibc

/// One glibc resolver state (`struct __res_state`) for one lookup: allocated zeroed,
/// filled by `res_ninit`, queried, and closed with `res_nclose` in `deinit`.
///
/// Per-call state instead of the process-wide `_res` makes lookups independent of
/// each other and lets a test point one lookup at its own server. The state is
/// allocated on the heap so its address stays fixed while glibc holds pointers into
/// it. Used on one worker thread from creation to `deinit`.
final class ResolverContext {
    /// What `res_nquery` reported.
    enum Outcome {
        /// A NOERROR answer with at least one record, as raw message bytes.
        case answer([UInt8])
        /// NXDOMAIN, or NOERROR without records of the type: nothing to return.
        case noRecords
        /// No usable answer. glibc reports a SERVFAIL or REFUSED reply exactly like a
        /// timeout (`TRY_AGAIN`, `ETIMEDOUT`), but leaves the reply in the buffer, so
        /// the first bytes of the (zero-filled) buffer tell them apart.
        case noAnswer(errno: Int32, header: [UInt8])
    }

    /// Big enough for any UDP answer and a TCP answer up to the DNS maximum.
    private static let answerCapacity = 65_535

    private let state: UnsafeMutablePointer<__res_state>

    init() throws(DNSError) {
        let state = UnsafeMutablePointer<__res_state>.allocate(capacity: 1)
        state.initialize(to: __res_state())
        guard cresolv_ninit(state) == 0 else {
            // Not attached to glibc's configuration, so `res_nclose` must not run on
            // it (it would detach a configuration this state never held). glibc only
            // fails here when it cannot allocate or read its configuration.
            state.deinitialize(count: 1)
            state.deallocate()
            throw .resolverUnavailable
        }
        self.state = state
    }

    deinit {
        cresolv_nclose(state)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Sends queries to `nameserver` only, over UDP first (whatever resolv.conf says
    /// about `use-vc`). glibc notices the changed list on the next send and re-reads it
    /// (`res_send` compares `nsaddr_list` with its cached copy).
    func use(_ nameserver: NameserverAddress) {
        state.pointee.nsaddr_list.0 = nameserver.socketAddress
        state.pointee.nscount = 1
        state.pointee.options &= ~UInt(RES_USEVC)
    }

    /// One attempt per name server, each waiting `timeout` divided among the servers
    /// (at least one second: glibc counts whole seconds), so the whole lookup takes
    /// about `timeout`, rounded up to a second per server.
    func limit(to timeout: Duration) {
        let servers = max(1, Int(state.pointee.nscount))
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let perServer = (Int(milliseconds) / servers + 999) / 1000
        state.pointee.retrans = Int32(clamping: max(1, perServer))
        state.pointee.retry = 1
    }

    /// Asks for the TXT records of `name` (already validated: LDH and `_` only).
    func queryTXT(_ name: String) -> Outcome {
        var answer = [UInt8](repeating: 0, count: Self.answerCapacity)
        errno = 0
        let length = answer.withUnsafeMutableBufferPointer { buffer in
            res_nquery(state, name, Int32(ns_c_in.rawValue), Int32(ns_t_txt.rawValue), buffer.baseAddress, Int32(buffer.count))
        }
        let sendErrno = errno
        if length >= 0 {
            return .answer(Array(answer.prefix(Int(length))))
        }
        switch state.pointee.res_h_errno {
        case HOST_NOT_FOUND, NO_DATA: return .noRecords
        default: return .noAnswer(errno: sendErrno, header: Array(answer.prefix(12)))
        }
    }
}

@available(*, unavailable, message: "glibc resolver state is used by one thread at a time")
extension ResolverContext: Sendable {}
