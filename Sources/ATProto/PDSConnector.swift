/// Opens a `PDSConnection` to the PDS at a base URL: the one way the server reaches
/// people's PDSes, so the whole PDS edge can be replaced (`AuthorizedPDS` holds one).
package protocol PDSConnector: Sendable {
    /// A connection whose calls `authorizer` authorizes (a signed-in account's session).
    func connection(to baseURL: String, authorizer: any PDSAuthorizer) -> any PDSConnection
}

extension PDSConnector {
    /// A connection without credentials: public reads, and creating an app-password
    /// session.
    package func connection(to baseURL: String) -> any PDSConnection {
        connection(to: baseURL, authorizer: AnonymousAuthorizer())
    }
}
