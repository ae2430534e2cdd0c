package import ATProto
import FoundationEssentials

/// A commit to a followed collection: a heart or comment created (or updated), or deleted.
package struct JetstreamCommit: Sendable, Equatable {
    package enum Operation: String, Sendable, Equatable {
        case create, update, delete
    }

    /// The record as written, for creates and updates; nil for deletes.
    package enum Record: Sendable, Equatable {
        case favorite(subject: ATURI)
        case comment(JetstreamComment)
    }

    package let operation: Operation
    package let collection: NSID
    package let rkey: RecordKey
    package let rev: String
    package let record: Record?

    package init(operation: Operation, collection: NSID, rkey: RecordKey, rev: String, record: Record?) {
        self.operation = operation
        self.collection = collection
        self.rkey = rkey
        self.rev = rev
        self.record = record
    }

    /// The followed collections (`wantedCollections`).
    package static let collections: [NSID] = [.grainFavorite, .grainComment]

    /// Nil for a collection not followed; throws for a followed one that is malformed.
    static func decode(_ wire: Wire) throws(JetstreamDecodingError) -> JetstreamCommit? {
        guard let collection = NSID(wire.collection), collections.contains(collection) else { return nil }
        guard let operation = Operation(rawValue: wire.operation) else {
            throw JetstreamDecodingError("unknown commit operation \(wire.operation)")
        }
        guard let rkey = RecordKey(wire.rkey) else { throw JetstreamDecodingError("the record key is malformed") }
        var record: Record?
        if operation != .delete {
            guard let raw = wire.record else { throw JetstreamDecodingError("a \(operation.rawValue) without its record") }
            record = try Self.record(raw, in: collection)
        }
        return JetstreamCommit(operation: operation, collection: collection, rkey: rkey, rev: wire.rev ?? "", record: record)
    }

    private static func record(_ raw: RecordWire, in collection: NSID) throws(JetstreamDecodingError) -> Record {
        guard let subject = raw.subject.flatMap(ATURI.init), subject.did != nil, subject.rkey != nil else {
            throw JetstreamDecodingError("the record's subject is not a record's AT URI")
        }
        if collection == .grainFavorite { return .favorite(subject: subject) }
        guard let text = raw.text, text.utf8.count <= 3000 else { throw JetstreamDecodingError("a comment without text, or too long") }
        let replyTo = raw.replyTo.flatMap(ATURI.init).flatMap { $0.collection == .grainComment && $0.did != nil ? $0 : nil }
        let mentions = (raw.facets ?? []).flatMap {
            $0.features.compactMap { feature -> DID? in
                if case .mention(let did) = feature { return did }
                return nil
            }
        }
        return .comment(JetstreamComment(text: text, subject: subject, replyTo: replyTo, mentions: Array(Set(mentions)).sorted { $0.rawValue < $1.rawValue }))
    }

    struct Wire: Decodable {
        var rev: String?
        var operation: String
        var collection: String
        var rkey: String
        var record: RecordWire?
    }

    /// The fields of both records that matter here; a facet that does not decode is left out.
    struct RecordWire: Decodable {
        var subject: String?
        var text: String?
        var replyTo: String?
        var facets: [RichTextFacet]?

        enum CodingKeys: String, CodingKey { case subject, text, replyTo, facets }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            subject = try? container.decodeIfPresent(String.self, forKey: .subject)
            text = try? container.decodeIfPresent(String.self, forKey: .text)
            replyTo = try? container.decodeIfPresent(String.self, forKey: .replyTo)
            facets = container.decodeLossyArray(RichTextFacet.self, forKey: .facets)
        }
    }
}

/// A comment's fields that activity uses: on which story, answering which comment, and
/// whom its facets mention.
package struct JetstreamComment: Sendable, Equatable {
    package let text: String
    package let subject: ATURI
    package let replyTo: ATURI?
    package let mentions: [DID]

    package init(text: String, subject: ATURI, replyTo: ATURI? = nil, mentions: [DID] = []) {
        self.text = text
        self.subject = subject
        self.replyTo = replyTo
        self.mentions = mentions
    }
}
