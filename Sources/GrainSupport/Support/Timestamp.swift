package import FoundationEssentials

/// AT Protocol datetimes: written as UTC with exactly three fractional digits and `Z`
/// (`2026-09-04T15:03:55.120Z`, what Grain's AppView compares as strings), read in any
/// RFC 3339 form a record might carry.
///
/// Hand-written because it runs for every log line and every story on a page, and
/// Foundation's formatters are comparatively slow and locale-sensitive.
package enum Timestamp {
    /// Formats `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC.
    package static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(date)`'s UTF-8 to `bytes` without making a `String` (log lines).
    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        let (year, month, day, millisOfDay) = utcFields(date)

        append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(millisOfDay / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(millisOfDay / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(millisOfDay / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(millisOfDay % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// How many bytes `write` writes.
    package static let writtenCount = 24

    /// Writes `format(date)` at `start`, which has room for `writtenCount` bytes, for a
    /// year from 0 to 9999; false, having written nothing, for any other (their text is
    /// longer: `append` writes those). For log lines made in place, without an array.
    package static func write(_ date: Date, to start: UnsafeMutablePointer<UInt8>) -> Bool {
        let (year, month, day, millisOfDay) = utcFields(date)
        guard (0...9999).contains(year) else { return false }
        writeDigits(year, width: 4, at: start)
        start[4] = UInt8(ascii: "-")
        writeDigits(month, width: 2, at: start + 5)
        start[7] = UInt8(ascii: "-")
        writeDigits(day, width: 2, at: start + 8)
        start[10] = UInt8(ascii: "T")
        writeDigits(millisOfDay / 3_600_000, width: 2, at: start + 11)
        start[13] = UInt8(ascii: ":")
        writeDigits(millisOfDay / 60_000 % 60, width: 2, at: start + 14)
        start[16] = UInt8(ascii: ":")
        writeDigits(millisOfDay / 1000 % 60, width: 2, at: start + 17)
        start[19] = UInt8(ascii: ".")
        writeDigits(millisOfDay % 1000, width: 3, at: start + 20)
        start[23] = UInt8(ascii: "Z")
        return true
    }

    /// The last `width` decimal digits of `value` (not negative), zero-padded, at `start`.
    private static func writeDigits(_ value: Int64, width: Int, at start: UnsafeMutablePointer<UInt8>) {
        var rest = value
        for index in stride(from: width - 1, through: 0, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// `date`'s UTC calendar day and the milliseconds into it (what `append` and `write`
    /// both write).
    private static func utcFields(_ date: Date) -> (year: Int64, month: Int64, day: Int64, millisOfDay: Int64) {
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let days = totalMilliseconds >= 0 ? totalMilliseconds / 86_400_000 : (totalMilliseconds - 86_399_999) / 86_400_000
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return (year, month, day, totalMilliseconds - days * 86_400_000)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    package static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let days = daysSinceEpoch + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses an atproto datetime: RFC 3339 that is also ISO 8601 (a capital `T` and `Z`,
    /// or `±HH:MM` other than `-00:00`; any number of fractional digits) and names an
    /// instant from year 0 on; nil for anything else, as the interop vectors ask.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }

        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case 0x5A:
            index += 1
        case 0x2B, 0x2D:
            guard bytes.count == index + 6, bytes[index + 3] == 0x3A,
                let offsetHours = number(bytes, index + 1, 2), let offsetMinutes = number(bytes, index + 4, 2),
                offsetHours < 24, offsetMinutes < 60,
                // RFC 3339's "offset unknown", which ISO 8601 does not have.
                bytes[index] == 0x2B || offsetHours + offsetMinutes > 0
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        // `0000-01-01T00:00:00+01:00` is in year -1, which no datetime may be.
        guard seconds >= yearZero else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// 0000-01-01T00:00:00Z, in seconds since 1970.
    private static let yearZero = daysFromCivil(year: 0, month: 1, day: 1) * 86_400

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's `days_from_civil`).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `value` in decimal, left-padded with zeros to `width` characters (a minus sign
    /// counts as one, as it did when this padded `String(value)`).
    private static func append(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            let digits = Array(String(value).utf8)
            if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
            bytes.append(contentsOf: digits)
            return
        }
        var count = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
        var rest = value
        var index = bytes.count - 1
        repeat {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        } while rest > 0
    }
}
