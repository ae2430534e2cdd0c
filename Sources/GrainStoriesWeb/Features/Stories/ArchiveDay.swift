import FoundationEssentials
import GrainSupport

/// The day a story was posted as the archive shows it, in British English and UTC:
/// "4 Sep 2026", what `Date.FormatStyle` gives for `en_GB` with an abbreviated date.
///
/// Written out here because `Date.FormatStyle` needs ICU (FoundationInternationalization),
/// which the server does not link (issue 26).
enum ArchiveDay {
    /// CLDR's abbreviated month names for `en_GB`.
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func label(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e14 else { return "?" }
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: Int64((seconds / 86_400).rounded(.down)))
        return "\(day) \(months[Int(month) - 1]) \(year)"
    }
}
