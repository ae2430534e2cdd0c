import MicroHTTPServer

/// Serves `StaticAssets`: strong ETags with `If-None-Match` → 304, gzip when the client
/// accepts it, and a year of immutable caching for fingerprinted URLs.
struct StaticFileHandler: Sendable {
    let assets: StaticAssets

    func respond(name: String, request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard let (asset, immutable) = assets.asset(named: name) else { throw HTTPError.notFound }
        let useGzip = asset.gzipped != nil && AcceptEncoding.allowsGzip(request.headers["Accept-Encoding"])
        let etag = useGzip ? asset.gzipETag : asset.etag

        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        headers.add("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache")
        if asset.gzipped != nil { headers.add("Vary", "Accept-Encoding") }

        if let condition = request.headers["If-None-Match"], ETagMatcher.matches(condition, etag: etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", asset.contentType)
        if useGzip, let gzipped = asset.gzipped {
            headers.add("Content-Encoding", "gzip")
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(gzipped))
        }
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(asset.bytes))
    }
}
