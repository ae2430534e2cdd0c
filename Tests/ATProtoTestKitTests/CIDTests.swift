import ATProtoTestKit
import TestKit
import Testing

/// Blob CIDs: expected values computed with Python from `hashlib`-level SHA-256 through
/// `multiformats`: `CID('base32', 1, 'raw', multihash.digest(data, 'sha2-256'))`.
@Suite struct CIDTests {
    @Test func rawCIDsOfKnownBytesMatchPython() {
        #expect(CID.raw(of: []).string == "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku")
        #expect(CID.raw(of: Array("hello".utf8)).string == "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq")
        let pattern = (0..<1000).flatMap { _ in (0...255).map { UInt8($0) } }
        #expect(CID.raw(of: pattern).string == "bafkreifvpnsldggv2woolirktopslzzkpuebi5wugicrvkjd6pn6xoijgq")
        // sha256sum of the fixture is 29ca96fc…6dce64.
        #expect(CID.raw(of: Fixtures.bytes("tiny-24x32.jpg")).string == "bafkreibjzklpyfeve5aqelzuyl7d7amzn76snmtx3kyq4fe4j7kyq3oomq")
    }

    @Test func textRoundTripsThroughParsing() throws {
        let text = "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae"
        let cid = try #require(CID(string: text))
        #expect(cid.codec == .dagCBOR)
        #expect(cid.string == text)
        #expect(CID(bytes: cid.bytes) == cid)
    }

    @Test func otherFormsAreRejected() {
        #expect(CID(string: "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG") == nil)  // CIDv0, base58.
        #expect(CID(string: "zb2rhe5P4gXftAwvA4eXQ5HJwsER2owDyS9sKaQRRVQPn93bA") == nil)  // base58btc multibase.
        #expect(CID(string: "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfva") == nil)  // Truncated.
        #expect(CID(string: "bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae1") == nil)  // '1' is not base32.
        #expect(CID(string: "") == nil)
    }
}
