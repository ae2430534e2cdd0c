import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto

@Suite struct DIDDocumentTests {
    static let did = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"

    static func decode(_ json: String) throws -> DIDDocument {
        try JSONDecoder().decode(DIDDocument.self, from: Data(json.utf8))
    }

    @Test func plcDirectoryDocumentIsRead() throws {
        let document = try Self.decode(
            """
            {"@context":["https://www.w3.org/ns/did/v1"],"id":"\(Self.did)","alsoKnownAs":["at://alice.test"],
             "verificationMethod":[{"id":"\(Self.did)#atproto","type":"Multikey","controller":"\(Self.did)","publicKeyMultibase":"zQ3sh"}],
             "service":[{"id":"#atproto_pds","type":"AtprotoPersonalDataServer","serviceEndpoint":"https://pds.example.com"}]}
            """)
        #expect(document.id == Self.did)
        #expect(document.pdsEndpoint(for: DID(Self.did)!) == "https://pds.example.com")
        #expect(document.claims(handle: "Alice.Test"))
        #expect(!document.claims(handle: "bob.test"))
    }

    @Test func fullServiceIDIsAcceptedToo() throws {
        let document = DIDDocument(
            id: Self.did, service: [.init(id: "\(Self.did)#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: "https://a.example")])
        #expect(document.pdsEndpoint(for: DID(Self.did)!) == "https://a.example")
        #expect(document.pdsEndpoint(for: "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb") == nil)
    }

    @Test func servicesOfOtherKindsAreNotThePDS() {
        let document = DIDDocument(
            id: Self.did,
            service: [
                .init(id: "#atproto_labeler", type: "AtprotoLabeler", serviceEndpoint: "https://labeler.example"),
                .init(id: "#atproto_pds", type: "SomethingElse", serviceEndpoint: "https://wrong.example"),
                .init(id: "#bsky_chat", type: "AtprotoPersonalDataServer", serviceEndpoint: "https://wrong-id.example"),
            ])
        #expect(document.pdsEndpoint(for: DID(Self.did)!) == nil)
    }

    @Test func malformedEntriesAreDroppedNotFatal() throws {
        let document = try Self.decode(
            """
            {"id":"\(Self.did)","alsoKnownAs":[42,"at://alice.test",null,{"x":1}],
             "service":[7,{"id":"#atproto_pds"},{"id":"#atproto_pds","type":"AtprotoPersonalDataServer","serviceEndpoint":{"uri":"https://map.example"}},
                        {"id":"#atproto_pds","type":"AtprotoPersonalDataServer","serviceEndpoint":"https://pds.example"}]}
            """)
        #expect(document.alsoKnownAs == ["at://alice.test"])
        #expect(document.service.count == 2)
        #expect(document.pdsEndpoint(for: DID(Self.did)!) == nil)  // the first PDS entry has no string endpoint
    }

    @Test func wrongShapesForOptionalFieldsAreEmpty() throws {
        let document = try Self.decode(##"{"id":"\##(Self.did)","alsoKnownAs":"at://alice.test","service":{"id":"#atproto_pds"}}"##)
        #expect(document.alsoKnownAs.isEmpty)
        #expect(document.service.isEmpty)
    }

    @Test func documentsWithoutAStringIDAreRefused() {
        for json in [#"{}"#, #"{"id":5}"#, #"[]"#, "null", #""did""#, "{", ""] {
            #expect(throws: (any Error).self, "\(json)") { try Self.decode(json) }
        }
    }

    /// The decoder refuses nesting this deep (rather than recursing until the stack
    /// overflows), so reading such a document throws.
    @Test func deeplyNestedJSONIsAnErrorNotACrash() {
        let nested = #"{"id":"x","service":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: (any Error).self) { try Self.decode(nested) }
    }
}
