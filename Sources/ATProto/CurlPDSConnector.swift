/// The live `PDSConnector`: a `PDSClient` over the server's outgoing HTTP client (curl),
/// which applies the outbound address policy to every PDS URL.
public struct CurlPDSConnector: PDSConnector {
    public let http: OutboundHTTP

    public init(http: OutboundHTTP) {
        self.http = http
    }

    public func connection(to baseURL: String, authorizer: any PDSAuthorizer) -> any PDSConnection {
        PDSClient(baseURL: baseURL, http: http, authorizer: authorizer)
    }
}
