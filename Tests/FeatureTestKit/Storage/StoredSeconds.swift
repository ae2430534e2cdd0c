package import Foundation

/// Times as the SQLite adapter keeps them (whole seconds or milliseconds since 1970,
/// rounded down), so the in-memory adapters answer comparisons exactly as it does.
package enum StoredSeconds {
    package static func of(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970) }
    package static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    package static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
