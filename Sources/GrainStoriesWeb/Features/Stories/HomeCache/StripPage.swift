import Foundation
import ATProto
import HTMLTemplates
import MicroHTTPServer
import Posting
import Synchronization
import Viewing
import Presentation

/// The home page of one strip, for any visitor: a stencil of the rendered page with holes
/// for what differs per visitor, and the finished pages of recent visitors.
///
/// What differs per visitor is exactly what the renderer is given per visitor: whether
/// each author was seen (ring class and accessible name), whether all were ("all caught
/// up"), the signed-in account and the form token. Which tile texts depend on being
/// seen is found by asking `StripPresenter` for the strip twice, as if nothing and as if
/// everything was seen, and comparing: those values become slots, filled from one version
/// or the other per author, so a change to the presenter needs no change here. That
/// assumes, as the presenter does, that a tile depends only on whether its own author was
/// seen; `HomePageCacheTests` compare filled pages with fresh renders to hold it to that.
///
/// A visitor's page is kept (`remembered`) under everything it was made from, compared
/// exactly: one visitor's page can only be given to another whose seen rings, account and
/// token are the same, and then it is the same page. When the presenter's output cannot
/// be expressed as slots (a seen-dependent value that is not a non-empty string) the page
/// is rendered afresh every time, as before.
final class StripPage: Sendable {
    static let maxRememberedPages = 256
    static let maxRememberedBytes = 8 << 20
    /// From this size a page asked for again is sent from an in-memory file (sendfile
    /// shares its pages instead of copying them per response); smaller ones are copied,
    /// which costs less than the extra descriptor.
    static let memoryFileBytes = 32 * 1024

    let content: StripContent
    private let pages: PageRenderer
    private let strip: StripPresenter
    /// The strip's authors with a live story, in order: the tiles.
    private let live: [StoryAuthor]
    /// The tiles with slots for their seen-dependent values; nil when that cannot be done.
    private let slottedAuthors: TemplateValue?
    /// Per tile, its slots and the text of each when the author is unseen and seen.
    private let toggles: [[Toggle]]
    /// The first slot id after the tiles' (the form token; the account's follow).
    private let firstPageSlot: Int
    private let stencils = Mutex<[Variant: TemplateStencil]>([:])
    private let remembered = Mutex(Remembered())

    private struct Toggle: Sendable {
        let slot: Int
        let unseen: String
        let seen: String
    }

    /// Which stencil a visitor needs: what changes the page's structure, not its text.
    private struct Variant: Hashable, Sendable {
        let allSeen: Bool
        let hasToken: Bool
        /// The account's fields (each a slot), nil when signed out.
        let accountKeys: [String]?
    }

    /// Everything a visitor's page is made from, besides the strip.
    private struct VisitorKey: Hashable, Sendable {
        let variant: Variant
        let seenBits: [UInt64]
        let token: String?
        let accountTexts: [String]
    }

    private struct RememberedPage {
        let bytes: [UInt8]
        var file: MemoryFile?
    }

    private struct Remembered {
        var pages: [VisitorKey: RememberedPage] = [:]
        var bytes = 0
    }

    init(content: StripContent, pages: PageRenderer, strip: StripPresenter) {
        self.content = content
        self.pages = pages
        self.strip = strip
        live = content.authors.filter { $0.storyCount > 0 }
        var everything = SeenState()
        for author in live { everything.markSeen(author: author.profile.did, createdAt: author.latestAt) }
        let at = Date(timeIntervalSince1970: TimeInterval(content.minute) * 60)
        let split = Self.slotted(unseen: strip.authors(content.authors, seen: SeenState(), now: at), seen: strip.authors(content.authors, seen: everything, now: at), tiles: live.count)
        slottedAuthors = split?.authors
        toggles = split?.toggles ?? []
        firstPageSlot = split?.slotCount ?? 0
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
        let account = PageRenderer.accountValue(request.account)
        // The stencils have no slots for the header's other accounts (a browser with one
        // account or none is what they are for).
        guard let slottedAuthors, request.otherAccounts.isEmpty, let accountFields = Self.fields(of: account) else {
            return try freshResponse(seen: seen, allSeen: allSeen, request: request)
        }
        let variant = Variant(allSeen: allSeen, hasToken: token != nil, accountKeys: accountFields.map { $0.map(\.key) })
        let key = VisitorKey(variant: variant, seenBits: bits, token: token, accountTexts: accountFields?.map(\.text) ?? [])
        if let page = remembered.withLock({ $0.pages[key] }) { return response(page, key: key) }
        let stencil = try self.stencil(for: variant, authors: slottedAuthors)
        var values = [String](repeating: "", count: firstPageSlot + 1 + (accountFields?.count ?? 0))
        for (index, tile) in toggles.enumerated() {
            let isSeen = bits[index / 64] & (1 << UInt64(index % 64)) != 0
            for toggle in tile { values[toggle.slot] = isSeen ? toggle.seen : toggle.unseen }
        }
        values[firstPageSlot] = token ?? ""
        for (offset, field) in (accountFields ?? []).enumerated() { values[firstPageSlot + 1 + offset] = field.text }
        let page = stencil.fill { values[$0] }
        remember(page, under: key)
        return PageRenderer.htmlResponse(page)
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

    /// Word `index` of the bits with every one of `count` tiles seen.
    private static func fullWord(index: Int, count: Int) -> UInt64 {
        let inWord = min(64, count - index * 64)
        return inWord == 64 ? .max : (1 << UInt64(inWord)) - 1
    }

    private func stencil(for variant: Variant, authors: TemplateValue) throws(TemplateError) -> TemplateStencil {
        if let known = stencils.withLock({ $0[variant] }) { return known }
        let account: TemplateValue = variant.accountKeys.map { keys in
            .object(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, TemplateValue.slot(firstPageSlot + 1 + $0)) }))
        } ?? .null
        let values = pages.pageValues(
            Self.values(content, authors: authors, live: live, allSeen: variant.allSeen),
            account: account, csrf: variant.hasToken ? .slot(firstPageSlot) : .null
        )
        let made = try pages.templates.renderStencil("home", values)
        stencils.withLock { $0[variant] = made }
        return made
    }

    private func remember(_ page: [UInt8], under key: VisitorKey) {
        remembered.withLock { remembered in
            if remembered.pages.count >= Self.maxRememberedPages || remembered.bytes + page.count > Self.maxRememberedBytes {
                remembered = Remembered()
            }
            remembered.pages[key] = RememberedPage(bytes: page)
            remembered.bytes += page.count
        }
    }

    /// A remembered page, from its in-memory file once it is large and asked for again.
    private func response(_ page: RememberedPage, key: VisitorKey) -> HTTPResponse {
        if let file = page.file { return PageRenderer.htmlResponse(body: .memoryFile(file)) }
        guard page.bytes.count >= Self.memoryFileBytes, let file = MemoryFile(page.bytes) else {
            return PageRenderer.htmlResponse(page.bytes)
        }
        remembered.withLock { remembered in
            if remembered.pages[key]?.file == nil { remembered.pages[key]?.file = file }
        }
        return PageRenderer.htmlResponse(body: .memoryFile(file))
    }

    /// The page rendered the plain way, for what slots cannot express.
    private func freshResponse(
        seen: SeenState, allSeen: Bool, request: RequestContext, authors: [StoryAuthor]? = nil
    ) throws(TemplateError) -> HTTPResponse {
        let at = Date(timeIntervalSince1970: TimeInterval(content.minute) * 60)
        let shown = strip.authors(authors ?? content.authors, seen: seen, now: at)
        return try pages.render("home", Self.values(content, authors: shown, live: live, allSeen: allSeen), for: request)
    }

    /// The home template's own values (the page-wide ones come from `PageRenderer`).
    private static func values(_ content: StripContent, authors: TemplateValue, live: [StoryAuthor], allSeen: Bool) -> [String: TemplateValue] {
        [
            "authors": authors,
            "hasAuthors": .bool(!live.isEmpty),
            "allSeen": .bool(allSeen),
            "notice": content.notice.map(TemplateValue.string) ?? .null,
            // Nobody is signed in on a cached page: no own tile, no posts of theirs.
            "own": .null,
            "hasUnfinished": false,
            "unfinished": .list([]),
            // Everyone's strip, the only one without an account: no switch.
            "stripSwitch": .null,
            "followingEmpty": false,
        ]
    }

    /// The account value's fields in key order, each a non-empty string; `.some(nil)`
    /// when signed out, nil when a field cannot be a slot.
    private static func fields(of account: TemplateValue) -> [(key: String, text: String)]?? {
        switch account {
        case .null:
            return .some(nil)
        case .object(let fields):
            var texts: [(key: String, text: String)] = []
            for key in fields.keys.sorted() {
                guard case .string(let text) = fields[key], !text.isEmpty else { return nil }
                texts.append((key, text))
            }
            return .some(texts)
        default:
            return nil
        }
    }

    /// The tiles with each value that differs between the unseen and the seen rendering
    /// replaced by a slot; nil when a differing value is not a non-empty string on both
    /// sides, or the two lists do not line up with the tiles.
    private static func slotted(unseen: TemplateValue, seen: TemplateValue, tiles: Int) -> (authors: TemplateValue, toggles: [[Toggle]], slotCount: Int)? {
        guard case .list(let unseenTiles) = unseen, case .list(let seenTiles) = seen,
              unseenTiles.count == tiles, seenTiles.count == tiles
        else { return nil }
        var next = 0
        var slottedTiles: [TemplateValue] = []
        var toggles: [[Toggle]] = []
        for (unseenTile, seenTile) in zip(unseenTiles, seenTiles) {
            guard case .object(let unseenFields) = unseenTile, case .object(let seenFields) = seenTile,
                  Set(unseenFields.keys) == Set(seenFields.keys)
            else { return nil }
            var fields = unseenFields
            var tile: [Toggle] = []
            for key in unseenFields.keys.sorted() where unseenFields[key] != seenFields[key] {
                guard case .string(let whenUnseen) = unseenFields[key], case .string(let whenSeen) = seenFields[key],
                      !whenUnseen.isEmpty, !whenSeen.isEmpty
                else { return nil }
                fields[key] = .slot(next)
                tile.append(Toggle(slot: next, unseen: whenUnseen, seen: whenSeen))
                next += 1
            }
            slottedTiles.append(.object(fields))
            toggles.append(tile)
        }
        return (.list(slottedTiles), toggles, next)
    }
}
