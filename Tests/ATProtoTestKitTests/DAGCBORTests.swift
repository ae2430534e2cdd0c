import ATProtoTestKit
import TestKit
import Testing

/// Expected values below were produced independently with Python's `dag-cbor` 0.3.3 and
/// `multiformats` 0.3.1 (as pinned in Tests/PDS/requirements.txt):
///
///     CID('base32', 1, 'dag-cbor', multihash.digest(dag_cbor.encode(obj), 'sha2-256'))
///
/// with `{"$link": …}` turned into `CID.decode(…)` and `{"$bytes": …}` into bytes first.
@Suite struct DAGCBORTests {
    @Test func helloWorldHasTheWellKnownCID() throws {
        #expect(try DAGCBOR.cid(of: ["hello": "world"]).string == "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae")
    }

    @Test func storyFixtureRecordMatchesPython() throws {
        let record = try JSONValue(parsing: Fixtures.data("story-record"))
        #expect(try DAGCBOR.cid(of: record).string == "bafyreifonuee74dybhnbslj2nd73gvr3xr5sk4uttilbq663vowrlngyp4")
    }

    @Test func crosspostFixtureRecordMatchesPython() throws {
        let record = try JSONValue(parsing: Fixtures.data("crosspost-record"))
        #expect(try DAGCBOR.cid(of: record).string == "bafyreicp2zibl4ycbykaqw4ab5vbiosjjr5syzhm3au26gp4bjg75xrgg4")
    }

    /// Key order (length first), every integer width, negatives, Unicode text, `$bytes`,
    /// `$link`, empty map and string: byte-for-byte against Python's encoder.
    @Test func mixedValueEncodesByteForByte() throws {
        let value: JSONValue = [
            "z": 1,
            "aa": [
                true, false, nil, -1, -24, -25, -257, 23, 24, 255, 256, 65535, 65536, 4_294_967_296,
                9_007_199_254_740_991, -9_007_199_254_740_991,
            ],
            "b": "héllo ✓ 📍",
            "$bytes_holder": ["$bytes": "AAECAwQ"],
            "": [:],
            "a": "",
            "link": ["$link": "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq"],
        ]
        let expected =
            "a760a061616061626f68c3a96c6c6f20e29c9320f09f938d617a0162616190f5f4f62037381839010017181818ff19010019ffff"
            + "1a000100001b00000001000000001b001fffffffffffff3b001ffffffffffffe646c696e6bd82a582500015512202cf24dba5fb0"
            + "a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b98246d2462797465735f686f6c646572450001020304"
        #expect(hex(try DAGCBOR.encode(value)) == expected)
        #expect(try DAGCBOR.cid(of: value).string == "bafyreidpy3kkf56tqlghh7jfd5zgtdac65ycvbu2ml7cbbgvkzs4s44inu")
    }

    @Test func floatsAreRefused() {
        #expect(throws: DAGCBOR.EncodingError.self) { try DAGCBOR.encode(["aspectRatio": ["width": .float(1.5)]]) }
        #expect(throws: DAGCBOR.EncodingError.self) { try DAGCBOR.encode(try JSONValue(parsing: "[1.0]")) }
    }

    @Test func malformedLinksAndBytesAreRefused() {
        #expect(throws: DAGCBOR.EncodingError.self) { try DAGCBOR.encode(["$link": "not-a-cid"]) }
        #expect(throws: DAGCBOR.EncodingError.self) {
            try DAGCBOR.encode(["$link": "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq", "extra": 1])
        }
        #expect(throws: DAGCBOR.EncodingError.self) { try DAGCBOR.encode(["$link": 5]) }
        #expect(throws: DAGCBOR.EncodingError.self) { try DAGCBOR.encode(["$bytes": "!!!"]) }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
