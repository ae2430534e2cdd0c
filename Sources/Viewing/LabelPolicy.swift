package import ATProto
package import FoundationEssentials

/// What to do with a story given its labels, following Grain's hide set and label
/// definitions: hide-severity labels are never shown, adult and graphic labels cover
/// the image behind a "Show" control.
///
/// Per label value only the newest entry counts (by `cts`); a negated (`neg`) or
/// expired (`exp` in the past) newest entry cancels the value.
package enum LabelPolicy {
    package enum Decision: Sendable, Equatable {
        case show
        /// Covered until the viewer chooses to see it; `reason` names the label for people.
        case warn(reason: String)
        case hide
    }

    static let hidden: Set<String> = ["!hide", "!takedown", "spam", "copyright", "gore", "nsfl", "dmca-violation", "doxxing"]
    package static let warnings: [String: String] = [
        "nudity": "Nudity",
        "sexual": "Sexual content",
        "porn": "Adult content",
        "graphic-media": "Graphic media",
        "!warn": "Content warning",
    ]

    package static func decide(_ labels: [Label], now: Date) -> Decision {
        var newest: [String: Label] = [:]
        for label in labels {
            if let current = newest[label.val], let currentTime = current.cts, currentTime > label.cts ?? currentTime { continue }
            newest[label.val] = label
        }
        var reasons: [String] = []
        for (value, label) in newest.sorted(by: { $0.key < $1.key }) {
            if label.neg == true { continue }
            if let expiry = label.exp, expiry.date < now { continue }
            if hidden.contains(value) { return .hide }
            if let reason = warnings[value] { reasons.append(reason) }
        }
        return reasons.isEmpty ? .show : .warn(reason: reasons.joined(separator: ", "))
    }
}
