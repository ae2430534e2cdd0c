/// The query the authorization server sends the browser back with (RFC 6749 §4.1.2,
/// RFC 9207's `iss`): a code, or an error, with the `state` of the sign-in.
package struct OAuthCallback: Sendable, Equatable {
    package var state: String?
    package var code: String?
    package var issuer: String?
    package var error: String?

    package init(state: String?, code: String?, issuer: String?, error: String?) {
        self.state = state
        self.code = code
        self.issuer = issuer
        self.error = error
    }

    /// The callback in a query string (`code=…&state=…&iss=…`).
    package init(query: String) {
        let fields = OAuthForm.decode(query)
        self.init(state: fields["state"], code: fields["code"], issuer: fields["iss"], error: fields["error"])
    }
}
