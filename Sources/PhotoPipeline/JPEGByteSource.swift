#if canImport(Glibc)
    import Glibc
#endif

/// The bytes `JPEGMarkerWalker` walks: a JPEG in memory, or a file read a window at a
/// time (`JPEGFileWindow`), so inspecting a file on disk never holds all of it.
protocol JPEGByteSource {
    /// How many bytes there are (a file's may shrink if it turns out shorter than its size).
    var count: Int { get }
    /// The byte at `index` (`0 ..< count`).
    func byte(at index: Int) -> UInt8
    /// A copy of the bytes in `range` (within `0 ..< count`): one segment's payload.
    func bytes(in range: Range<Int>) -> ArraySlice<UInt8>
    /// The index of the first 0xFF at or after `index`, or nil if there is none.
    func firstFF(from index: Int) -> Int?
}

extension Array: JPEGByteSource where Element == UInt8 {
    func byte(at index: Int) -> UInt8 { self[index] }

    func bytes(in range: Range<Int>) -> ArraySlice<UInt8> { self[range] }

    func firstFF(from index: Int) -> Int? {
        guard index < count else { return nil }
        return withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base + index, 0xFF, buffer.count - index) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }
}
