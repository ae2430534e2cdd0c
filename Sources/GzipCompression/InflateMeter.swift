import CZlib

/// Measures how much a zlib stream inflates to without keeping the output, stopping as soon
/// as it passes a limit or the caller says stop.
///
/// Why: a PNG's IDAT can be a zlib bomb (41.7 MB of data inflating to 40 GB took libpng
/// minutes, issue 21). Counting first, through one 64 KB buffer, bounds the work by the
/// size the header declares, and the caller's `shouldStop` (a deadline) is asked between
/// chunks of output.
package enum InflateMeter {
    /// What counting found.
    package enum Outcome: Sendable, Equatable {
        /// The stream ended after this many bytes (at most the limit).
        case ended(Int)
        /// The data ran out before the stream's end, after this many bytes.
        case incomplete(Int)
        /// The stream produced more than the limit; counting stopped just past it.
        case exceedsLimit
        /// `shouldStop` returned true.
        case stopped
        /// zlib refused the data (a damaged stream), with its status.
        case damaged(Int32)
    }

    /// Inflates the zlib stream made of `pieces` (in order) of `bytes` and counts its
    /// output, up to `limit` bytes. `shouldStop` is asked before each 64 KB of output.
    package static func measure(
        _ bytes: UnsafeBufferPointer<UInt8>, pieces: [Range<Int>], limit: Int, shouldStop: () -> Bool
    ) -> Outcome {
        var stream = z_stream()
        guard czlib_inflate_init_auto(&stream) == Z_OK else { return .damaged(Z_MEM_ERROR) }
        defer { inflateEnd(&stream) }
        var sink = [UInt8](repeating: 0, count: 64 << 10)
        var produced = 0
        return sink.withUnsafeMutableBufferPointer { out -> Outcome in
            for piece in pieces where !piece.isEmpty {
                guard piece.lowerBound >= 0, piece.upperBound <= bytes.count, let base = bytes.baseAddress else {
                    return .damaged(Z_DATA_ERROR)
                }
                stream.next_in = UnsafeMutablePointer(mutating: base + piece.lowerBound)
                stream.avail_in = UInt32(piece.count)
                // Until this piece is used up and zlib has nothing more to give for it.
                repeat {
                    if shouldStop() { return .stopped }
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    produced += out.count - Int(stream.avail_out)
                    if produced > limit { return .exceedsLimit }
                    if status == Z_STREAM_END { return .ended(produced) }
                    // Z_BUF_ERROR: no progress possible, i.e. this piece is used up.
                    if status == Z_BUF_ERROR, stream.avail_in == 0 { break }
                    guard status == Z_OK else { return .damaged(status) }
                } while stream.avail_in > 0 || stream.avail_out == 0
            }
            return .incomplete(produced)
        }
    }
}
