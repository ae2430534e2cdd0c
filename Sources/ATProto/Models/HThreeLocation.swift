/// `community.lexicon.location.hthree`: an H3 cell (resolution 10 from Grain's
/// clients) and an optional place name.
package struct HThreeLocation: Codable, Sendable, Equatable {
    package var value: String
    package var name: String?

    package init(value: String, name: String? = nil) {
        self.value = value
        self.name = name
    }
}
