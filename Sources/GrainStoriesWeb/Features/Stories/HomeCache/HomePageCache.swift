import ATProto
import HTMLTemplates
import MicroHTTPServer
import Presentation
import Synchronization
import Viewing

/// The home page for every visitor, rendered once per strip (`StripPage`) and reused
/// while the strip has not changed. Its tiles link straight to the stories whose lists the
/// library held when it was made (the covers' requests fetch them); the others link to
/// `/stories/{actor}` until the next strip, at most a minute later (`StripContent.minute`).
///
/// The strip changes at most every 30 s (the AppView cache's lifetime), while it is asked
/// for on every visit; with 200 authors rendering it was a millisecond of a request that
/// nginx answers in tens of microseconds. The pages of the two most recent strips are
/// kept (a strip arriving while the previous one is still being served does not make
/// them evict each other); an unchanged strip is recognised by equality, which is quick
/// because the library hands back the very same array while nothing changed.
final class HomePageCache: Sendable {
    private let pages: PageRenderer
    private let strip: StripPresenter
    /// The authors' stories this server holds (`StoryLibrary.knownStories`), so the
    /// tiles link straight to a story.
    private let knownStories: @Sendable (DID) -> [StoryView]?
    private let recent = Mutex<[StripPage]>([])
    private let pagesBuilt = Atomic<Int>(0)

    init(pages: PageRenderer, strip: StripPresenter, knownStories: @escaping @Sendable (DID) -> [StoryView]? = { _ in nil }) {
        self.pages = pages
        self.strip = strip
        self.knownStories = knownStories
    }

    /// The home page for this visitor: their seen rings, their account and form token.
    func response(for content: StripContent, seen: SeenState, request: RequestContext) throws(TemplateError) -> HTTPResponse {
        try page(for: content).response(seen: seen, request: request)
    }

    /// How many strips had to be rendered afresh (tests: a changed strip is rendered
    /// again, an unchanged one is not).
    var stripsRendered: Int { pagesBuilt.load(ordering: .relaxed) }

    private func page(for content: StripContent) -> StripPage {
        // Compared outside the lock: equality walks the strip when it is a new array.
        let known = recent.withLock { $0 }
        if let page = known.first(where: { $0.content == content }) { return page }
        let page = StripPage(content: content, pages: pages, strip: strip, knownStories: knownStories)
        pagesBuilt.add(1, ordering: .relaxed)
        recent.withLock { recent in
            recent.insert(page, at: 0)
            if recent.count > 2 { recent.removeLast(recent.count - 2) }
        }
        return page
    }
}
