import WorkerThreads

/// Looks up DNS TXT records through the system's stub resolver (glibc `res_nquery`).
///
/// Each lookup gets its own resolver state and runs on a dedicated worker thread,
/// because `res_nquery` blocks for up to the timeout and must never hold a thread of
/// Swift's cooperative pool. The answer is parsed in Swift (`DNSMessage`), not by
/// glibc's `ns_parse`, so hostile answers meet bounds-checked code.
package struct DNSTXTResolver: Sendable {
    /// Where queries go instead of the servers in /etc/resolv.conf (an IPv4 address).
    package let nameserver: (host: String, port: Int)?
    /// Roughly how long a lookup may take; glibc rounds it up to whole seconds.
    package let timeout: Duration

    package init(nameserver: (host: String, port: Int)? = nil, timeout: Duration = .seconds(3)) {
        self.nameserver = nameserver
        self.timeout = timeout
    }

    /// The TXT records of `name`, each record's strings concatenated; empty when the
    /// name does not exist or has none.
    package func txtRecords(_ name: String) async throws(DNSError) -> [String] {
        let name = try DNSName.validated(name)
        let server = try nameserver.map { server throws(DNSError) in try NameserverAddress(host: server.host, port: server.port) }
        let timeout = self.timeout
        let outcome = try await Self.workers.run { () throws(DNSError) -> [UInt8]? in
            let context = try ResolverContext()
            if let server { context.use(server) }
            context.limit(to: timeout)
            switch context.queryTXT(name) {
            case .answer(let bytes): return bytes
            case .noRecords: return nil
            case .noAnswer(let code, let header): throw DNSMessage.failure(header: header, errno: code)
            }
        }
        guard let message = outcome else { return [] }
        return try DNSMessage.txtRecords(in: message, name: name)
    }

    /// Threads that may block in `res_nquery`; shared by every resolver in the process
    /// and alive for its lifetime (lookups are rare: sign-ins).
    private static let workers = WorkerThreadPool(name: "dns", threadCount: 4)
}
