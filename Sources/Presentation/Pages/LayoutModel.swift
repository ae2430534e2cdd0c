import ATProto
package import Accounts
package import HTMLTemplates
import Viewing

/// What `layout.html` and `partials/header.html` read on every page besides the asset
/// URLs and the site's name (which `PageRenderer` adds): the signed-in account, the other
/// accounts signed in on this browser, the form token, and what the person has just done.
///
/// The per-visitor fields are `VisitorText`, so a page rendered once for many visitors
/// (the home page's stencil) marks them as slots here, explicitly.
package struct LayoutModel: TemplateModel, Equatable {
    /// An account as the header's menu shows it.
    package struct Account: TemplateModel, Equatable {
        package var name: VisitorText
        package var handle: VisitorText
        package var did: VisitorText
        /// "Your profile": the account's profile as every link names it (`StoryLinks`).
        package var profileHref: VisitorText
        /// Activity the account has not looked at yet (the header's badge); 0 in a stencil
        /// (the home page's stencils are rendered for visitors).
        package var unseen: Int

        package init(name: VisitorText, handle: VisitorText, did: VisitorText, profileHref: VisitorText, unseen: Int = 0) {
            self.name = name
            self.handle = handle
            self.did = did
            self.profileHref = profileHref
            self.unseen = unseen
        }

        package init(_ session: AccountSession, unseen: Int = 0) {
            self.init(
                name: .text(session.name), handle: .text(session.shownHandle), did: .text(session.did.rawValue),
                profileHref: .text(StoryLinks.profile(did: session.did, handle: session.handle)), unseen: unseen)
        }

        package var templateValues: [String: TemplateValue] {
            [
                "name": name.templateValue, "handle": handle.templateValue, "did": did.templateValue, "profileHref": profileHref.templateValue,
                "unseen": .string(unseen > 99 ? "99+" : String(unseen)), "hasUnseen": .bool(unseen > 0),
            ]
        }
    }

    package var account: Account?
    /// This browser's form token, when it has one.
    package var csrf: VisitorText?
    package var otherAccounts: [Account]
    /// Whether the header offers "Sign in" to a visitor: not on the sign-in page itself.
    package var offersSignIn: Bool
    /// What the person has just done, said under the header (`DoneMessage`).
    package var done: DoneMessage?

    package init(account: Account?, csrf: VisitorText?, otherAccounts: [Account], offersSignIn: Bool = true, done: DoneMessage? = nil) {
        self.account = account
        self.csrf = csrf
        self.otherAccounts = otherAccounts
        self.offersSignIn = offersSignIn
        self.done = done
    }

    package var templateValues: [String: TemplateValue] {
        [
            "account": account?.templateValue ?? .null,
            "csrf": csrf?.templateValue ?? .null,
            "otherAccounts": .list(otherAccounts.map(\.templateValue)),
            "manyAccounts": .bool(!otherAccounts.isEmpty),
            "offersSignIn": .bool(offersSignIn),
            "doneMessage": .optional(done?.text),
        ]
    }
}
