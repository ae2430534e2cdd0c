package import HTMLTemplates

/// `oauth-continue.html`: the answer to the OAuth sign-in form, which takes the browser
/// on to the account's authorization server. It is a page (a zero-second refresh and a
/// link) rather than a redirect because every page's `form-action 'self'` would stop a
/// form's redirect to another site, and that policy stays strict everywhere.
package struct OAuthContinuePageModel: PageModel, Equatable {
    package static let templateName = "oauth-continue"

    /// The authorization server's address for this sign-in.
    package var location: String
    /// The authorization server's host, named for the person.
    package var host: String

    package init(location: String, host: String) {
        self.location = location
        self.host = host
    }

    package var templateValues: [String: TemplateValue] {
        ["location": .string(location), "host": .string(host)]
    }
}
