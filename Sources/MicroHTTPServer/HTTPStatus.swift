/// An HTTP status code with its standard reason phrase.
package struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    package let code: Int
    package init(_ code: Int) { self.code = code }
    package var description: String { "\(code) \(reasonPhrase)" }

    package static let ok = HTTPStatus(200)
    package static let created = HTTPStatus(201)
    package static let accepted = HTTPStatus(202)
    package static let noContent = HTTPStatus(204)
    package static let partialContent = HTTPStatus(206)
    package static let movedPermanently = HTTPStatus(301)
    package static let found = HTTPStatus(302)
    package static let seeOther = HTTPStatus(303)
    package static let notModified = HTTPStatus(304)
    package static let badRequest = HTTPStatus(400)
    package static let unauthorized = HTTPStatus(401)
    package static let forbidden = HTTPStatus(403)
    package static let notFound = HTTPStatus(404)
    package static let methodNotAllowed = HTTPStatus(405)
    package static let requestTimeout = HTTPStatus(408)
    package static let conflict = HTTPStatus(409)
    package static let gone = HTTPStatus(410)
    package static let contentTooLarge = HTTPStatus(413)
    package static let uriTooLong = HTTPStatus(414)
    package static let unsupportedMediaType = HTTPStatus(415)
    package static let rangeNotSatisfiable = HTTPStatus(416)
    package static let unprocessableContent = HTTPStatus(422)
    package static let tooManyRequests = HTTPStatus(429)
    package static let internalServerError = HTTPStatus(500)
    package static let badGateway = HTTPStatus(502)
    package static let serviceUnavailable = HTTPStatus(503)
    package static let gatewayTimeout = HTTPStatus(504)

    package var reasonPhrase: String {
        switch code {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(code)"
        }
    }
}
