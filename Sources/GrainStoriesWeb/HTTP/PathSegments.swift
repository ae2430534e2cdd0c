import GrainSupport
import MicroHTTPServer

/// A request path split into decoded segments, refusing every form of traversal.
///
/// The server hands over the raw, still-encoded path, so `%2e%2e` and `%2f` are seen
/// here rather than silently decoded by someone else first. A segment that decodes to
/// `.` or `..`, or that contains `/`, `\` or NUL after decoding, makes the whole path
/// a bad request: no route needs them, and refusing them once here protects every
/// handler (static files especially).
package struct PathSegments: Sendable, Equatable {
    package let segments: [String]

    package init(segments: [String]) { self.segments = segments }

    package init(rawPath: String) throws(HTTPError) {
        guard rawPath.utf8.first == 0x2F else { throw HTTPError.badRequest("The address must start with a slash.") }
        guard rawPath.utf8.count <= 4096 else { throw HTTPError(.uriTooLong, "That address is too long.", headers: [("Connection", "close")]) }
        if let plain = Self.plainSegments(rawPath) {
            segments = plain
            return
        }
        var decoded: [String] = []
        for raw in rawPath.utf8.split(separator: 0x2F, omittingEmptySubsequences: false).dropFirst() {
            let rawText = Substring(raw)
            guard let segment = PercentEncoding.decode(rawText, plusIsSpace: false) else {
                throw HTTPError.badRequest("The address has a malformed percent-escape.")
            }
            if segment == "." || segment == ".." || segment.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 == 0 }) {
                throw HTTPError.badRequest("That address is not allowed.")
            }
            decoded.append(segment)
        }
        // "/" is no segments; a trailing slash ("/profile/") is ignored.
        if decoded.last == "" { decoded.removeLast() }
        if decoded.contains("") { throw HTTPError.badRequest("The address has an empty path segment.") }
        segments = decoded
    }

    /// The segments of a path with nothing to decode or refuse (no `%`, `\`, NUL, empty
    /// segment or dot segment), split straight from its bytes; nil sends the path through
    /// the full check above, which gives the same segments for such a path. Every request
    /// is split once; the generic way cost as much as answering `/healthz`.
    private static func plainSegments(_ rawPath: String) -> [String]? {
        var path = rawPath
        return path.withUTF8 { bytes -> [String]? in
            var segments: [String] = []
            var start = 1
            var index = 1
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == 0x2F {
                    let length = index - start
                    if length == 0 {
                        // Only a trailing slash may leave a segment empty ("/" and "/profile/").
                        guard index == bytes.count else { return nil }
                    } else {
                        let segment = UnsafeBufferPointer(rebasing: bytes[start..<index])
                        if segment.allSatisfy({ $0 == 0x2E }), length <= 2 { return nil }
                        segments.append(String(decoding: segment, as: UTF8.self))
                    }
                    start = index + 1
                } else if bytes[index] == 0x25 || bytes[index] == 0x5C || bytes[index] == 0 {
                    return nil
                }
                index += 1
            }
            return segments
        }
    }
}
