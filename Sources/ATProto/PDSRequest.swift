/// A request about to go to a PDS, as its authorizer sees it: what a DPoP proof signs
/// (`htm` is the method, `htu` the URL without its query).
public struct PDSRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    public var method: String
    /// The absolute URL, query included.
    public var url: String
    /// The XRPC method called.
    public var nsid: String

    public init(method: String, url: String, nsid: String) {
        self.method = method
        self.url = url
        self.nsid = nsid
    }
}
