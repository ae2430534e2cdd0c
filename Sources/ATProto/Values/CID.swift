/// A content identifier as a string (the lexicons' `cid` format): 8–256 of
/// `[A-Za-z0-9+=]`, and not a CIDv0 (`Qm…`), which atproto does not use.
///
/// Only the syntax is checked, as atproto's own validators do: which multibase, codec
/// and hash it names is for the PDS that made it. The server checks it where a CID
/// comes in and is later sent back, the blob a PDS names in `uploadBlob`'s answer and a
/// profile record's avatar (records carry them as `{"$link": cid}`).
package struct CID: Hashable, Sendable {
    package let rawValue: String

    package init?(_ text: some StringProtocol) {
        let bytes = text.utf8
        guard (8...256).contains(bytes.count), !text.hasPrefix("Qm"), bytes.allSatisfy(CID.isCIDByte) else { return nil }
        rawValue = String(text)
    }

    private static func isCIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x3D: true
        default: false
        }
    }
}

extension CID: ProtocolText {
    package static let kind = "CID"
    package init?(wireText text: String) { self.init(text) }
}
