/// The POSIX `TZ` rule a compiled tz file ends with (`CET-1CEST,M3.5.0,M10.5.0/3`): the
/// standard offset, and the summer offset with the days and times it starts and ends,
/// for every year after the file's last listed transition.
struct PosixZoneRule: Sendable, Equatable {
    /// A day of the year as POSIX writes it.
    enum Day: Sendable, Equatable {
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1–4, 5 the last) of month `m`.
        case weekday(month: Int, week: Int, weekday: Int)
        /// `Jn`: day 1–365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0–365, February 29 counted in leap years.
        case ordinal(Int)
    }

    /// The summer part of the rule.
    struct Summer: Sendable, Equatable {
        var offset: Int32
        var start: Day
        /// Seconds after local (standard) midnight of `start`; may be negative or past 24 h.
        var startTime: Int
        var end: Day
        /// Seconds after local (summer) midnight of `end`.
        var endTime: Int
    }

    /// Seconds east of UTC outside summer time.
    var standard: Int32
    var summer: Summer?

    /// The offset in force at `seconds` (since 1970, UTC).
    func offset(at seconds: Int64) -> Int32 {
        guard let summer else { return standard }
        let year = Int(LocalTime(secondsSinceEpoch: seconds + Int64(standard)).date.year)
        let starts = Self.instant(summer.start, year: year, time: summer.startTime, offset: standard)
        let ends = Self.instant(summer.end, year: year, time: summer.endTime, offset: summer.offset)
        let inSummer = starts < ends ? (starts <= seconds && seconds < ends) : !(ends <= seconds && seconds < starts)
        return inSummer ? summer.offset : standard
    }

    /// The UTC instant of `time` on `day` of `year`, on a clock `offset` east of UTC.
    static func instant(_ day: Day, year: Int, time: Int, offset: Int32) -> Int64 {
        let days = Int64(dayOfYear(day, year: year)) + Int64(Timestamp.daysFromCivil(year: year, month: 1, day: 1))
        return days * 86_400 + Int64(time) - Int64(offset)
    }

    /// The 0-based day of `year` that `day` names.
    static func dayOfYear(_ day: Day, year: Int) -> Int {
        let leap = Timestamp.daysIn(month: 2, year: year) == 29
        switch day {
        case .ordinal(let number):
            return number
        case .julian(let number):
            return number - 1 + (leap && number >= 60 ? 1 : 0)
        case .weekday(let month, let week, let weekday):
            let first = Timestamp.daysFromCivil(year: year, month: month, day: 1)
            let firstWeekday = LocalTime(secondsSinceEpoch: Int64(first) * 86_400).weekday
            var date = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while date > Timestamp.daysIn(month: month, year: year) { date -= 7 }
            return first + date - 1 - Timestamp.daysFromCivil(year: year, month: 1, day: 1)
        }
    }
}

extension PosixZoneRule {
    /// Parses a `TZ` value as tz files end with; nil for one this does not understand
    /// (the file's own transitions then carry on unchanged).
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.skipName(), let standardWest = scanner.offset() else { return nil }
        standard = Int32(-standardWest)
        guard !scanner.atEnd else {
            summer = nil
            return
        }
        guard scanner.skipName() else { return nil }
        var summerOffset = standard + 3600
        if !scanner.peek(","), let west = scanner.offset() { summerOffset = Int32(-west) }
        // No rule given: the United States' rule, as POSIX says (never in tz files).
        var start = Day.weekday(month: 3, week: 2, weekday: 0)
        var startTime = 7200
        var end = Day.weekday(month: 11, week: 1, weekday: 0)
        var endTime = 7200
        if scanner.take(",") {
            guard let first = scanner.day() else { return nil }
            start = first
            if scanner.take("/") {
                guard let time = scanner.time() else { return nil }
                startTime = time
            }
            guard scanner.take(","), let second = scanner.day() else { return nil }
            end = second
            if scanner.take("/") {
                guard let time = scanner.time() else { return nil }
                endTime = time
            }
        }
        guard scanner.atEnd else { return nil }
        summer = Summer(offset: summerOffset, start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// Reads a `TZ` value from left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ character: Character) -> Bool {
            !atEnd && bytes[index] == character.asciiValue
        }

        mutating func take(_ character: Character) -> Bool {
            guard peek(character) else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or anything within `<…>`.
        mutating func skipName() -> Bool {
            if take("<") {
                while !atEnd, bytes[index] != UInt8(ascii: ">") { index += 1 }
                return take(">")
            }
            let start = index
            while !atEnd, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index] & 0xDF) { index += 1 }
            return index - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, positive west of Greenwich as POSIX writes it.
        mutating func offset() -> Int? {
            let negative = take("-")
            if !negative { _ = take("+") }
            guard let seconds = clock(maxHours: 24) else { return nil }
            return negative ? -seconds : seconds
        }

        /// A rule's time: `[+-]hh[:mm[:ss]]`, hours up to 167 (tz files' extension).
        mutating func time() -> Int? {
            let negative = take("-")
            if !negative { _ = take("+") }
            guard let seconds = clock(maxHours: 167) else { return nil }
            return negative ? -seconds : seconds
        }

        private mutating func clock(maxHours: Int) -> Int? {
            guard let hours = number(), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let more = number(), more < 60 else { return nil }
                    seconds += more
                }
            }
            return seconds
        }

        mutating func day() -> Day? {
            if take("M") {
                guard let month = number(), (1...12).contains(month), take("."), let week = number(), (1...5).contains(week),
                    take("."), let weekday = number(), (0...6).contains(weekday)
                else { return nil }
                return .weekday(month: month, week: week, weekday: weekday)
            }
            if take("J") {
                guard let number = number(), (1...365).contains(number) else { return nil }
                return .julian(number)
            }
            guard let number = number(), (0...365).contains(number) else { return nil }
            return .ordinal(number)
        }

        private mutating func number() -> Int? {
            let start = index
            var value = 0
            while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - start < 4 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }
    }
}
