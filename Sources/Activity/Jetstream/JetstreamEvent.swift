package import ATProto
import FoundationEssentials

/// One Jetstream message, decoded once where it enters and checked: a repository's DID,
/// the event's time (`time_us`, Jetstream's cursor) and what happened. Jetstream sends
/// JSON text frames (`kind` "commit", "identity" or "account"); anything else, or a
/// commit of a collection this server does not follow, is `.other` and only moves the
/// cursor.
package struct JetstreamEvent: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case commit(JetstreamCommit)
        /// A handle or DID document change: nothing to keep.
        case identity
        /// An account's hosting status; `active` false with a `status` (deleted, takendown,
        /// suspended, deactivated).
        case account(active: Bool, status: String?)
        case other
    }

    /// The repository the event came from: the only author a record is believed to have.
    package let did: DID
    package let timeMicroseconds: Int64
    package let kind: Kind

    package init(did: DID, timeMicroseconds: Int64, kind: Kind) {
        self.did = did
        self.timeMicroseconds = timeMicroseconds
        self.kind = kind
    }

    /// Decodes one text frame, or throws why it is not a Jetstream event.
    package static func decode(_ text: String) throws(JetstreamDecodingError) -> JetstreamEvent {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
        } catch {
            throw JetstreamDecodingError("not a Jetstream event: \(error)")
        }
        guard let did = DID(wire.did) else { throw JetstreamDecodingError("the repository is not a DID") }
        guard wire.timeMicroseconds > 0 else { throw JetstreamDecodingError("time_us is missing or not positive") }
        let kind: Kind
        switch wire.kind {
        case "commit":
            guard let commit = wire.commit else { throw JetstreamDecodingError("a commit event without its commit") }
            kind = try JetstreamCommit.decode(commit).map(Kind.commit) ?? .other
        case "identity":
            kind = .identity
        case "account":
            guard let account = wire.account else { throw JetstreamDecodingError("an account event without its account") }
            kind = .account(active: account.active, status: account.status)
        default:
            kind = .other
        }
        return JetstreamEvent(did: did, timeMicroseconds: wire.timeMicroseconds, kind: kind)
    }

    /// The wire shape, only the fields used.
    struct Wire: Decodable {
        var did: String
        var timeMicroseconds: Int64
        var kind: String
        var commit: JetstreamCommit.Wire?
        var account: AccountWire?

        enum CodingKeys: String, CodingKey {
            case did, kind, commit, account
            case timeMicroseconds = "time_us"
        }
    }

    struct AccountWire: Decodable {
        var active: Bool
        var status: String?
    }
}

/// Why a frame is not a Jetstream event (logged, then skipped: one bad frame never stops
/// the follower).
package struct JetstreamDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
