import ATProto
import GrainSupport

/// Turns image URLs the AppView handed us into `/media/…` paths on this server, signed
/// with the server's secret, and checks such paths when they come back.
///
/// This is what keeps the image proxy from being an open proxy: it only ever fetches a
/// URL whose signature it made itself. Only `https` URLs are signed (plus `http` for
/// hosts the operator listed as insecure, for LAN and test setups); anything else,
/// `javascript:` included, gets no media path at all.
package struct MediaURLSigner: Sendable {
    private let key: [UInt8]
    private let insecureHosts: Set<String>
    /// Signing is a pure function of the URL (the key and hosts are fixed), and every
    /// page signs the same few avatar and photo URLs again, so answers are remembered.
    private let memo = BoundedMemo<String, String?>(capacity: 4096)
    /// "signature/encoded URL" → URL, for signed paths that checked out.
    private let verified = BoundedMemo<String, String>(capacity: 4096)

    package init(key: [UInt8], insecureHosts: Set<String> = []) {
        precondition(key.count >= 32, "the media signing key must have at least 256 bits")
        self.key = key
        self.insecureHosts = insecureHosts
    }

    /// `/media/<signature>/<base64url of the URL>`, or nil for URLs we will not proxy.
    /// Photos this server holds itself (`/local-photos/…`, just posted) are returned as
    /// they are.
    package func path(for url: String) -> String? {
        if url.hasPrefix("/local-photos/") {
            // Draft ids are base64url.
            let id = url.dropFirst("/local-photos/".count)
            return !id.isEmpty && Base64URL.isAlphabetOnly(id) ? url : nil
        }
        return memo.value(for: url, makePath)
    }

    private func makePath(for url: String) -> String? {
        guard let target = OutboundURL(url, insecureHosts: insecureHosts) else { return nil }
        let bytes = Array(target.text.utf8)
        return "/media/" + signature(bytes) + "/" + Base64URL.encode(bytes)
    }

    /// `path(for:)` of `url` at one of `MediaWidths.all` (`/media/<signature>/<url>/<width>`),
    /// the cached photo made that wide; nil when `url` is not proxied or is a photo this
    /// server holds itself (a local photo has no sizes).
    package func path(for url: String, width: Int) -> String? {
        guard MediaWidths.all.contains(width), let path = path(for: url), path.hasPrefix("/media/") else { return nil }
        return path + "/" + String(width)
    }

    /// The `srcset` of `url` at `widths`, ending with the original at `original` pixels
    /// when given; nil when there are no sizes (a local photo, a URL not proxied).
    package func srcset(for url: String, widths: [Int], original: Int? = nil) -> String? {
        guard let path = path(for: url), path.hasPrefix("/media/") else { return nil }
        var candidates = widths.filter(MediaWidths.all.contains).map { "\(path)/\($0) \($0)w" }
        if let original { candidates.append("\(path) \(original)w") }
        return candidates.joined(separator: ", ")
    }

    /// The URL a signed path stands for, or nil when the signature does not match.
    /// Paths that checked out are remembered (only those: made-up ones cannot fill the
    /// memo), so an image asked for again costs no HMAC.
    package func url(signature: String, encodedURL: String) -> String? {
        let path = signature + "/" + encodedURL
        if let known = verified.known(path) { return known }
        guard let url = verify(signature: signature, encodedURL: encodedURL) else { return nil }
        verified.remember(url, for: path)
        return url
    }

    private func verify(signature: String, encodedURL: String) -> String? {
        guard let bytes = Base64URL.decode(encodedURL), bytes.count <= 4096,
            let expected = Base64URL.decode(self.signature(bytes)), let given = Base64URL.decode(signature),
            HMAC.constantTimeEqual(expected, given),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        return text
    }

    /// 128 bits of HMAC-SHA256 over the URL, domain-separated from other uses of the key.
    private func signature(_ urlBytes: [UInt8]) -> String {
        Base64URL.encode(HMAC.sha256(key: key, message: Array("media:".utf8) + urlBytes).prefix(16))
    }
}
