import ATProto
import ATProtoTestKit
import Activity
import Foundation

/// The people of the activity tests: two accounts signed in here and three strangers.
enum People {
    static let alice: DID = "did:plc:alice000000000000000000000"
    static let bob: DID = "did:plc:bob00000000000000000000000"
    static let carol: DID = "did:plc:carol000000000000000000000"
    static let dave: DID = "did:plc:dave0000000000000000000000"
    static let mallory: DID = "did:plc:mallory00000000000000000000"

    static func story(of did: DID, _ rkey: String = "3lstory22222a") -> ATURI { ATURI(did, .story, RecordKey(wireText: rkey)!) }
    static func comment(of did: DID, _ rkey: String) -> ATURI { ATURI(did, .grainComment, RecordKey(wireText: rkey)!) }
    static func favorite(of did: DID, _ rkey: String) -> ATURI { ATURI(did, .grainFavorite, RecordKey(wireText: rkey)!) }

    /// JSON of a favorite record.
    static func favoriteJSON(_ subject: ATURI) -> String {
        #"{"$type":"social.grain.favorite","subject":"\#(subject.rawValue)","createdAt":"2026-06-01T00:00:00.000Z"}"#
    }

    /// JSON of a comment record, with mention facets for `mentions`.
    static func commentJSON(_ text: String, on story: ATURI, replyTo: ATURI? = nil, mentions: [DID] = []) -> String {
        let reply = replyTo.map { #","replyTo":"\#($0.rawValue)""# } ?? ""
        let facets =
            mentions.isEmpty
            ? ""
            : #","facets":["#
                + mentions.map { #"{"index":{"byteStart":0,"byteEnd":1},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"\#($0.rawValue)"}]}"# }
                .joined(separator: ",") + "]"
        return #"{"$type":"social.grain.comment","text":"\#(text)","subject":"\#(story.rawValue)"\#(reply)\#(facets),"createdAt":"2026-06-01T00:00:00.000Z"}"#
    }
}
