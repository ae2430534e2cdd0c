/// An atproto record key (the last part of an AT URI): 1–512 of `[A-Za-z0-9._:~-]`,
/// but not `.` or `..`. Grain's stories use TIDs; other keys are accepted as the
/// syntax allows, because another client may write them.
package struct RecordKey: Hashable, Sendable {
    package let rawValue: String

    /// The key of records an account has one of, such as its profile.
    package static let profileSelf = RecordKey(known: "self")

    private init(known text: String) {
        guard let key = RecordKey(text) else { preconditionFailure("not a record key: \(text)") }
        self = key
    }

    package init?(_ text: some StringProtocol) {
        let bytes = text.utf8
        guard (1...512).contains(bytes.count), text != ".", text != "..", bytes.allSatisfy(RecordKey.isKeyByte) else { return nil }
        rawValue = String(text)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x5F, 0x3A, 0x7E, 0x2D: true
        default: false
        }
    }
}

extension RecordKey: ProtocolText {
    package static let kind = "record key"
    package init?(wireText text: String) { self.init(text) }
}
