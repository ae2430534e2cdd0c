import GrainSupport
import GzipCompression
package import MicroHTTPServer

/// How a rendered page goes out: with a validator, as a 304 when the browser already has
/// it, and gzip-compressed when the browser asks and the page carries no secret.
///
/// - **Validator.** A strong `ETag` over the page's exact bytes (128 bits of SHA-256), so
///   everything per visitor (the account in the header, the seen rings, the form token) is
///   covered: a browser that signed in, switched account or saw a story never gets a 304
///   for the page it had before. The compressed answer has its own tag (`-gz`), as a
///   different representation must (RFC 9110 §8.8.1). A revisit, a story page fetched
///   again, and the home page's own minute refresh (`home-refresh.js` asks with
///   `cache: "no-cache"`) get a 304 of a few hundred bytes when nothing changed.
/// - **Caching.** `private, no-cache`: the browser keeps the page and asks each time; no
///   shared cache may keep it (a page can carry someone's account or form token), and
///   `Vary: Accept-Encoding, Cookie` says what else it depends on.
/// - **Compression and secrets (BREACH).** A compressed page that carries a secret and
///   also reflects what an attacker chooses (a `back` link, a query) leaks the secret
///   through its compressed length. The only secret a page carries is the form token
///   (`CSRFGuard`), always as `name="csrf" value="…"`; a page with one is sent
///   uncompressed. The visitor's home page, the story pages, profiles and TV, which carry
///   no token for someone not signed in, are compressed (a 267 KB home page of 204 people
///   to about 18 KB); a signed-in person's pages, whose header holds the token, are not.
package enum PageDelivery {
    /// Pages smaller than this are sent as they are: compressing saves less than a packet.
    static let minimumCompressedBytes = 1024
    /// zlib's default level: at 9 a large page took several times as long for a
    /// fraction of a percent.
    static let compressionLevel: Int32 = 6
    /// What marks a form token in a page (every template writes it so).
    static let tokenMarker = Array(#"name="csrf""#.utf8)

    /// The answer for `html` rendered with `status` for `request` (nil: no request to
    /// negotiate with, as in tests rendering a page alone).
    package static func response(html: [UInt8], status: HTTPStatus = .ok, request: HTTPRequest?) -> HTTPResponse {
        Page(html).response(status: status, request: request)
    }

    /// A page prepared once for many answers: its validator and, made when first asked
    /// for, its compressed bytes (`StripPage` keeps one per visitor it remembers).
    package struct Page: Sendable {
        package let html: [UInt8]
        /// The identity representation's tag.
        package let etag: String
        /// Whether the page may be compressed (no form token in it).
        package let compressible: Bool

        package init(_ html: [UInt8]) {
            self.html = html
            let digest = SHA256.hash(html).prefix(16)
            etag = "\"" + Base64URL.encode(Array(digest)) + "\""
            compressible = html.count >= PageDelivery.minimumCompressedBytes && !PageDelivery.contains(html, PageDelivery.tokenMarker)
        }

        /// The compressed representation's tag.
        package var gzipETag: String { String(etag.dropLast()) + "-gz\"" }

        /// Whether `request` takes this page compressed.
        package func sendsGzip(to request: HTTPRequest?) -> Bool {
            compressible && AcceptEncoding.allowsGzip(request?.headers["Accept-Encoding"])
        }

        /// The 304 when `request`'s `If-None-Match` names this page (either
        /// representation: both stand for the same bytes), else nil.
        package func notModified(for request: HTTPRequest?, status: HTTPStatus = .ok) -> HTTPResponse? {
            guard status == .ok, let request, request.method == .get || request.method == .head,
                let condition = request.headers["If-None-Match"],
                ETagMatcher.matches(condition, etag: etag) || ETagMatcher.matches(condition, etag: gzipETag)
            else { return nil }
            return HTTPResponse(status: .notModified, headers: PageDelivery.headers(etag: sendsGzip(to: request) ? gzipETag : etag))
        }

        /// The whole answer for `request`: a 304, or the page (compressed when it may be).
        package func response(status: HTTPStatus = .ok, request: HTTPRequest?, gzipped: [UInt8]? = nil) -> HTTPResponse {
            if let notModified = notModified(for: request, status: status) { return notModified }
            if sendsGzip(to: request), let compressed = gzipped ?? (try? Gzip.compress(html, level: PageDelivery.compressionLevel)) {
                var headers = PageDelivery.headers(etag: status == .ok ? gzipETag : nil)
                headers.add("Content-Type", "text/html; charset=utf-8")
                headers.add("Content-Encoding", "gzip")
                return HTTPResponse(status: status, headers: headers, body: .bytes(compressed))
            }
            var headers = PageDelivery.headers(etag: status == .ok ? etag : nil)
            headers.add("Content-Type", "text/html; charset=utf-8")
            return HTTPResponse(status: status, headers: headers, body: .bytes(html))
        }

        /// The compressed bytes, for a caller that keeps them (`StripPage`).
        package func compressed() -> [UInt8]? {
            compressible ? try? Gzip.compress(html, level: PageDelivery.compressionLevel) : nil
        }
    }

    /// The caching fields every page answer carries.
    static func headers(etag: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "private, no-cache")
        headers.add("Vary", "Accept-Encoding, Cookie")
        if let etag { headers.add("ETag", etag) }
        return headers
    }

    /// Whether `needle` occurs in `bytes`: a plain scan, once per rendered page (the C
    /// library's `memmem` is not visible to Swift here without `_GNU_SOURCE`).
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { wanted in
                var index = 0
                let last = haystack.count - wanted.count
                while index <= last {
                    if haystack[index] == first {
                        var offset = 1
                        while offset < wanted.count, haystack[index + offset] == wanted[offset] { offset += 1 }
                        if offset == wanted.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
