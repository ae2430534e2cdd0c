/// The bytes giflib reads through its input callback, and how far it has read. Reached
/// from C through `GifFileType.UserData` (unretained: the `GIFFile` holds it).
final class GIFByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `count` bytes to `buffer`; fewer (0 at the end) when the data runs
    /// out, which giflib reports as `D_GIF_ERR_READ_FAILED`.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let n = min(count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + offset, count: n)
        }
        offset += n
        return n
    }
}

@available(*, unavailable, message: "mutable read position, used by one decode at a time")
extension GIFByteReader: Sendable {}
