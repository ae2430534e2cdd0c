package import HTMLTemplates

/// `signin.html`: signing in, or adding an account when someone is signed in already.
/// The form token is its own (`csrfToken`): a visitor who is not signed in has no
/// page-wide one yet.
package struct SignInPageModel: PageModel, Equatable {
    package static let templateName = "signin"

    /// Whether someone is signed in on this browser already ("Add an account").
    package var adding: Bool
    package var problem: String?
    /// The handle typed before, kept on a failed attempt.
    package var identifier: String
    /// The PDS address typed before; empty when none.
    package var pds: String
    package var csrfToken: String
    /// Where to go once signed in.
    package var next: String?
    /// The heading, when the visitor came here to do something (a ♥, a comment).
    package var heading: String?
    /// Whether "My PDS cannot be found automatically" renders unfolded: a PDS address was
    /// typed, or the problem is one the PDS address field answers.
    package var showsPDS: Bool
    /// A field of the app-password form (the OAuth form has only the handle).
    package enum Field: Sendable, Equatable {
        case identifier, password, pds
    }

    /// The field that needs fixing after a failed attempt: it takes the focus and is
    /// marked invalid, described by the message. Nil on a fresh page.
    package var focus: Field?
    /// Whether an attempt with a password failed: the handle and PDS are kept, but the
    /// password never goes back into the page (a page can be kept by caches, the
    /// back-forward cache or "save page"), so the page says to type it again.
    package var passwordCleared: Bool
    /// Whether the page offers signing in through the account's own server (OAuth).
    package var offersOAuth = false
    /// Whether the page offers app passwords (beside OAuth, folded away, or alone).
    package var offersAppPasswords = true
    /// With OAuth offered, whether the app-password form renders unfolded (its own
    /// attempt failed).
    package var showsAppPassword = false

    package init(
        adding: Bool, problem: String?, identifier: String, pds: String, csrfToken: String, next: String?,
        heading: String? = nil, showsPDS: Bool = false, focus: Field? = nil, passwordCleared: Bool = false
    ) {
        self.adding = adding
        self.problem = problem
        self.identifier = identifier
        self.pds = pds
        self.csrfToken = csrfToken
        self.next = next
        self.heading = heading
        self.showsPDS = showsPDS || !pds.isEmpty
        self.focus = focus
        self.passwordCleared = passwordCleared
    }

    package var templateValues: [String: TemplateValue] {
        [
            "title": .string(adding ? "Add an account" : "Sign in"),
            "adding": .bool(adding),
            "problem": .optional(problem),
            "identifier": .string(identifier),
            "pds": pds.isEmpty ? .null : .string(pds),
            "csrfToken": .string(csrfToken),
            "next": .optional(next),
            "heading": .string(heading ?? "Sign in to post stories"),
            "showsPDS": .bool(showsPDS),
            // The app-password form's fields take the focus only where that form is open.
            "focusesIdentifier": .bool(focus == .identifier && (!offersOAuth || showsAppPassword)),
            "focusesPassword": .bool(focus == .password && (!offersOAuth || showsAppPassword)),
            "focusesPDS": .bool(focus == .pds && (!offersOAuth || showsAppPassword)),
            // The OAuth form's handle, when that is what to fix there.
            "focusesOAuthIdentifier": .bool(focus == .identifier && offersOAuth && !showsAppPassword),
            "passwordCleared": .bool(passwordCleared),
            "offersOAuth": .bool(offersOAuth),
            "offersAppPasswords": .bool(offersAppPasswords),
            "showsAppPassword": .bool(showsAppPassword),
        ]
    }
}
