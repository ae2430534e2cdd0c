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

    package init(adding: Bool, problem: String?, identifier: String, pds: String, csrfToken: String, next: String?) {
        self.adding = adding
        self.problem = problem
        self.identifier = identifier
        self.pds = pds
        self.csrfToken = csrfToken
        self.next = next
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
        ]
    }
}
