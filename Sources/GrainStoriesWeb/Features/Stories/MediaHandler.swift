import MicroHTTPServer
import Viewing

/// `GET /media/{signature}/{encoded URL}`: an image through the server's own cache.
/// Unsigned or tampered paths are a 404, so this is never an open proxy.
///
/// An image already on disk is answered on the HTTP server's thread
/// (`respondImmediately`), sent from its file; only a download waits in a task.
/// `If-None-Match` gets a 304 and a single `Range` a 206 (see `ByteRangeRequest`).
///
/// The whole image, asked for without conditions, is the same answer every time: the
/// first such answer is prepared in the server's form with the file held open (as nginx's
/// `open_file_cache` holds it) and attached to the cache's entry, which releases it, and
/// the file, when the image is evicted. Opening the file and building the answer and its
/// ten fields for every request were more than a fifth of the instructions this answer
/// cost the server (issue 26). The cache's files never change in place; a new download is a new file.
///
/// `GET /media/{signature}/{encoded URL}/{width}` is the same image made `width` pixels
/// wide (one of `MediaWidths.all`, else 404) by `PhotoSizes`, kept in the same cache under
/// its own key and answered the same way (sendfile, immutable, prepared when whole). Only
/// a page that shows the image hands out its sizes, as it hands out the image itself
/// (`MediaURLSigner.srcset`), so content warnings and blocks hold for every size.
struct MediaHandler: Sendable {
    let signer: MediaURLSigner
    let cache: MediaCache
    let sizes: PhotoSizes

    /// An answer kept with a cached image (`MediaCache.attach`).
    private final class ReadyAnswer: Sendable {
        let response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// The answer for an image already in the cache (or a bad signature); nil when it
    /// must be downloaded first, which `respond` does.
    func respondImmediately(_ context: RequestContext) throws(HTTPError) -> HTTPResponse? {
        guard let entry = cache.cachedEntry(for: try url(context)) else { return nil }
        return answer(entry, context)
    }

    /// The answer for a size already made, nil when it must be made first (`respondSized`).
    func respondSizedImmediately(_ context: RequestContext) throws(HTTPError) -> HTTPResponse? {
        let (url, width) = try sized(context)
        guard let entry = cache.cachedEntry(forKey: cache.derivedKey(url: url, variant: Self.variant(width))) else { return nil }
        return answer(entry, context)
    }

    /// The size, made first if needed from the cached image (downloaded first if needed).
    func respondSized(_ context: RequestContext) async throws -> HTTPResponse {
        let (url, width) = try sized(context)
        let sizes = sizes
        let client = context.request.clientAddress
        do {
            let original = try await cache.entry(for: url)
            let entry = try await cache.derivedEntry(key: cache.derivedKey(url: url, variant: Self.variant(width))) { output throws(MediaCache.Failure) in
                try await sizes.make(original: original.path, output: output, width: width, client: client)
            }
            return Self.response(for: entry, request: context.request)
        } catch {
            throw Self.httpError(error)
        }
    }

    private static func variant(_ width: Int) -> String { "w\(width)" }

    private func sized(_ context: RequestContext) throws(HTTPError) -> (url: String, width: Int) {
        let url = try url(context)
        guard let width = Int(try context.parameter("width")), MediaWidths.all.contains(width) else { throw HTTPError.notFound }
        return (url, width)
    }

    /// A cached file's answer on the server's thread: prepared once when asked for whole.
    private func answer(_ entry: MediaCache.Entry, _ context: RequestContext) -> HTTPResponse {
        let request = context.request
        guard Self.asksForTheWholeImage(request) else { return Self.response(for: entry, request: request) }
        if let ready = entry.attachment as? ReadyAnswer { return ready.response }
        let answer = SecurityHeaders.prepared(Self.response(for: entry, request: request), keepingFileOpen: true)
        // Not prepared (the file could not be opened): answered, and logged, per request.
        if answer.prepared != nil { cache.attach(ReadyAnswer(answer), to: entry) }
        return answer
    }

    /// Whether the answer is the whole image as it is for everyone: no validator to
    /// compare and no range (HEAD gets the same answer, which the server sends without
    /// its body).
    private static func asksForTheWholeImage(_ request: HTTPRequest) -> Bool {
        request.headers["If-None-Match"] == nil && request.headers["Range"] == nil
    }

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let url = try url(context)
        let entry: MediaCache.Entry
        do {
            entry = try await cache.entry(for: url)
        } catch {
            throw Self.httpError(error)
        }
        return Self.response(for: entry, request: context.request)
    }

    private static func httpError(_ error: MediaCache.Failure) -> HTTPError {
        switch error {
        case .notFound: HTTPError(.notFound, "That image no longer exists.")
        case .upstream, .notAnImage, .storage, .cancelled: HTTPError(.badGateway, "That image could not be fetched from Grain just now.")
        case .notMade: HTTPError(.badGateway, "That image could not be made smaller just now.")
        }
    }

    private func url(_ context: RequestContext) throws(HTTPError) -> String {
        guard let url = try signer.url(signature: context.parameter("signature"), encodedURL: context.parameter("url")) else {
            throw HTTPError.notFound
        }
        return url
    }

    /// The cached file as the request asks for it: 304, 206, 416 or the whole file.
    static func response(for entry: MediaCache.Entry, request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "public, max-age=31536000, immutable")
        headers.add("ETag", entry.etag)
        if let condition = request.headers["If-None-Match"], ETagMatcher.matches(condition, etag: entry.etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", entry.contentType)
        headers.add("Accept-Ranges", "bytes")
        // Range is defined for GET only (RFC 9110 §14.2); HEAD describes the whole file.
        let range =
            request.method == .get
            ? ByteRangeRequest(range: request.headers["Range"], ifRange: request.headers["If-Range"], etag: entry.etag, size: entry.size)
            : .whole
        switch range {
        case .whole:
            return HTTPResponse(status: .ok, headers: headers, body: .file(path: entry.path, size: entry.size))
        case .partial(let offset, let length):
            headers.add("Content-Range", "bytes \(offset)-\(offset + length - 1)/\(entry.size)")
            return HTTPResponse(status: .partialContent, headers: headers, body: .fileRange(path: entry.path, offset: offset, length: length))
        case .unsatisfiable:
            headers.set("Content-Type", "text/plain; charset=utf-8")
            headers.add("Content-Range", "bytes */\(entry.size)")
            return HTTPResponse(status: .rangeNotSatisfiable, headers: headers, body: .bytes(Array("That range is outside the image.\n".utf8)))
        }
    }
}
