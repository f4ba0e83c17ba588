/// Proleptic Gregorian calendar arithmetic on day numbers, without time zones or locales.
///
/// Day 0 is 1970-01-01. The algorithms are Howard Hinnant's `days_from_civil` and
/// `civil_from_days`, exact for every date the store can hold.
package enum CivilCalendar {
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 1 = Monday … 7 = Sunday.
    static func isoWeekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (4).
        let weekday = (dayNumber + 3) % 7
        return (weekday < 0 ? weekday + 7 : weekday) + 1
    }

    /// `value` in decimal with leading zeros to `width` digits (`pad(7, 2)` is `07`); a value
    /// with more digits keeps them all.
    static func pad(_ value: Int, _ width: Int) -> String {
        // Month folders, file names and dates pad small numbers many times a command: written
        // as bytes when the value fits the width.
        if value >= 0, (1...8).contains(width), value < decimalLimits[width] {
            return String(unsafeUninitializedCapacity: width) { buffer in
                putDigits(value, width: width, into: buffer, at: 0)
                return width
            }
        }
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// Writes the last `width` decimal digits of `value` (not negative), zero-padded, at
    /// `offset` of `buffer`: for text put together as bytes (``pad(_:_:)``, dates, times).
    static func putDigits(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for position in stride(from: offset + width - 1, through: offset, by: -1) {
            buffer[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
    }

    /// 10 to the power of each width ``pad(_:_:)`` writes as bytes.
    private static let decimalLimits = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// Reads exactly `count` ASCII digits at `offset`.
    static func digits(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        bytes.withUnsafeBufferPointer { digits($0, offset, count) }
    }

    /// Reads exactly `count` ASCII digits at `offset`.
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        guard offset + count <= bytes.count else { return nil }
        var value = 0
        for k in 0..<count {
            let byte = bytes[offset + k]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
