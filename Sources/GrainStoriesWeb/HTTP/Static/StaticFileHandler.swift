import MicroHTTPServer

/// Serves `StaticAssets`: strong ETags with `If-None-Match` → 304, gzip when the client
/// accepts it, and a year of immutable caching for fingerprinted URLs. A plain URL is
/// revalidated on every use, unless the route gives it a while (`maxAge`, seconds) to be
/// used without asking: `/favicon.ico`, which browsers ask for by name on every page.
struct StaticFileHandler: Sendable {
    let assets: StaticAssets

    func respond(name: String, request: HTTPRequest, maxAge: Int? = nil) throws(HTTPError) -> HTTPResponse {
        guard let (asset, immutable) = assets.asset(named: name) else { throw HTTPError.notFound }
        let useGzip = asset.gzipped != nil && AcceptEncoding.allowsGzip(request.headers["Accept-Encoding"])
        let etag = useGzip ? asset.gzipETag : asset.etag

        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        headers.add("Cache-Control", immutable ? "public, max-age=31536000, immutable" : maxAge.map { "public, max-age=\($0)" } ?? "no-cache")
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
