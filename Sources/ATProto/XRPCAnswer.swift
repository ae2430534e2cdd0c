package import CurlHTTPClient
import FoundationEssentials

/// One answer from an XRPC server, whatever its status: what a `PDSAuthorizer` decides
/// on (a `WWW-Authenticate` challenge, a `DPoP-Nonce` header and the body's error name
/// all matter), and what `XRPCClient` turns into a value or an `XRPCError`.
package struct XRPCAnswer: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// The XRPC error name of an error answer's `{"error", "message"}` body.
    package let errorName: String?
    /// The message of an error answer's body.
    package let message: String?

    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        let error = (200..<300).contains(status) ? nil : try? JSONDecoder().decode(ErrorBody.self, from: Data(body))
        errorName = error?.error
        message = error?.message
    }

    package init(_ response: HTTPClientResponse) {
        self.init(status: response.status, headers: response.headers, body: response.body)
    }

    package var isSuccess: Bool { (200..<300).contains(status) }

    /// The challenges of every `WWW-Authenticate` field, in order.
    package var challenges: [AuthenticationChallenge] {
        headers.values(for: "WWW-Authenticate").flatMap(AuthenticationChallenge.parse)
    }

    /// The answer as a failure: nil for a 2xx, `.remote` with everything else kept.
    package var failure: XRPCError? {
        isSuccess ? nil : .remote(status: status, error: errorName, message: message, headers: headers)
    }

    /// `{"error": "...", "message": "..."}`, both optional.
    private struct ErrorBody: Decodable {
        var error: String?
        var message: String?
    }
}
