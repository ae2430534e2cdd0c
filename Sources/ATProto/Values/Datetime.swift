package import FoundationEssentials
import GrainSupport

/// An atproto datetime: an instant, read from any RFC 3339 form a record may carry
/// and written as the network writes it. Two datetimes are equal and ordered by the
/// instant they name, so `…55.1Z`, `…55.100Z` and `…57.100+00:02` are no longer
/// ordered by their text.
package struct Datetime: Hashable, Comparable, Sendable {
    package let date: Date
    /// The text as received (kept so that what was read is written back unchanged), or
    /// the canonical `YYYY-MM-DDTHH:MM:SS.mmmZ` for one made here.
    package let rawValue: String

    /// A datetime for `date`, in the canonical form Grain's AppView compares as text.
    package init(_ date: Date) {
        rawValue = Timestamp.format(date)
        self.date = Timestamp.parse(rawValue) ?? date
    }

    /// The datetime `text` names, or nil when it is not an atproto datetime (see
    /// `Timestamp.parse`: RFC 3339 and ISO 8601 both).
    package init?(_ text: some StringProtocol) {
        let text = String(text)
        guard let date = Timestamp.parse(text) else { return nil }
        self.date = date
        rawValue = text
    }

    /// Whether it is written in UTC (`Z`), as records must be.
    package var isUTC: Bool { rawValue.hasSuffix("Z") }

    package static func == (lhs: Datetime, rhs: Datetime) -> Bool { lhs.date == rhs.date }
    package func hash(into hasher: inout Hasher) { hasher.combine(date) }
    package static func < (lhs: Datetime, rhs: Datetime) -> Bool { lhs.date < rhs.date }
}

extension Datetime: ProtocolText {
    package static let kind = "datetime"
    package init?(wireText text: String) { self.init(text) }
}
