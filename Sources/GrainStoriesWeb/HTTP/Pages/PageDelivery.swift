import GrainSupport
import GzipCompression
package import MicroHTTPServer

/// How a rendered page goes out: with a validator, as a 304 when the browser already has
/// it, gzip-compressed when the browser asks, and with its form tokens masked afresh.
///
/// - **Validator.** An `ETag` over the page as rendered (128 bits of SHA-256), so
///   everything per visitor (the account in the header, the seen rings, the form token) is
///   covered: a browser that signed in, switched account or saw a story never gets a 304
///   for the page it had before. The compressed answer has its own tag (`-gz`), as a
///   different representation must (RFC 9110 §8.8.1). A revisit, a story page fetched
///   again, and the home page's own minute refresh (`home-refresh.js` asks with
///   `cache: "no-cache"`) get a 304 of a few hundred bytes when nothing changed. A page
///   with a token is tagged before its token is masked, so the tag stays the same from one
///   answer to the next; since its bytes do not, the tag is weak (`W/`).
/// - **Caching.** `private, no-cache`: the browser keeps the page and asks each time; no
///   shared cache may keep it (a page can carry someone's account or form token), and
///   `Vary: Accept-Encoding, Cookie` says what else it depends on.
/// - **Compression and secrets (BREACH).** A compressed page that carries a secret and
///   also reflects what an attacker chooses (a `back` link, a query) leaks the secret
///   through its compressed length. The only secret a page carries is the form token
///   (`CSRFGuard`), always as `name="csrf" value="…"`; every such value is masked with
///   fresh random bytes in every answer (`TokenMask`), so no two answers carry the same
///   token bytes and the page may be compressed. A page with a `name="csrf"` whose value
///   cannot be masked (not a token's form) is sent uncompressed, as all pages with a token
///   were before.
package enum PageDelivery {
    /// Pages smaller than this are sent as they are: compressing saves less than a packet.
    static let minimumCompressedBytes = 1024
    /// zlib's default level: at 9 a large page took several times as long for a
    /// fraction of a percent.
    static let compressionLevel: Int32 = 6
    /// What marks a form token in a page (every template writes it so).
    static let tokenMarker = Array(#"name="csrf""#.utf8)
    /// What follows the marker: the token's value, up to the next `"`.
    static let tokenValuePrefix = Array(#" value=""#.utf8)

    /// The answer for `html` rendered with `status` for `request` (nil: no request to
    /// negotiate with, as in tests rendering a page alone).
    package static func response(html: [UInt8], status: HTTPStatus = .ok, request: HTTPRequest?) -> HTTPResponse {
        Page(html).response(status: status, request: request)
    }

    /// A page prepared once for many answers: its validator, where its form tokens are,
    /// and, made when first asked for, its compressed bytes (`StripPage` keeps one per
    /// visitor it remembers).
    package struct Page: Sendable {
        /// The page as rendered, tokens unmasked: never sent as it is when it has any.
        package let html: [UInt8]
        /// The identity representation's tag.
        package let etag: String
        /// Where the form tokens' values are in `html`, to mask in every answer.
        let tokens: [Range<Int>]
        /// Whether the page may be compressed: big enough, and every token masked.
        package let compressible: Bool

        package init(_ html: [UInt8]) {
            self.html = html
            let found = PageDelivery.tokenValues(in: html)
            tokens = found ?? []
            let digest = Base64URL.encode(Array(SHA256.hash(html).prefix(16)))
            etag = (tokens.isEmpty ? "\"" : "W/\"") + digest + "\""
            compressible = html.count >= PageDelivery.minimumCompressedBytes && found != nil
        }

        /// Whether the page carries a form token (each answer then differs from the last).
        package var carriesToken: Bool { !tokens.isEmpty }

        /// The compressed representation's tag.
        package var gzipETag: String { String(etag.dropLast()) + "-gz\"" }

        /// Whether `request` takes this page compressed.
        package func sendsGzip(to request: HTTPRequest?) -> Bool {
            compressible && AcceptEncoding.allowsGzip(request?.headers["Accept-Encoding"])
        }

        /// The 304 when `request`'s `If-None-Match` names this page (either
        /// representation: both stand for the same page), else nil.
        package func notModified(for request: HTTPRequest?, status: HTTPStatus = .ok) -> HTTPResponse? {
            guard status == .ok, let request, request.method == .get || request.method == .head,
                let condition = request.headers["If-None-Match"],
                ETagMatcher.matches(condition, etag: etag) || ETagMatcher.matches(condition, etag: gzipETag)
            else { return nil }
            return HTTPResponse(status: .notModified, headers: PageDelivery.headers(etag: sendsGzip(to: request) ? gzipETag : etag))
        }

        /// The whole answer for `request`: a 304, or the page with its tokens freshly
        /// masked (compressed when it may be). `gzipped` is the compressed page kept by
        /// the caller, only for a page without a token.
        package func response(status: HTTPStatus = .ok, request: HTTPRequest?, gzipped: [UInt8]? = nil) -> HTTPResponse {
            if let notModified = notModified(for: request, status: status) { return notModified }
            let body = masked()
            if sendsGzip(to: request),
                let compressed = (carriesToken ? nil : gzipped) ?? (try? Gzip.compress(body, level: PageDelivery.compressionLevel))
            {
                var headers = PageDelivery.headers(etag: status == .ok ? gzipETag : nil)
                headers.add("Content-Type", "text/html; charset=utf-8")
                headers.add("Content-Encoding", "gzip")
                return HTTPResponse(status: status, headers: headers, body: .bytes(compressed))
            }
            var headers = PageDelivery.headers(etag: status == .ok ? etag : nil)
            headers.add("Content-Type", "text/html; charset=utf-8")
            return HTTPResponse(status: status, headers: headers, body: .bytes(body))
        }

        /// The page as one answer sends it: every token masked with fresh random bytes.
        func masked() -> [UInt8] {
            guard !tokens.isEmpty else { return html }
            var out: [UInt8] = []
            out.reserveCapacity(html.count + tokens.count * 48)
            var copied = 0
            for range in tokens {
                out += html[copied..<range.lowerBound]
                let token = html[range]
                if let masked = TokenMask.mask(String(decoding: token, as: UTF8.self)) { out += masked.utf8 } else { out += token }
                copied = range.upperBound
            }
            out += html[copied...]
            return out
        }

        /// The compressed bytes, for a caller that keeps them (`StripPage`): only for a
        /// page without a token, whose every answer is the same.
        package func compressed() -> [UInt8]? {
            compressible && !carriesToken ? try? Gzip.compress(html, level: PageDelivery.compressionLevel) : nil
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

    /// Where the values of the form tokens in `html` are (empty values left out: nothing
    /// to hide); nil when a `name="csrf"` is not followed by ` value="` and a token of
    /// base64url, so it could not be masked. Template text is escaped, so no visitor's
    /// words can make a marker.
    static func tokenValues(in html: [UInt8]) -> [Range<Int>]? {
        var found: [Range<Int>] = []
        var from = 0
        while let marker = firstIndex(of: tokenMarker, in: html, from: from) {
            let valueStart = marker + tokenMarker.count + tokenValuePrefix.count
            guard valueStart <= html.count, html[(marker + tokenMarker.count)..<valueStart].elementsEqual(tokenValuePrefix),
                let end = html[valueStart...].prefix(4 * TokenMask.maxTokenBytes + 1).firstIndex(of: UInt8(ascii: "\""))
            else { return nil }
            let value = valueStart..<end
            if !value.isEmpty {
                guard TokenMask.canMask(String(decoding: html[value], as: UTF8.self)) else { return nil }
                found.append(value)
            }
            from = end
        }
        return found
    }

    /// Where `needle` first occurs in `bytes` at or after `start`: a plain scan, once per
    /// rendered page (the C library's `memmem` is not visible to Swift here without
    /// `_GNU_SOURCE`).
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { wanted in
                var index = start
                let last = haystack.count - wanted.count
                while index <= last {
                    if haystack[index] == first {
                        var offset = 1
                        while offset < wanted.count, haystack[index + offset] == wanted[offset] { offset += 1 }
                        if offset == wanted.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
