/// `com.atproto.label.defs#label` as it appears in views: labeler labels carry `neg`
/// and maybe `exp`; self-labels carry neither.
public struct Label: Codable, Sendable, Equatable {
    public var src: String?
    public var uri: String?
    public var val: String
    public var neg: Bool?
    public var cts: String?
    public var exp: String?

    public init(src: String? = nil, uri: String? = nil, val: String, neg: Bool? = nil, cts: String? = nil, exp: String? = nil) {
        self.src = src
        self.uri = uri
        self.val = val
        self.neg = neg
        self.cts = cts
        self.exp = exp
    }
}
