import HTMLTemplates
public import MicroHTTPServer

/// The one place errors become responses: `HTTPResponseError`s become an error page
/// with their status and public message; anything else is logged with the request
/// and answered with a 500 page that shows no internals, only a reference to quote.
public struct ErrorResponder: Sendable {
    let pages: PageRenderer
    let logger: Logger

    public init(pages: PageRenderer, logger: Logger) {
        self.pages = pages
        self.logger = logger
    }

    public func response(for error: any Error, request: HTTPRequest, requestID: String) -> HTTPResponse {
        let status: HTTPStatus
        let message: String
        var extraHeaders: [(String, String)] = []
        if let known = error as? any HTTPResponseError {
            status = known.status
            message = known.publicMessage
            extraHeaders = known.headers
            if status.code >= 500 {
                logger.warning("request failed", ["id": requestID, "path": request.path, "status": String(status.code), "error": String(describing: known)])
            }
        } else {
            status = .internalServerError
            message = "Something went wrong on this server. It has been logged; please try again."
            logger.error("unexpected error", [
                "id": requestID, "method": request.method.rawValue, "path": request.path,
                "error": String(describing: error),
            ])
        }
        var response: HTTPResponse
        do {
            response = try pages.render("error", status: status, [
                "status": .int(status.code),
                "title": .string(status.reasonPhrase),
                "message": .string(message),
                "reference": .string(requestID),
                "isServerError": .bool(status.code >= 500),
            ], for: nil)
        } catch {
            logger.error("the error page itself failed to render", ["id": requestID, "error": String(describing: error)])
            response = HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: "\(status.code) \(status.reasonPhrase)\n\n\(message)\n")
        }
        for (name, value) in extraHeaders { response.headers.set(name, value) }
        return response
    }
}
