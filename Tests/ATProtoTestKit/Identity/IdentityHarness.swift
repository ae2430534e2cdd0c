package import ATProto
import DNSResolver
package import HTTPTestKit
package import TestKit

/// A fake DNS server and the identity stand-ins on 127.0.0.1, an `OutboundHTTP` that
/// may reach them, and resolvers wired to them (the identity suites of ATProtoTests and
/// the web layer's live-resolver wiring share it).
package struct IdentityHarness {
    package static let alice = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"
    package static let bob = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"

    /// Far above every timeout configured here: trips only on a hang.
    package static let bound: Duration = .seconds(30)

    package let stand: StandInIdentityServer
    package let dns: FakeDNSServer
    package let http: OutboundHTTP
    package let resolver: IdentityResolver
    /// The resolver's clock (the directory's "no such DID" is remembered for a while,
    /// its breaker opens for a while): moved only by the test.
    package let clock: ManualClock

    package var handles: HandleResolver { resolver.handles }

    /// Runs `body` with fresh stand-ins and stops them afterwards.
    @discardableResult
    package static func with<T>(
        timeout: Duration = .seconds(5), insecureHosts: Set<String> = ["127.0.0.1", "localhost"], trustedPDSes: Set<String> = [],
        _ body: (IdentityHarness) async throws -> T
    ) async throws -> T {
        let stand = try StandInIdentityServer()
        let dns = try FakeDNSServer()
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: insecureHosts)
        let clock = ManualClock()
        let resolver = IdentityResolver(
            http: http, dns: DNSTXTResolver(nameserver: dns.nameserver, timeout: timeout),
            handleResolverURL: stand.resolverURL, plcURL: stand.plcURL, wellKnownURL: stand.wellKnownURL, timeout: timeout,
            trustedPDSes: trustedPDSes, now: { clock.now })
        let harness = IdentityHarness(stand: stand, dns: dns, http: http, resolver: resolver, clock: clock)
        do {
            let result = try await body(harness)
            await harness.stop()
            return result
        } catch {
            await harness.stop()
            throw error
        }
    }

    package func stop() async {
        await http.shutdown()
        await stand.stop()
        dns.stop()
    }

    /// `resolve(identifier:pdsOverride:)`, failing the test (by throwing) on a hang.
    package func resolve(_ identifier: String, pds: String? = nil) async throws -> Result<ResolvedIdentity, IdentityError> {
        let resolver = self.resolver
        return try await withDeadline(Self.bound) {
            do throws(IdentityError) {
                return .success(try await resolver.resolve(identifier: identifier, pdsOverride: pds))
            } catch {
                return .failure(error)
            }
        }
    }

    /// `verify(did:handle:pdsURL:)`, bounded the same way.
    package func verify(_ did: String, handle: String?, pds: String) async throws -> Result<VerifiedAccount, IdentityError> {
        let resolver = self.resolver
        return try await withDeadline(Self.bound) {
            do throws(IdentityError) {
                return .success(try await resolver.verify(did: DID(did)!, handle: handle.flatMap(Handle.init), pdsURL: pds))
            } catch {
                return .failure(error)
            }
        }
    }

    /// `HandleResolver.resolve`, bounded the same way.
    package func resolveHandle(_ handle: String) async throws -> Result<HandleResolution, IdentityError> {
        let handles = self.handles
        return try await withDeadline(Self.bound) {
            do throws(IdentityError) {
                return .success(try await handles.resolve(handle))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Publishes `did` for `handle` in DNS.
    package func publishTXT(_ did: String, for handle: String) {
        dns.setRecords([.txt(["did=\(did)"])], for: "_atproto.\(handle)")
    }

    /// A PLC document for `did` claiming `handles`, whose PDS is `pds` (default: the
    /// stand-in's own address, an insecure host here).
    package func publishPLC(_ did: String, handles: [String], pds: String?? = .none) {
        let endpoint = pds ?? stand.baseURL
        stand.setPLCDocument(.json(StandInIdentityServer.didDocument(id: did, handles: handles, pds: endpoint)), for: did)
    }
}
