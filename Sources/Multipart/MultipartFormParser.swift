/// Reads a `multipart/form-data` request body (RFC 7578) chunk by chunk, keeping text
/// fields in memory and streaming file parts straight into new files in a directory, so
/// a 40 MB photo never sits in memory.
///
/// Parsing blocks on file I/O (writes and fsync): call it from a worker thread, not from
/// the cooperative pool. On success the caller owns the files (`MultipartForm.removeFiles`);
/// on any error none are left behind. Framing rules are described on `MultipartScanner`,
/// header rules on `PartHeaders`.
package struct MultipartFormParser: Sendable {
    package let limits: MultipartLimits
    /// Bytes read from the body at a time.
    package let chunkSize: Int

    package init(limits: MultipartLimits = MultipartLimits(), chunkSize: Int = 64 * 1024) {
        self.limits = limits
        self.chunkSize = max(1, chunkSize)
    }

    /// Parses `body`, sent with the request's `contentType` header, writing files into
    /// `fileDirectory` (which must exist and should be private to this server).
    package func parse(_ body: some ChunkedBody, contentType: String?, fileDirectory: String) throws(MultipartError) -> MultipartForm {
        let boundary = try MultipartBoundary(contentType: contentType)
        var scanner = MultipartScanner(boundary: boundary, maxHeaderBytes: limits.maxHeaderBytes)
        var builder = MultipartFormBuilder(limits: limits, fileDirectory: fileDirectory)
        do {
            try body.forEachChunk(size: chunkSize) { chunk in
                try scanner.feed(chunk) { event throws(MultipartError) in try builder.handle(event) }
            }
            try scanner.finish()
            return builder.finish()
        } catch let error as MultipartError {
            builder.discardFiles()
            throw error
        } catch {
            builder.discardFiles()
            throw .bodyUnreadable(detail: String(describing: error))
        }
    }
}
