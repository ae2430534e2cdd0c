package import ATProto

/// Which portrait stories a landscape TV shows two at a time, side by side: none, two of
/// the same person's in a row, or also the last of one person's with the first of the
/// next person's (the operator's choice, `--tv-portrait-pairs`). A landscape (or square)
/// photo always shows alone, and only stories TV mode plays at all can be paired: one
/// behind a warning or by a blocked person is never in the programme to begin with.
package enum TVPairing: String, Sendable, CaseIterable {
    case off
    case samePerson = "same-person"
    case consecutive

    /// One person's stories cut into what shows at once, from the first on: two
    /// portraits in a row make a pair, anything else shows alone. Fixed for the list, so
    /// every story belongs to one group whichever story the TV was sent to.
    package static func groups(_ stories: [StoryView]) -> [ClosedRange<Int>] {
        var groups: [ClosedRange<Int>] = []
        var index = 0
        while index < stories.count {
            if index + 1 < stories.count, stories[index].isPortrait, stories[index + 1].isPortrait {
                groups.append(index...index + 1)
                index += 2
            } else {
                groups.append(index...index)
                index += 1
            }
        }
        return groups
    }

    /// The group holding `index` (which must be a valid index of `stories`).
    static func group(of index: Int, in stories: [StoryView]) -> ClosedRange<Int> {
        groups(stories).first { $0.contains(index) } ?? index...index
    }
}

extension StoryView {
    /// Taller than wide: two fit side by side on a landscape screen.
    package var isPortrait: Bool { aspectRatio.height > aspectRatio.width }
}
