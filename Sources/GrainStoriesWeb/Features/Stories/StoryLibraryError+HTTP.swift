package import MicroHTTPServer
package import Viewing

/// Grain being unreachable is the server's upstream failing: a 503, with words that say
/// so and nothing of the cause (which the error boundary logs).
extension StoryLibraryError: HTTPResponseError {
    package var status: HTTPStatus { .serviceUnavailable }
}
