package import ATProto
package import ATProtoTestKit
package import Accounts
import MicroHTTPServer
import Synchronization

/// The identity edge in memory: each known handle or DID (case-insensitively) lives at
/// the `LocatedAccount` given; anything else is "not found", as the live resolver says
/// when a handle resolves nowhere. A typed PDS address wins over the map, as it does live.
/// Every identifier asked about is logged. `verify` holds sessions to the same map, as
/// the live resolver holds them to DID documents: the DID must live at the PDS that
/// issued the session, and a handle must be one of the map's names for that DID.
package final class FakeIdentityResolver: IdentityResolving {
    private let accounts: [String: LocatedAccount]
    private let asked = Mutex<[String]>([])

    package init(_ accounts: [String: LocatedAccount]) {
        self.accounts = Dictionary(accounts.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Both the handle and the DID of each account live at `pdsURL`.
    package convenience init(_ accounts: [FakePDS.Account], pdsURL: String) {
        var map: [String: LocatedAccount] = [:]
        for account in accounts {
            let located = LocatedAccount(did: DID(account.did), pdsURL: pdsURL)
            map[account.handle] = located
            map[account.did] = located
        }
        self.init(map)
    }

    /// The identifiers asked about, in order.
    package var lookups: [String] { asked.withLock { $0 } }

    package func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount {
        asked.withLock { $0.append(identifier) }
        guard var located = accounts[identifier.lowercased()] else {
            throw .handleNotFound(identifier)
        }
        if let pdsOverride { located.pdsURL = pdsOverride }
        return located
    }

    package func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
        guard let home = accounts[did.rawValue.lowercased()] else { throw .didNotFound(did.rawValue) }
        guard home.pdsURL == pdsURL else { throw .pdsMismatch(did: did.rawValue, documentPDS: home.pdsURL) }
        if let handle, accounts[handle.rawValue.lowercased()]?.did != did {
            throw .handleMismatch(handle: handle.rawValue, did: did.rawValue)
        }
        return VerifiedAccount(did: did, handle: handle, pdsURL: pdsURL, vouchedForByOperator: false)
    }
}
