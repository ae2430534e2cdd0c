import ATProto
package import Foundation

/// An atproto timestamp identifier: 13 characters of base32-sortable text
/// (`234567abcdefghijklmnopqrstuvwxyz`) encoding a zero bit, 53 bits of microseconds
/// since the Unix epoch and a 10-bit clock ID. String order equals time order.
package struct TID: Sendable, Hashable, Comparable, CustomStringConvertible {
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    package let microseconds: UInt64
    package let clockID: UInt16

    package init(microseconds: UInt64, clockID: UInt16) {
        precondition(microseconds < 1 << 53 && clockID < 1024, "TID fields out of range")
        self.microseconds = microseconds
        self.clockID = clockID
    }

    /// Parses TID text; nil unless it is 13 alphabet characters with the top bit clear.
    package init?(_ text: String) {
        let characters = Array(text.utf8)
        guard characters.count == 13 else { return nil }
        var value: UInt64 = 0
        for (position, character) in characters.enumerated() {
            guard let digit = Self.alphabet.firstIndex(of: character) else { return nil }
            if position == 0, digit >= 16 { return nil }  // The 65th bit and the zero bit.
            value = value << 5 | UInt64(digit)
        }
        self.init(microseconds: value >> 10, clockID: UInt16(value & 1023))
    }

    package var string: String {
        var value = microseconds << 10 | UInt64(clockID)
        var characters = [UInt8](repeating: 0, count: 13)
        for position in (0..<13).reversed() {
            characters[position] = Self.alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    package var description: String { string }

    package var date: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    package static func < (lhs: TID, rhs: TID) -> Bool {
        (lhs.microseconds, lhs.clockID) < (rhs.microseconds, rhs.clockID)
    }
}

/// Mints strictly increasing TIDs from wall-clock time, as a PDS does for record keys and
/// commit revisions: a clock that stands still or steps back still yields a later TID.
package struct TIDClock: Sendable {
    package let clockID: UInt16
    private var lastMicroseconds: UInt64 = 0

    package init(clockID: UInt16 = UInt16.random(in: 0..<1024)) {
        self.clockID = clockID % 1024
    }

    package mutating func next(at now: Date) -> TID {
        let seconds = max(0, now.timeIntervalSince1970)
        let micros = min(UInt64(seconds * 1_000_000), (1 << 53) - 1)
        lastMicroseconds = max(micros, lastMicroseconds + 1)
        return TID(microseconds: lastMicroseconds, clockID: clockID)
    }
}
