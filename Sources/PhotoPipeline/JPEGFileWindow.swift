#if canImport(Glibc)
    import Glibc
#endif

/// A JPEG file read through one window of `JPEGRowDecoder.chunkBytes` with `pread`, so
/// inspecting a 12 MB photo holds 64 KB of it: the walk reads its marker segments and
/// skims the entropy-coded data for the next marker chunk by chunk.
///
/// A class because the window moves as the walker reads; not `Sendable` (one walk, one
/// thread). The descriptor belongs to the caller (`InputFile`), which keeps it open.
final class JPEGFileWindow: JPEGByteSource {
    private let descriptor: Int32
    /// The file's size from `fstat`, lowered if reading finds it shorter.
    private(set) var count: Int
    /// Why reading failed (`strerror`), if it did; the walk then sees the file end there.
    private(set) var readFailure: String?
    private var window: [UInt8]
    private var windowStart = 0
    private var windowCount = 0

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.count = size
        window = [UInt8](repeating: 0, count: min(size, JPEGRowDecoder.chunkBytes))
    }

    func byte(at index: Int) -> UInt8 {
        guard contains(index) || load(at: index) else { return 0 }
        return window[index - windowStart]
    }

    func bytes(in range: Range<Int>) -> ArraySlice<UInt8> {
        if contains(range.lowerBound), range.upperBound <= windowStart + windowCount {
            return ArraySlice(window[(range.lowerBound - windowStart)..<(range.upperBound - windowStart)])
        }
        var copy = [UInt8](repeating: 0, count: range.count)
        let got = copy.withUnsafeMutableBytes { readFully(into: $0, at: range.lowerBound) }
        if got < range.count { count = min(count, range.lowerBound + got) }
        return copy[0..<got]
    }

    func firstFF(from index: Int) -> Int? {
        var index = index
        while index < count {
            guard contains(index) || load(at: index) else { return nil }
            let offset = index - windowStart
            let hit = window.withUnsafeBufferPointer { buffer -> Int? in
                guard let found = memchr(buffer.baseAddress! + offset, 0xFF, windowCount - offset) else { return nil }
                return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            if let hit { return windowStart + hit }
            index = windowStart + windowCount
        }
        return nil
    }

    private func contains(_ index: Int) -> Bool { index >= windowStart && index < windowStart + windowCount }

    /// Moves the window to start at `offset`; false (and `count` lowered) when nothing is there.
    private func load(at offset: Int) -> Bool {
        guard offset < count else { return false }
        let wanted = min(window.count, count - offset)
        let got = window.withUnsafeMutableBytes { readFully(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<wanted]), at: offset) }
        windowStart = offset
        windowCount = got
        if got < wanted { count = offset + got }
        return got > 0
    }

    /// Reads into `buffer` from `offset` until it is full or the file ends; the bytes read.
    private func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            if got < 0 { readFailure = String(cString: strerror(errno)) }
            if got <= 0 { break }
            done += got
        }
        return done
    }
}
