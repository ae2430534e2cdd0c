package import MicroHTTPServer
package import Posting

/// Too many drafts is the person asking too often (429); too many bytes is a body too
/// large for what they may keep (413).
extension DraftQuota.Exceeded: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .tooManyDrafts: .tooManyRequests
        case .tooManyBytes: .contentTooLarge
        }
    }
}
