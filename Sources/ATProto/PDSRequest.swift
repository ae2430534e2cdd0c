/// A request about to go to a PDS, as its authorizer sees it: what a DPoP proof signs
/// (`htm` is the method, `htu` the URL without its query).
package struct PDSRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    package var method: String
    /// The absolute URL, query included.
    package var url: String
    /// The XRPC method called.
    package var xrpcMethod: XRPCMethod

    package init(method: String, url: String, xrpcMethod: XRPCMethod) {
        self.method = method
        self.url = url
        self.xrpcMethod = xrpcMethod
    }
}
