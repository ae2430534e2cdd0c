package import HTMLTemplates

/// `home.html`: the story strip and grid, the signed-in person's own tile, switch and
/// unfinished posts, and the notice when Grain could not be read.
///
/// The one description of the home page for every way it is made: rendered for one
/// signed-in person (`HomePage`), rendered for one visitor, or rendered once per strip as
/// a stencil whose tiles' seen texts are slots (`StripPage`).
package struct HomePageModel: PageModel, Equatable {
    package static let templateName = "home"

    package var authors: [StripTileModel]
    /// Whether anyone has a live story (the grid and the "no one" line).
    package var hasAuthors: Bool
    /// Whether the visitor has seen every story shown ("You're all caught up").
    package var allSeen: Bool
    package var notice: String?
    package var own: OwnTileModel?
    package var unfinished: [UnfinishedPostModel]
    package var stripSwitch: StripSwitchModel?
    /// A following strip with nobody in it (the offer to see everyone's).
    package var followingEmpty: Bool
    /// Whether the person has watched no story here yet (nothing in their seen state): the
    /// line saying how the strip works is for them; someone who has watched stories knows.
    package var isNewcomer: Bool

    package init(
        authors: [StripTileModel], hasAuthors: Bool, allSeen: Bool, notice: String?, own: OwnTileModel?,
        unfinished: [UnfinishedPostModel], stripSwitch: StripSwitchModel?, followingEmpty: Bool, isNewcomer: Bool
    ) {
        self.authors = authors
        self.hasAuthors = hasAuthors
        self.allSeen = allSeen
        self.notice = notice
        self.own = own
        self.unfinished = unfinished
        self.stripSwitch = stripSwitch
        self.followingEmpty = followingEmpty
        self.isNewcomer = isNewcomer
    }

    /// Everyone's strip for a visitor who is not signed in: no own tile, no posts of
    /// theirs, no switch (everyone's is the only strip without an account).
    package static func everyone(authors: [StripTileModel], allSeen: Bool, notice: String?, isNewcomer: Bool) -> HomePageModel {
        HomePageModel(
            authors: authors, hasAuthors: !authors.isEmpty, allSeen: allSeen, notice: notice, own: nil,
            unfinished: [], stripSwitch: nil, followingEmpty: false, isNewcomer: isNewcomer
        )
    }

    package var templateValues: [String: TemplateValue] {
        [
            "authors": .list(authors.map(\.templateValue)),
            "hasAuthors": .bool(hasAuthors),
            "allSeen": .bool(allSeen),
            "notice": .optional(notice),
            "own": own?.templateValue ?? .null,
            "hasUnfinished": .bool(!unfinished.isEmpty),
            "unfinished": .list(unfinished.map(\.templateValue)),
            "stripSwitch": stripSwitch?.templateValue ?? .null,
            "followingEmpty": .bool(followingEmpty),
            "isNewcomer": .bool(isNewcomer),
        ]
    }
}
