/// A request about to go to a PDS, as its authorizer sees it: what a DPoP proof signs
/// (`htm` is the method, `htu` the URL without its query).
package struct PDSRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    package var method: String
    /// The absolute URL, query included.
    package var url: String
    /// The XRPC method called.
    package var nsid: String

    package init(method: String, url: String, nsid: String) {
        self.method = method
        self.url = url
        self.nsid = nsid
    }
}
