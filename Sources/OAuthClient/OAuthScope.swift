/// A space-separated OAuth scope, as asked for and as granted: granular AT Protocol
/// permissions (`atproto`, `blob:image/*`, `repo:<collection>?action=…`).
package struct OAuthScope: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The scope tokens in order, without duplicates.
    package private(set) var tokens: [String]

    package init(_ text: String) {
        var seen: Set<String> = []
        tokens = text.split(separator: " ").map(String.init).filter { seen.insert($0).inserted }
    }

    package init(tokens: [String]) { self.init(tokens.joined(separator: " ")) }

    package var description: String { tokens.joined(separator: " ") }

    package func contains(_ token: String) -> Bool { tokens.contains(token) }

    /// The tokens of `wanted` this scope lacks (a granted scope checked against what an
    /// action needs).
    package func missing(from wanted: OAuthScope) -> [String] { wanted.tokens.filter { !contains($0) } }

    package init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
