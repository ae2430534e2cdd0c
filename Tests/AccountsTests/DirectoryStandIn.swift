import ATProto
import Accounts
import Synchronization

/// An identity directory in memory that holds accounts to the rules the live resolver
/// does: a DID's document names its PDS and claims handles, a handle resolves to a DID,
/// and `verify` demands that the document name the PDS and that a handle be claimed by
/// the document and resolve back. It can move an account, give a handle to someone
/// else, or stop answering, as the network can.
final class DirectoryStandIn: IdentityResolving {
    struct Document {
        var pds: String
        var handles: [String]
    }

    private let documents = Mutex<[String: Document]>([:])
    private let handles = Mutex<[String: String]>([:])
    private let down = Mutex(false)
    /// How many times a document was asked for.
    let lookups = Mutex(0)

    /// Publishes `did` as living on `pds` under `handle` (both ways).
    func publish(did: String, handle: String?, pds: String) {
        documents.withLock { $0[did] = Document(pds: pds, handles: handle.map { [$0] } ?? []) }
        if let handle { handles.withLock { $0[handle] = did } }
    }

    /// Makes `handle` resolve to `did` (which may not claim it).
    func pointHandle(_ handle: String, to did: String) { handles.withLock { $0[handle] = did } }

    /// Whether the directory answers at all.
    func setDown(_ isDown: Bool) { down.withLock { $0 = isDown } }

    private func document(_ did: DID) throws(IdentityError) -> Document {
        lookups.withLock { $0 += 1 }
        if down.withLock({ $0 }) { throw .unreachable(service: "The PLC directory", cause: .status(503)) }
        guard let document = documents.withLock({ $0[did.rawValue] }) else { throw .didNotFound(did.rawValue) }
        return document
    }

    func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount {
        let did: DID
        if let typed = DID(identifier) {
            did = typed
        } else {
            guard let found = handles.withLock({ $0[identifier] }).flatMap(DID.init) else { throw .handleNotFound(identifier) }
            did = found
        }
        return LocatedAccount(did: did, pdsURL: try document(did).pds)
    }

    func claimedHandle(of did: DID) async -> Handle? {
        (try? document(did))?.handles.first.flatMap(Handle.init)
    }

    func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
        let document = try document(did)
        guard document.pds == pdsURL else { throw .pdsMismatch(did: did.rawValue, documentPDS: document.pds) }
        if let handle {
            guard document.handles.contains(handle.rawValue), handles.withLock({ $0[handle.rawValue] }) == did.rawValue else {
                throw .handleMismatch(handle: handle.rawValue, did: did.rawValue)
            }
        }
        return VerifiedAccount(did: did, handle: handle, pdsURL: pdsURL, vouchedForByOperator: false)
    }
}
