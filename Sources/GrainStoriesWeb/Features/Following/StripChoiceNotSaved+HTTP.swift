package import MicroHTTPServer
package import Social

/// A strip choice that could not be stored is this server's passing trouble: 503.
extension StripChoiceNotSaved: HTTPResponseError {
    package var status: HTTPStatus { .serviceUnavailable }
    package var publicMessage: String { userMessage }
}
