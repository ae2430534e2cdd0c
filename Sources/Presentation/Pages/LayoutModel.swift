public import HTMLTemplates
public import Accounts
import ATProto

/// What `layout.html` and `partials/header.html` read on every page besides the asset
/// URLs and the site's name (which `PageRenderer` adds): the signed-in account, the other
/// accounts signed in on this browser, and the form token.
///
/// The per-visitor fields are `VisitorText`, so a page rendered once for many visitors
/// (the home page's stencil) marks them as slots here, explicitly.
public struct LayoutModel: TemplateModel, Equatable {
    /// An account as the header's menu shows it.
    public struct Account: TemplateModel, Equatable {
        public var name: VisitorText
        public var handle: VisitorText
        public var did: VisitorText

        public init(name: VisitorText, handle: VisitorText, did: VisitorText) {
            self.name = name
            self.handle = handle
            self.did = did
        }

        public init(_ session: AccountSession) {
            self.init(name: .text(session.name), handle: .text(session.shownHandle), did: .text(session.did.rawValue))
        }

        public var templateValues: [String: TemplateValue] {
            ["name": name.templateValue, "handle": handle.templateValue, "did": did.templateValue]
        }
    }

    public var account: Account?
    /// This browser's form token, when it has one.
    public var csrf: VisitorText?
    public var otherAccounts: [Account]

    public init(account: Account?, csrf: VisitorText?, otherAccounts: [Account]) {
        self.account = account
        self.csrf = csrf
        self.otherAccounts = otherAccounts
    }

    public var templateValues: [String: TemplateValue] {
        [
            "account": account?.templateValue ?? .null,
            "csrf": csrf?.templateValue ?? .null,
            "otherAccounts": .list(otherAccounts.map(\.templateValue)),
            "manyAccounts": .bool(!otherAccounts.isEmpty),
        ]
    }
}
