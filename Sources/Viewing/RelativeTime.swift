package import FoundationEssentials

/// "3h" for the viewer's header and "3 hours ago" for screen readers and alt text.
package enum RelativeTime {
    /// `now`, `Nm`, `Nh`, `Nd`, `Nw` (future times read as `now`).
    package static func short(from date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3600))h"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400))d"
        default: return "\(Int(seconds / (7 * 86_400)))w"
        }
    }

    /// `just now`, `1 minute ago`, `5 hours ago`, `2 days ago`, `3 weeks ago`.
    package static func long(from date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        func phrase(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return phrase(Int(seconds / 60), "minute")
        case ..<86_400: return phrase(Int(seconds / 3600), "hour")
        case ..<(7 * 86_400): return phrase(Int(seconds / 86_400), "day")
        default: return phrase(Int(seconds / (7 * 86_400)), "week")
        }
    }
}
