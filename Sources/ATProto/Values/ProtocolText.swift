/// A protocol value written as a string (DID, handle, record key, NSID, AT URI,
/// datetime): one validating initialiser, and JSON coding through it, so a model that
/// holds one was checked when it was decoded and never again.
package protocol ProtocolText: Codable, Sendable, CustomStringConvertible {
    /// What the value is called in a decoding error ("DID", "record key").
    static var kind: String { get }
    /// The value for `text` as it appears on the wire, or nil when it is malformed.
    init?(wireText text: String)
    /// The text written to the wire.
    var rawValue: String { get }
}

extension ProtocolText {
    package var description: String { rawValue }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(wireText: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a \(Self.kind): \(text.prefix(80))")
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
