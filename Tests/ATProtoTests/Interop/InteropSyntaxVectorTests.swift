import ATProto
import Testing

/// Every valid and invalid vector of atproto-interop-tests' `syntax/` folder, against the
/// parser the server reads that kind of value with at its boundary (`init?(wireText:)`,
/// what JSON decoding uses; `TID.init?` for TIDs). The syntax types follow the protocol
/// exactly; what the server asks beyond it (a DID it can resolve, a handle on a public
/// top-level domain) is asked elsewhere (`DID.resolvableMethod`, `Handle.isResolvable`).
@Suite struct InteropSyntaxVectorTests {
    /// Each kind of vector file, and whether the server's parser for it accepts a text.
    static let parsers: [String: @Sendable (String) -> Bool] = [
        "did": { DID(wireText: $0) != nil },
        "handle": { Handle(wireText: $0) != nil },
        "nsid": { NSID(wireText: $0) != nil },
        "aturi": { ATURI(wireText: $0) != nil },
        "recordkey": { RecordKey(wireText: $0) != nil },
        "tid": { TID($0) != nil },
        "datetime": { Datetime(wireText: $0) != nil },
        "cid": { CID(wireText: $0) != nil },
        "atidentifier": { ATIdentifier(wireText: $0) != nil },
    ]

    @Test(arguments: try parsers.keys.sorted().flatMap(InteropSyntaxVector.all))
    func vector(_ vector: InteropSyntaxVector) throws {
        let accepts = try #require(Self.parsers[vector.kind])
        vector.expect(accepted: accepts(vector.text))
    }

    /// The files are all there and read as the repository's own runners read them, so no
    /// kind can pass by running nothing: each has valid and invalid vectors, comments and
    /// empty lines are not vectors, and spaces around a vector stay.
    @Test(arguments: parsers.keys.sorted())
    func everyFileIsReadWhole(kind: String) throws {
        let vectors = try InteropSyntaxVector.all(kind)
        #expect(vectors.contains(where: \.isValid) && vectors.contains(where: { !$0.isValid }), "\(vectors.count) vectors")
        #expect(!vectors.contains { $0.text.isEmpty || $0.text.hasPrefix("#") })
    }

    @Test func spacesAroundAVectorArePartOfIt() throws {
        let invalid = try InteropSyntaxVector.lines(of: "aturi_syntax_invalid", kind: "aturi", valid: false).map(\.text)
        #expect(invalid.contains("at://did:plc:asdf123 ") && invalid.contains(" at://did:plc:asdf123"))
    }
}
