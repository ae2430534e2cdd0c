package import MicroHTTPServer
package import Social

/// The person's PDS could not be read for their hearts: a 503 that says to try again,
/// rather than a guess that could make a second favourite.
extension SocialOutbox.HeartsUnknown: HTTPResponseError {
    package var status: HTTPStatus { .serviceUnavailable }
    package var publicMessage: String { "Your likes cannot be read from your PDS just now. Please try again in a minute." }
}
