import FoundationEssentials
import GrainSupport

/// `If-None-Match` evaluation (RFC 9110 §13.1.2): a list of entity tags or `*`,
/// compared weakly.
enum ETagMatcher {
    static func matches(_ header: String, etag: String) -> Bool {
        let wanted = opaque(etag)
        for candidate in header.split(separator: ",") {
            let tag = candidate.trimmingWhitespace()
            if tag == "*" || opaque(tag) == wanted { return true }
        }
        return false
    }

    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
    }
}
