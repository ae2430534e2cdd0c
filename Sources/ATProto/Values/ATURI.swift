/// An AT URI naming a record or collection: `at://<authority>[/<collection>[/<rkey>]]`.
/// Built from typed parts and taken apart once, instead of interpolated and split.
package struct ATURI: Hashable, Sendable {
    package let authority: ATIdentifier
    package let collection: NSID?
    package let rkey: RecordKey?

    /// A record's URI.
    package init(_ authority: DID, _ collection: NSID, _ rkey: RecordKey) {
        self.authority = .did(authority)
        self.collection = collection
        self.rkey = rkey
    }

    /// Parses `at://…` without query or fragment; nil when any part is malformed.
    package init?(_ text: some StringProtocol) {
        guard text.hasPrefix("at://"), text.utf8.count <= 8192 else { return nil }
        let parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let authority = ATIdentifier(wireText: String(parts[0])) else { return nil }
        self.authority = authority
        if parts.count >= 2 {
            guard let collection = NSID(parts[1]) else { return nil }
            self.collection = collection
        } else {
            collection = nil
        }
        if parts.count == 3 {
            guard let rkey = RecordKey(parts[2]) else { return nil }
            self.rkey = rkey
        } else {
            rkey = nil
        }
    }

    /// The authority when it is a DID (every record URI the AppView returns).
    package var did: DID? { authority.did }
}

extension ATURI: ProtocolText {
    package static let kind = "AT URI"
    package init?(wireText text: String) { self.init(text) }

    package var rawValue: String {
        var text = "at://" + authority.rawValue
        if let collection { text += "/" + collection.rawValue }
        if let rkey { text += "/" + rkey.rawValue }
        return text
    }
}
