import MicroHTTPServer
import Viewing

/// `GET /media/{signature}/{encoded URL}`: an image through the server's own cache.
/// Unsigned or tampered paths are a 404, so this is never an open proxy.
struct MediaHandler: Sendable {
    let signer: MediaURLSigner
    let cache: MediaCache

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        guard let url = signer.url(signature: context.parameter("signature"), encodedURL: context.parameter("url")) else {
            throw HTTPError.notFound
        }
        let entry: MediaCache.Entry
        do {
            entry = try await cache.entry(for: url)
        } catch {
            switch error {
            case .notFound: throw HTTPError(.notFound, "That image no longer exists.")
            case .upstream, .notAnImage, .storage, .cancelled: throw HTTPError(.badGateway, "That image could not be fetched from Grain just now.")
            }
        }
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "public, max-age=31536000, immutable")
        headers.add("ETag", entry.etag)
        if let condition = context.request.headers["If-None-Match"], ETagMatcher.matches(condition, etag: entry.etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", entry.contentType)
        return HTTPResponse(status: .ok, headers: headers, body: .file(path: entry.path, size: entry.size))
    }
}
