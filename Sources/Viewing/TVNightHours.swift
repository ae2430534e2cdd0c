package import FoundationEssentials
package import GrainSupport

/// Quiet hours for a TV left on: from `start` to `end` local time (minutes after midnight)
/// the screen goes dark but for a small clock, and the stories come back by themselves
/// at `end`. `22:00-07:00` spans midnight; `00:30-06:00` does not; start and end are
/// never the same (that would be all night or none).
///
/// Local means the TV's time zone (`ZoneInfo`), changes of the clocks included: on the
/// night summer time ends, 22:00–07:00 lasts ten hours, as the wall clock says.
package struct TVNightHours: Sendable, Equatable, CustomStringConvertible {
    /// Minutes after midnight, 0..<1440.
    package let start: Int
    package let end: Int

    package init?(start: Int, end: Int) {
        guard (0..<1440).contains(start), (0..<1440).contains(end), start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// `HH:MM-HH:MM` (hours may have one digit; `24:00` is midnight).
    package init?(_ text: String) {
        let halves = text.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard halves.count == 2, let start = Self.minutes(halves[0]), let end = Self.minutes(halves[1]) else { return nil }
        self.init(start: start % 1440, end: end % 1440)
    }

    /// `HH:MM` as minutes after midnight, up to 24:00.
    package static func minutes(_ text: some StringProtocol) -> Int? {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute),
            hour * 60 + minute <= 1440
        else { return nil }
        return hour * 60 + minute
    }

    /// `22:00-07:00`, as it is written in configuration and cookies.
    package var description: String { "\(Self.clock(start))-\(Self.clock(end))" }

    /// `HH:MM` for minutes after midnight.
    package static func clock(_ minutes: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(minutes / 60)):\(two(minutes % 60))"
    }

    /// Whether the wall clock at `secondsOfDay` is within the quiet hours.
    package func contains(secondsOfDay: Int) -> Bool {
        let (from, to) = (start * 60, end * 60)
        return from < to ? (from <= secondsOfDay && secondsOfDay < to) : (secondsOfDay >= from || secondsOfDay < to)
    }

    /// Whether it is night at `now` in `zone`, and when that changes.
    package func phase(at now: Date, in zone: ZoneInfo) -> TVNightPhase {
        let local = zone.localTime(at: now)
        let night = contains(secondsOfDay: local.secondsOfDay)
        let boundary = (night ? end : start) * 60
        // The next time the wall clock reads `boundary`: today, tomorrow, or (past a
        // skipped hour) the day after.
        var change = now
        for days in 0...2 {
            let candidate = zone.date(at: LocalTime(secondsSinceEpoch: local.midnight.secondsSinceEpoch + Int64(boundary)).adding(days: days))
            if candidate > now {
                change = candidate
                break
            }
        }
        return night ? .night(until: change) : .day(nightFrom: change)
    }
}

/// Whether a TV is in its quiet hours, and until when.
package enum TVNightPhase: Sendable, Equatable {
    /// Stories play; night starts at `nightFrom`.
    case day(nightFrom: Date)
    /// Dark but for a clock until `until`.
    case night(until: Date)

    package var isNight: Bool {
        if case .night = self { true } else { false }
    }

    /// When it changes.
    package var changesAt: Date {
        switch self {
        case .day(let date), .night(let date): date
        }
    }
}
