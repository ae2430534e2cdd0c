/// `com.atproto.label.defs#selfLabels`: content warnings the author puts on a record.
package struct SelfLabels: Codable, Sendable, Equatable {
    package struct Value: Codable, Sendable, Equatable {
        package var val: String
    }

    package var type = "com.atproto.label.defs#selfLabels"
    package var values: [Value]

    package init(_ values: [String]) {
        self.values = values.map(Value.init(val:))
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case values
    }

    /// The warnings Grain's clients offer on stories.
    package static let offered = ["nudity", "sexual", "gore"]
}
