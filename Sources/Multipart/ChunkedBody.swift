/// Where a form's bytes come from, a chunk at a time: the server's request body (kept
/// in memory or spooled to a file) conforms in the web layer, so this target needs
/// nothing of the HTTP server; a byte array is one too.
package protocol ChunkedBody {
    /// Calls `body` with consecutive chunks of at most `size` bytes, in order.
    func forEachChunk(size: Int, _ body: ([UInt8]) throws -> Void) throws
}

extension Array: ChunkedBody where Element == UInt8 {
    package func forEachChunk(size: Int, _ body: ([UInt8]) throws -> Void) throws {
        var start = 0
        while start < count {
            let end = Swift.min(start + size, count)
            try body(Array(self[start..<end]))
            start = end
        }
    }
}
