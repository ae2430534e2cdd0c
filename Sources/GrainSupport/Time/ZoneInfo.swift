package import FoundationEssentials

/// A time zone of the tz database (`Europe/Berlin`): the offset from UTC in force at any
/// instant, and local wall-clock times turned into instants and back.
///
/// FoundationEssentials knows no named zones (those come with FoundationInternationalization
/// and ICU, which the server does not link, see BENCHMARKS.md), so the zone is read from
/// the system's compiled tz files (`ZoneInfo+TZif`): the transitions they list, and after
/// the last one the POSIX rule at their end (`PosixZoneRule`), which is how the files
/// themselves say what happens in the years they do not spell out.
package struct ZoneInfo: Sendable, Equatable {
    /// The name it was loaded under (`Europe/Berlin`, `UTC`).
    package let identifier: String
    /// Instants (seconds since 1970) at which the offset changes, ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from `transitions[i]` on.
    let offsets: [Int32]
    /// The offset before the first transition.
    let initialOffset: Int32
    /// What holds after the last transition; nil: its offset stays.
    let rule: PosixZoneRule?

    init(identifier: String, transitions: [Int64], offsets: [Int32], initialOffset: Int32, rule: PosixZoneRule?) {
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.rule = rule
    }

    /// UTC, which needs no file.
    package static let utc = ZoneInfo(identifier: "UTC", transitions: [], offsets: [], initialOffset: 0, rule: nil)

    /// The zone as its closing rule alone describes it, for every year (nil without one):
    /// checks that the rule is read as the listed transitions say.
    package var ruleOnly: ZoneInfo? {
        rule.map { ZoneInfo(identifier: identifier, transitions: [], offsets: [], initialOffset: $0.standard, rule: $0) }
    }

    /// Seconds east of UTC at `date`.
    package func secondsFromGMT(at date: Date) -> Int {
        Int(offset(at: Int64((date.timeIntervalSince1970).rounded(.down))))
    }

    func offset(at seconds: Int64) -> Int32 {
        guard let last = transitions.last else { return rule?.offset(at: seconds) ?? initialOffset }
        if seconds >= last, let rule { return rule.offset(at: seconds) }
        guard seconds >= transitions[0] else { return initialOffset }
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }

    /// The wall-clock time at `date` here.
    package func localTime(at date: Date) -> LocalTime {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        return LocalTime(secondsSinceEpoch: seconds + Int64(offset(at: seconds)))
    }

    /// The instant the clocks here show `local`. A time the clocks skip (the hour lost in
    /// spring) is taken as the same time after the skip, as a person would read it; a
    /// time they show twice (the hour repeated in autumn) is its first occurrence.
    package func date(at local: LocalTime) -> Date {
        let wall = local.secondsSinceEpoch
        // At most one change within a day of any instant, as in every zone in use.
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        for candidate in [before, after] where offset(at: wall - Int64(candidate)) == candidate {
            return Date(timeIntervalSince1970: Double(wall - Int64(candidate)))
        }
        return Date(timeIntervalSince1970: Double(wall - Int64(before)))
    }
}
