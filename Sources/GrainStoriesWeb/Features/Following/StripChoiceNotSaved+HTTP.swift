public import MicroHTTPServer
public import Social

/// A strip choice that could not be stored is this server's passing trouble: 503.
extension StripChoiceNotSaved: HTTPResponseError {
    public var status: HTTPStatus { .serviceUnavailable }
    public var publicMessage: String { userMessage }
}
