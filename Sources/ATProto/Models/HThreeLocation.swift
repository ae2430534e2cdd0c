/// `community.lexicon.location.hthree`: an H3 cell (resolution 10 from Grain's
/// clients) and an optional place name.
public struct HThreeLocation: Codable, Sendable, Equatable {
    public var value: String
    public var name: String?

    public init(value: String, name: String? = nil) {
        self.value = value
        self.name = name
    }
}
