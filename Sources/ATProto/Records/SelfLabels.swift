/// `com.atproto.label.defs#selfLabels`: content warnings the author puts on a record.
public struct SelfLabels: Codable, Sendable, Equatable {
    public struct Value: Codable, Sendable, Equatable {
        public var val: String
    }

    public var type = "com.atproto.label.defs#selfLabels"
    public var values: [Value]

    public init(_ values: [String]) {
        self.values = values.map(Value.init(val:))
    }

    enum CodingKeys: String, CodingKey { case type = "$type", values }

    /// The warnings Grain's clients offer on stories.
    public static let offered = ["nudity", "sexual", "gore"]
}
