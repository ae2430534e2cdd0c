package import FoundationEssentials
import Synchronization

/// A record key in the AT Protocol's TID form: 13 characters of sortable base32
/// (`234567abcdefghijklmnopqrstuvwxyz`) holding a zero bit, 53 bits of microseconds
/// since 1970 and a 10-bit clock id.
///
/// GrainStories picks the story's TID when the draft is made and sends it with
/// `createRecord`, so a retried publish can never create a second story.
package struct TID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    package let rawValue: UInt64

    package init(microseconds: UInt64, clockID: UInt16) {
        rawValue = (microseconds & 0x1F_FFFF_FFFF_FFFF) << 10 | UInt64(clockID & 0x3FF)
    }

    /// Parses a TID; nil for anything that is not exactly 13 characters of the alphabet
    /// whose value fits in 64 bits. 13 characters carry 65 bits, so the first may only be
    /// one of the alphabet's first 16 (`234567abcdefghij`): the spec's syntax, which the
    /// interop vectors check. (That the top of the 64 bits is 0 is how TIDs are made, as
    /// `TIDClock` does; the syntax does not ask it of a TID read.)
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 13, let first = TID.alphabet.firstIndex(of: bytes[0]), first < 16 else { return nil }
        var value = UInt64(first)
        for byte in bytes.dropFirst() {
            guard let digit = TID.alphabet.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        rawValue = value
    }

    package var description: String {
        var out = [UInt8](repeating: 0, count: 13)
        var value = rawValue
        for index in stride(from: 12, through: 0, by: -1) {
            out[index] = TID.alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: out, as: UTF8.self)
    }

    package var microseconds: UInt64 { rawValue >> 10 }

    package static func < (lhs: TID, rhs: TID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Hands out strictly increasing TIDs from the wall clock, with a random clock id per
/// process (two servers writing to one repository will not collide).
package final class TIDClock: Sendable {
    private let last = Mutex<UInt64>(0)
    private let clockID = UInt16.random(in: 0...1023)
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    package func next() -> TID {
        let micros = UInt64(max(0, now().timeIntervalSince1970 * 1_000_000))
        let value = last.withLock { last -> UInt64 in
            last = max(micros, last + 1)
            return last
        }
        return TID(microseconds: value, clockID: clockID)
    }
}

extension TID {
    /// The TID as a record key. Its 13 characters of `234567a-z` always are one.
    package var recordKey: RecordKey {
        guard let key = RecordKey(description) else { preconditionFailure("a TID is always a record key: \(description)") }
        return key
    }
}
