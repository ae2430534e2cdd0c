import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/settings/hidden`: the people whose stories the signed-in person hid, each with
/// Unhide (GET), and the form behind "Hide this person's stories" and "Unhide" on
/// profiles, the viewer's menu and this page (POST, `action=hide|unhide`, `author` a
/// DID, `back` where to return). Hiding is kept per account on this server
/// (`HiddenAuthors`); blocks are made in Grain and only honoured here.
///
/// Hiding lands on this page (`?hid=DID&back=…`) rather than back where it was asked
/// for, so it is never a one-way door: the page says whom was hidden, offers Undo (an
/// unhide that returns to `back`), lists the person with their profile, and leads back.
struct HiddenPage: Sendable {
    static let path = "/settings/hidden"

    let pages: PageRenderer
    let hidden: HiddenAuthors
    let library: any StoryLibrary
    let signer: MediaURLSigner

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let people: [DID]
        do { people = try await hidden.hiddenList(for: account) } catch {
            throw HTTPError(.serviceUnavailable, "Your hidden people could not be read just now. Please try again in a minute.")
        }
        var rows: [HiddenPageModel.Person] = []
        for did in people {
            let profile = try? await library.profile(actor: .did(did)).value
            let name = profile?.name ?? did.rawValue
            rows.append(
                HiddenPageModel.Person(
                    name: name, handle: profile?.shownHandle ?? did.rawValue, profileHref: StoryLinks.profile(did: did, handle: profile?.handle),
                    avatar: AvatarPresenter.model(url: profile?.avatar, name: name, signer: signer),
                    form: Self.form(action: "unhide", author: did, label: "Unhide", accessibleName: "Unhide \(name)'s stories", back: Self.path)
                ))
        }
        let back = StoryLinks.safeBack(context.query["back"])
        let justHidden = context.query["hid"].flatMap { DID(wireText: $0) }.flatMap { did in people.firstIndex(of: did).map { (did, rows[$0]) } }
        let undo = justHidden.map { did, person in
            HiddenPageModel.Undo(
                message: "You hid \(person.name)'s stories. They no longer show in your stories or the viewer.",
                form: Self.form(
                    action: "unhide", author: did, label: "Undo",
                    accessibleName: "Undo: show \(person.name)'s stories again", back: back ?? "/"))
        }
        var response = try pages.render(HiddenPageModel(people: rows, undo: undo, backHref: back ?? "/"), for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    func act(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        guard let author = form["author"].flatMap({ DID(wireText: $0) }) else {
            throw HTTPError.badRequest("Whose stories to hide was not said (author must be a DID).")
        }
        switch form["action"] {
        case "hide":
            guard author != account.did else { throw HTTPError.badRequest("You cannot hide your own stories.") }
            let kept = try await store { try await hidden.hide(author, for: account) }
            guard kept else {
                throw HTTPError(.conflict, "You have hidden as many people as this server keeps (\(HiddenAuthors.maxPerAccount)). Unhide someone first.")
            }
            return HTTPResponse.redirect(to: Self.afterHiding(author, back: form["back"]))
        case "unhide":
            try await store { try await hidden.unhide(author, for: account) }
        default:
            throw HTTPError.badRequest("The form's action must be hide or unhide.")
        }
        return HTTPResponse.redirect(to: StoryLinks.safeBack(form["back"]) ?? Self.path)
    }

    /// Where hiding `author` lands: this page, saying so with Undo, and leading back to
    /// `back` when that is a path on this site.
    static func afterHiding(_ author: DID, back: String?) -> String {
        var address = path + "?hid=" + PercentEncoding.encodeComponent(author.rawValue)
        if let back = StoryLinks.safeBack(back) { address += "&back=" + PercentEncoding.encodeComponent(back) }
        return address
    }

    /// A database failure as a clear 503 instead of a bare 500.
    private func store<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch {
            throw HTTPError(.serviceUnavailable, "Your hidden people could not be saved just now. Please try again in a minute.")
        }
    }

    /// The "Hide this person's stories" form for `author`, returning to `back`; null when
    /// nobody is signed in or it is their own.
    static func hideForm(author: DID, name: String, signedIn account: AccountSession?, back: String) -> HideFormModel? {
        guard let account, account.did != author else { return nil }
        return form(action: "hide", author: author, label: "Hide this person's stories", accessibleName: "Hide \(name)'s stories", back: back)
    }

    /// The values of one hide or unhide form (`partials/hide-form`).
    static func form(action: String, author: DID, label: String, accessibleName: String, back: String) -> HideFormModel {
        HideFormModel(
            action: path, verb: action, author: author.rawValue, back: StoryLinks.safeBack(back) ?? "/",
            label: label, accessibleName: accessibleName
        )
    }
}
