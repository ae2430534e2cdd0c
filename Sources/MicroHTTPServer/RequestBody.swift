import DurableFiles
import FoundationEssentials

/// A request body as the server received it.
///
/// Small bodies stay in memory; bodies above the server's spill threshold were streamed
/// to a temporary file while they arrived, so a 40 MB upload never sits in memory.
/// The server deletes the file once the response has been sent.
package enum RequestBody: Sendable {
    case empty
    case memory([UInt8])
    case file(path: String, size: Int)

    /// Number of bytes in the body.
    package var count: Int {
        switch self {
        case .empty: 0
        case .memory(let bytes): bytes.count
        case .file(_, let size): size
        }
    }

    /// The whole body in memory. Only for bodies known to be small (forms, JSON);
    /// uploads should be read with `chunks(size:)`.
    package func collect() throws -> [UInt8] {
        switch self {
        case .empty: return []
        case .memory(let bytes): return bytes
        case .file(let path, _):
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    /// Reads the body front to back in chunks of at most `size` bytes, calling `body` for
    /// each; it never holds more than one chunk of a file-backed body in memory.
    package func forEachChunk(size: Int = 64 * 1024, _ body: ([UInt8]) throws -> Void) throws {
        switch self {
        case .empty: return
        case .memory(let bytes):
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                try body(Array(bytes[start..<end]))
                start = end
            }
        case .file(let path, _):
            try FileDescriptorIO.forEachChunk(of: path, size: size, body)
        }
    }
}
