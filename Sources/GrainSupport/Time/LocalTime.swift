/// A wall-clock date and time with no zone attached (what a clock on the wall shows), to
/// the second, in the proleptic Gregorian calendar.
package struct LocalTime: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00 on this wall clock.
    package let secondsSinceEpoch: Int64

    package init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// Midnight starting `year`-`month`-`day`, plus `secondsOfDay` (which may pass midnight).
    package init(year: Int, month: Int, day: Int, secondsOfDay: Int = 0) {
        secondsSinceEpoch = Int64(Timestamp.daysFromCivil(year: year, month: month, day: day)) * 86_400 + Int64(secondsOfDay)
    }

    /// Whole days since 1970-01-01.
    package var day: Int64 { secondsSinceEpoch >= 0 ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400 }

    /// Seconds since this day's midnight (0..<86400).
    package var secondsOfDay: Int { Int(secondsSinceEpoch - day * 86_400) }

    package var date: (year: Int, month: Int, day: Int) {
        let civil = Timestamp.civilDate(daysSinceEpoch: day)
        return (Int(civil.year), Int(civil.month), Int(civil.day))
    }

    package var hour: Int { secondsOfDay / 3600 }
    package var minute: Int { secondsOfDay / 60 % 60 }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    package var weekday: Int { Int(((day % 7) + 11) % 7) }

    /// This day's midnight.
    package var midnight: LocalTime { LocalTime(secondsSinceEpoch: day * 86_400) }

    /// The same wall-clock time `days` days on.
    package func adding(days: Int) -> LocalTime { LocalTime(secondsSinceEpoch: secondsSinceEpoch + Int64(days) * 86_400) }

    /// `2026-09-04 18:00`, for tests and logs.
    package var description: String {
        let (year, month, day) = date
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
    }
}
