/// `com.atproto.label.defs#label` as it appears in views: labeler labels carry `neg`
/// and maybe `exp`; self-labels carry neither.
package struct Label: Codable, Sendable, Equatable {
    package var src: String?
    package var uri: String?
    package var val: String
    package var neg: Bool?
    package var cts: Datetime?
    package var exp: Datetime?

    package init(src: String? = nil, uri: String? = nil, val: String, neg: Bool? = nil, cts: Datetime? = nil, exp: Datetime? = nil) {
        self.src = src
        self.uri = uri
        self.val = val
        self.neg = neg
        self.cts = cts
        self.exp = exp
    }

    private enum CodingKeys: String, CodingKey { case src, uri, val, neg, cts, exp }

    /// Only `val` is required. A malformed time is left out rather than failing the
    /// label: dropping a label would drop the content warning it carries.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        val = try container.decode(String.self, forKey: .val)
        src = container.decodeTolerantly(String.self, forKey: .src)
        uri = container.decodeTolerantly(String.self, forKey: .uri)
        neg = container.decodeTolerantly(Bool.self, forKey: .neg)
        cts = container.decodeTolerantly(Datetime.self, forKey: .cts)
        exp = container.decodeTolerantly(Datetime.self, forKey: .exp)
    }
}
