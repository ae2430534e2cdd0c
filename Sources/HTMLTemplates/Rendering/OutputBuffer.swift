/// Rendered output, collected as UTF-8 bytes and turned into a `String` once at the end.
///
/// Appending to a `String`, or to an `Array` through `append(contentsOf:)`, costs tens to
/// hundreds of instructions of bookkeeping per call, and a page is a thousand small
/// appends; profiling showed that bookkeeping as the largest cost of rendering. This
/// buffer is a plain growable allocation written with `memcpy`-style copies. It is
/// `~Copyable`, so it has exactly one owner, which frees the memory in `deinit`.
struct OutputBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    mutating func append(_ text: String) {
        // Native strings are contiguous; only a foreign string needs the copy.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if appended == nil {
            var copy = text
            copy.withUTF8 { append($0) }
        }
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (storage + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends `text` with `& < > " '` replaced by entities, correct both in text and in
    /// quoted attribute values. Runs without special characters are copied in one piece.
    mutating func appendEscaped(_ text: String) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if appended == nil {
            var copy = text
            copy.withUTF8 { appendEscaped($0) }
        }
    }

    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in source.indices where Self.isSpecial(source[index]) {
            append(UnsafeBufferPointer(rebasing: source[runStart..<index]))
            append(Self.entity(for: source[index]))
            runStart = index + 1
        }
        append(UnsafeBufferPointer(rebasing: source[runStart...]))
    }

    /// The output as a string. Every piece appended was a whole string, so the bytes are
    /// valid UTF-8 and decoding never substitutes anything (but the standard library still
    /// validates them, which costs about as much as a quarter of rendering).
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// The output as UTF-8 bytes, without the validation a `String` needs.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }

    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        // All five are in 0x22...0x3E; one range check rejects almost every byte.
        guard byte &- 0x22 <= 0x1C else { return false }
        return byte == 0x22 || byte == 0x26 || byte == 0x27 || byte == 0x3C || byte == 0x3E
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)

    private static func entity(for byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x26: ampersand
        case 0x3C: lessThan
        case 0x3E: greaterThan
        case 0x22: quote
        default: apostrophe
        }
    }
}
