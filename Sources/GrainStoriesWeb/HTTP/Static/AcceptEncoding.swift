import FoundationEssentials
import GrainSupport

/// Reads `Accept-Encoding` (RFC 9110 §12.5.3) far enough to decide about gzip.
enum AcceptEncoding {
    /// True when `gzip` (or `*`) is listed with a non-zero quality and not excluded.
    static func allowsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingWhitespace().lowercased() }
            guard let coding = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
            if coding == "*" { wildcard = quality > 0 }
        }
        return wildcard ?? false
    }
}
