package import ATProto
import DNSResolver
package import HTTPTestKit
import Synchronization

/// Where every test account's identity is published, as the real network publishes it:
/// a PLC directory with each account's DID document (naming its PDS and claiming its
/// handle), handle hosts answering `/.well-known/atproto-did`, the handle's DNS TXT
/// record and a handle resolver, all stand-ins on 127.0.0.1 (`StandInIdentityServer`,
/// `FakeDNSServer`). Tests then sign in the real way: the application resolves and
/// verifies the account as it would in production, only against these.
///
/// One directory serves the whole test process (`shared`, started on first use). A
/// `FakePDS` publishes its accounts when it starts, so the newest PDS holding an account
/// is where its document points; tests run one at a time (`--no-parallel`), so that is
/// the PDS of the running test. A PDS started with `publishesIdentity: false` (an
/// attacker's) is named by no document.
package final class TestIdentityDirectory: Sendable {
    package let stand: StandInIdentityServer
    package let dns: FakeDNSServer

    /// The process-wide directory.
    package static var shared: TestIdentityDirectory { started.value }

    private static let started = Lazy<TestIdentityDirectory> {
        do {
            return try TestIdentityDirectory()
        } catch {
            fatalError("the test identity directory could not start: \(error)")
        }
    }

    init() throws {
        stand = try StandInIdentityServer()
        dns = try FakeDNSServer()
    }

    package var plcURL: String { stand.plcURL }
    package var resolverURL: String { stand.resolverURL }

    /// Publishes `did` as living on `pds` under `handle`: its PLC document (unless
    /// `document` is given, which replaces it), the handle's well-known answer, DNS
    /// record and resolver answer.
    package func publish(did: String, handle: String, pds: String, document: StandInIdentityServer.Answer? = nil) {
        stand.setPLCDocument(document ?? .json(StandInIdentityServer.didDocument(id: did, handles: [handle], pds: pds)), for: did)
        stand.setWellKnown(.text(did), for: handle)
        stand.setResolvedHandle(.json(#"{"did":"\#(did)"}"#), for: handle)
        dns.setRecords([.txt(["did=\(did)"])], for: "_atproto.\(handle)")
    }

    /// An identity resolver that reaches only this directory (its DNS server included),
    /// trusting `trustedPDSes` as an operator would list them.
    package func resolver(http: OutboundHTTP, trustedPDSes: Set<String> = []) -> IdentityResolver {
        IdentityResolver(
            http: http, dns: DNSTXTResolver(nameserver: dns.nameserver, timeout: .seconds(3)),
            handleResolverURL: stand.resolverURL, plcURL: stand.plcURL, wellKnownURL: stand.wellKnownURL,
            trustedPDSes: trustedPDSes)
    }
}

/// A value made once, on first use, from any thread.
final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let stored = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        stored.withLock { stored in
            if let value = stored { return value }
            let value = make()
            stored = value
            return value
        }
    }
}
