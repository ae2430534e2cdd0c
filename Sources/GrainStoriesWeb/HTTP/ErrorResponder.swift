package import GrainSupport
import HTMLTemplates
package import MicroHTTPServer
import Presentation

/// The one place errors become responses: `HTTPResponseError`s become an error page
/// with their status and public message; anything else is logged with the request
/// and answered with a 500 page that shows no internals, only a reference to quote.
/// The page is drawn for the visitor like any other (a signed-in person keeps their
/// header and account menu, and is not offered "Sign in").
package struct ErrorResponder: Sendable {
    let pages: PageRenderer
    let logger: Logger

    package init(pages: PageRenderer, logger: Logger) {
        self.pages = pages
        self.logger = logger
    }

    /// The response for `error`, drawn for `visitor` (the request as routed, with its
    /// accounts) when there is one.
    package func response(for error: any Error, request: HTTPRequest, requestID: String, visitor: RequestContext? = nil) -> HTTPResponse {
        if let known = error as? any HTTPResponseError {
            if known.status.code >= 500 {
                logger.warning(
                    "request failed", ["id": requestID, "path": request.path, "status": String(known.status.code), "error": String(describing: known)])
            }
            var response = page(status: known.status, message: known.publicMessage, reference: requestID, visitor: visitor)
            for (name, value) in known.headers { response.headers.set(name, value) }
            return response
        }
        logger.error(
            "unexpected error",
            [
                "id": requestID, "method": request.method.rawValue, "path": request.path, "error": String(describing: error),
            ])
        return page(
            status: .internalServerError, message: "Something went wrong on this server. It has been logged; please try again.", reference: requestID,
            visitor: visitor)
    }

    /// The HTML of the error pages for the responses the HTTP server makes itself (a
    /// malformed request, a body over the limit, a failure, shutting down).
    package func serverErrorPages(maxBodyBytes: Int) -> [Int: [UInt8]] {
        let errors = [
            HTTPError.badRequest("The browser sent a request this server cannot read."),
            HTTPError.contentTooLarge(limit: maxBodyBytes),
            HTTPError(.internalServerError, "Something went wrong on this server. Please try again."),
            HTTPError(.requestTimeout, "The request took too long to arrive. Please try again."),
            HTTPError(.tooManyRequests, "Too many requests at once from your address. Please try again in a moment."),
            HTTPError(.serviceUnavailable, "This server is busy or restarting. Please try again in a moment."),
        ]
        var bodies: [Int: [UInt8]] = [:]
        for error in errors {
            if case .bytes(let bytes) = page(status: error.status, message: error.publicMessage, reference: "").body {
                bodies[error.status.code] = bytes
            }
        }
        return bodies
    }

    private func page(status: HTTPStatus, message: String, reference: String, visitor: RequestContext? = nil) -> HTTPResponse {
        do {
            let page = ErrorPageModel(status: status.code, title: status.reasonPhrase, message: message, reference: reference)
            return try pages.render(page, status: status, for: visitor)
        } catch {
            logger.error("the error page itself failed to render", ["id": reference, "error": String(describing: error)])
            return HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: "\(status.code) \(status.reasonPhrase)\n\n\(message)\n")
        }
    }
}
