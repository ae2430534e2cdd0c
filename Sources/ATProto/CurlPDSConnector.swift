/// The live `PDSConnector`: a `PDSClient` over the server's outgoing HTTP client (curl),
/// which applies the outbound address policy to every PDS URL.
package struct CurlPDSConnector: PDSConnector {
    package let http: OutboundHTTP

    package init(http: OutboundHTTP) {
        self.http = http
    }

    package func connection(to baseURL: String, authorizer: any PDSAuthorizer) -> any PDSConnection {
        PDSClient(baseURL: baseURL, http: http, authorizer: authorizer)
    }
}
