import ATProto
import Accounts
import FoundationEssentials
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Synchronization
import Viewing

/// The home page of one strip, for any visitor: a stencil of the rendered page with slots
/// for what differs per visitor, and the finished pages of recent visitors.
///
/// What differs per visitor is marked in the page's model: each tile's seen texts
/// (`StripTileModel.Seen.slots`, both versions carried by the tile) and link (the story
/// it opens at: another one only for a visitor who saw some of the author's stories but
/// not all, `StoryStart`), the account and the
/// form token (`LayoutModel`'s `VisitorText`s). Whether each author was seen at all
/// ("all caught up"), and whether anything was ever seen (the line for newcomers), change
/// the page's structure, so they pick the stencil. The stencil
/// is the same `HomePageModel` that a fresh render for one visitor uses, so both ways give
/// the same bytes; `HomePageCacheTests` compare filled pages with fresh renders.
///
/// A visitor's page is kept (`remembered`) under everything it was made from, compared
/// exactly: one visitor's page can only be given to another whose seen rings, account and
/// token are the same, and then it is the same page.
final class StripPage: Sendable {
    static let maxRememberedPages = 256
    static let maxRememberedBytes = 8 << 20

    let content: StripContent
    private let pages: PageRenderer
    private let strip: StripPresenter
    /// The strip's authors with a live story, in order: the tiles.
    private let live: [StoryAuthor]
    /// The tiles, each with its seen texts and link as three slots (tile i: 3i, 3i + 1
    /// and 3i + 2).
    private let slottedTiles: [StripTileModel]
    /// Each tile's link for a visitor who saw none or all of the author's stories.
    private let links: [String]
    /// The live authors' stories as the library held them when the page was made.
    private let known: [DID: [StoryView]]
    /// The first slot id after the tiles' (the form token; then the account's fields).
    private let firstPageSlot: Int
    private let stencils = Mutex<[Variant: TemplateStencil]>([:])
    private let remembered = Mutex(Remembered())

    /// Which stencil a visitor needs: what changes the page's structure, not its text.
    private struct Variant: Hashable, Sendable {
        let allSeen: Bool
        let hasToken: Bool
        let signedIn: Bool
        /// Nothing seen yet: the page has the line saying how the strip works.
        let newcomer: Bool
    }

    /// Everything a visitor's page is made from, besides the strip.
    private struct VisitorKey: Hashable, Sendable {
        let variant: Variant
        let seenBits: [UInt64]
        /// The links of tiles whose author this visitor saw in part, by tile.
        let partLinks: [Int: String]
        let token: String?
        let accountTexts: [String]
    }

    private struct RememberedPage {
        /// The page with its validator (`PageDelivery`).
        let page: PageDelivery.Page
        /// The answers made when the page is asked for again, and sent from then on,
        /// prepared in the server's form with its security headers: as it is, and
        /// compressed (made once, when first asked for so); never for a page with a form
        /// token, whose every answer masks it afresh. libmicrohttpd sends each from
        /// these bytes in place, head and body in one `sendmsg`: for a 293 KB page that took
        /// less CPU per answer, side by side, than sending it from an in-memory file with
        /// `sendfile`, as large pages were sent before (BENCHMARKS.md, issue 26).
        var ready: HTTPResponse?
        var readyCompressed: HTTPResponse?
    }

    private struct Remembered {
        var pages: [VisitorKey: RememberedPage] = [:]
        var bytes = 0
    }

    init(content: StripContent, pages: PageRenderer, strip: StripPresenter, knownStories: (DID) -> [StoryView]? = { _ in nil }) {
        self.content = content
        self.pages = pages
        self.strip = strip
        live = content.authors.filter { $0.storyCount > 0 }
        var known: [DID: [StoryView]] = [:]
        for author in live { known[author.profile.did] = knownStories(author.profile.did) }
        self.known = known
        let tiles = strip.tiles(content.authors, now: Self.date(content), stories: { known[$0] })
        links = tiles.map(\.href)
        slottedTiles = tiles.enumerated().map { index, tile in
            var tile = tile
            tile.seen = .slots(ringClass: 3 * index, accessibleName: 3 * index + 1, href: 3 * index + 2)
            return tile
        }
        firstPageSlot = 3 * tiles.count
    }

    /// The page for one visitor.
    func response(seen: SeenState, request: RequestContext) throws(TemplateError) -> HTTPResponse {
        let bits = seenBits(seen)
        let allSeen = !live.isEmpty && bits.enumerated().allSatisfy { index, word in word == Self.fullWord(index: index, count: live.count) }
        // Unseen people first, as for signed-in people: a visitor who has seen some but
        // not all has the tiles in another order than the stencil's, so that page is
        // rendered for them (all unseen or all seen is Grain's order, the stencil's).
        if !allSeen, bits.contains(where: { $0 != 0 }) {
            let arranged = StripOrder.arrange(content.authors, viewer: nil, seen: seen)
            if !arranged.elementsEqual(live, by: { $0.profile.did == $1.profile.did }) {
                return try freshResponse(seen: seen, allSeen: allSeen, request: request, authors: arranged)
            }
        }
        let token = pages.csrf.token(for: request)
        // The account's fields in the order of their slots (`stencil(for:)`).
        let accountTexts = request.account.map { LayoutModel.Account($0) }.map { [$0.name, $0.handle, $0.did, $0.profileHref].compactMap(Self.text) } ?? []
        // The stencils have no slots for the header's other accounts (a browser with one
        // account or none is what they are for), and a slot stands for a non-empty string.
        guard request.otherAccounts.isEmpty, !accountTexts.contains(where: \.isEmpty) else {
            return try freshResponse(seen: seen, allSeen: allSeen, request: request)
        }
        let variant = Variant(allSeen: allSeen, hasToken: token != nil, signedIn: request.account != nil, newcomer: seen.newestSeen.isEmpty)
        let key = VisitorKey(variant: variant, seenBits: bits, partLinks: partLinks(seen), token: token, accountTexts: accountTexts)
        if let page = remembered.withLock({ $0.pages[key] }) { return response(page, key: key, request: request.request) }
        let stencil = try self.stencil(for: variant)
        var values = [String](repeating: "", count: firstPageSlot + 1 + accountTexts.count)
        for (index, tile) in slottedTiles.enumerated() {
            let texts = tile.texts(seen: bits[index / 64] & (1 << UInt64(index % 64)) != 0)
            values[3 * index] = texts.ringClass
            values[3 * index + 1] = texts.accessibleName
            values[3 * index + 2] = key.partLinks[index] ?? links[index]
        }
        values[firstPageSlot] = token ?? ""
        for (offset, text) in accountTexts.enumerated() { values[firstPageSlot + 1 + offset] = text }
        let page = PageDelivery.Page(stencil.fill { values[$0] })
        remember(page, under: key)
        return page.response(request: request.request)
    }

    /// Bit i of word i/64 is set when tile i's author was seen.
    private func seenBits(_ seen: SeenState) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (live.count + 63) / 64)
        guard !seen.newestSeen.isEmpty else { return bits }
        for (index, author) in live.enumerated() where seen.hasSeenAll(author: author.profile.did, latestAt: author.latestAt) {
            bits[index / 64] |= 1 << UInt64(index % 64)
        }
        return bits
    }

    /// The links of the tiles whose author `seen` holds in part (`StripPresenter.partlySeen`):
    /// none for a visitor who has seen nothing, and one check per tile otherwise.
    private func partLinks(_ seen: SeenState) -> [Int: String] {
        guard !seen.newestSeen.isEmpty else { return [:] }
        var found: [Int: String] = [:]
        for (index, author) in live.enumerated() where StripPresenter.partlySeen(author, seen: seen) {
            found[index] = StoryStart.link(for: author, stories: known[author.profile.did], seen: seen)
        }
        return found
    }

    /// Word `index` of the bits with every one of `count` tiles seen.
    private static func fullWord(index: Int, count: Int) -> UInt64 {
        let inWord = min(64, count - index * 64)
        return inWord == 64 ? .max : (1 << UInt64(inWord)) - 1
    }

    /// The text of a field rendered for one visitor.
    private static func text(_ field: VisitorText) -> String? {
        if case .text(let text) = field { return text }
        return nil
    }

    /// The minute the strip's "how long ago" is counted from.
    private static func date(_ content: StripContent) -> Date {
        Date(timeIntervalSince1970: TimeInterval(content.minute) * 60)
    }

    private func stencil(for variant: Variant) throws(TemplateError) -> TemplateStencil {
        if let known = stencils.withLock({ $0[variant] }) { return known }
        let account =
            variant.signedIn
            ? LayoutModel.Account(
                name: .slot(firstPageSlot + 1), handle: .slot(firstPageSlot + 2), did: .slot(firstPageSlot + 3),
                profileHref: .slot(firstPageSlot + 4))
            : nil
        let layout = LayoutModel(account: account, csrf: variant.hasToken ? .slot(firstPageSlot) : nil, otherAccounts: [])
        let page = HomePageModel.everyone(authors: slottedTiles, allSeen: variant.allSeen, notice: content.notice, isNewcomer: variant.newcomer)
        let made = try pages.renderStencil(page, layout: layout)
        stencils.withLock { $0[variant] = made }
        return made
    }

    private func remember(_ page: PageDelivery.Page, under key: VisitorKey) {
        remembered.withLock { remembered in
            if remembered.pages.count >= Self.maxRememberedPages || remembered.bytes + page.html.count > Self.maxRememberedBytes {
                remembered = Remembered()
            }
            remembered.pages[key] = RememberedPage(page: page)
            remembered.bytes += page.html.count
        }
    }

    /// A remembered page asked for again: a 304 when the browser has it, else the
    /// prepared answer in the representation it takes.
    private func response(_ remembered: RememberedPage, key: VisitorKey, request: HTTPRequest) -> HTTPResponse {
        let page = remembered.page
        if let notModified = page.notModified(for: request) { return notModified }
        // A page with a form token is masked afresh for every answer (`PageDelivery`).
        guard !page.carriesToken else { return page.response(request: request) }
        let compressed = page.sendsGzip(to: request)
        if let ready = compressed ? remembered.readyCompressed : remembered.ready { return ready }
        let gzipped = compressed ? page.compressed() : nil
        let answer = SecurityHeaders.prepared(page.response(request: request, gzipped: gzipped))
        self.remembered.withLock { all in
            guard all.pages[key] != nil else { return }
            if compressed {
                guard all.pages[key]?.readyCompressed == nil else { return }
                all.pages[key]?.readyCompressed = answer
                all.bytes += gzipped?.count ?? 0
            } else if all.pages[key]?.ready == nil {
                all.pages[key]?.ready = answer
            }
        }
        return answer
    }

    /// The same page rendered for this one visitor, for what the stencils do not cover.
    private func freshResponse(
        seen: SeenState, allSeen: Bool, request: RequestContext, authors: [StoryAuthor]? = nil
    ) throws(TemplateError) -> HTTPResponse {
        let tiles = strip.tiles(authors ?? content.authors, seen: seen, now: Self.date(content), stories: { self.known[$0] })
        return try pages.render(
            HomePageModel.everyone(authors: tiles, allSeen: allSeen, notice: content.notice, isNewcomer: seen.newestSeen.isEmpty), for: request)
    }
}
