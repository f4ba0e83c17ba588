/// A calendar date without a time or zone, written `YYYY-MM-DD`.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// A valid date, or `nil` (February 30th, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of day number `dayNumber` (days since 1970-01-01).
    public init(dayNumber: Int) {
        let (year, month, day) = CivilCalendar.date(fromDayNumber: dayNumber)
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
              let year = CivilCalendar.digits(bytes, 0, 4),
              let month = CivilCalendar.digits(bytes, 5, 2),
              let day = CivilCalendar.digits(bytes, 8, 2) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilCalendar.dayNumber(year: year, month: month, day: day) }

    /// 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { CivilCalendar.isoWeekday(dayNumber: dayNumber) }

    /// The date `days` later (earlier when negative).
    /// `Mon` … `Sun`.
    public var weekdayName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoWeekday - 1] }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// `YYYY-MM-DD`.
    public var description: String {
        guard (0...9999).contains(year) else { return "\(CivilCalendar.pad(year, 4))-\(CivilCalendar.pad(month, 2))-\(CivilCalendar.pad(day, 2))" }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            write(into: bytes)
            return 10
        }
    }

    /// Writes `YYYY-MM-DD` into the first 10 bytes of `bytes` (a year of 0–9999).
    func write(into bytes: UnsafeMutableBufferPointer<UInt8>) {
        CivilCalendar.putDigits(year, width: 4, into: bytes, at: 0)
        bytes[4] = 0x2D
        CivilCalendar.putDigits(month, width: 2, into: bytes, at: 5)
        bytes[7] = 0x2D
        CivilCalendar.putDigits(day, width: 2, into: bytes, at: 8)
    }

    /// Whether `lhs` is the earlier date.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

extension LocalDate: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> LocalDate? {
        guard case .string(let text) = value, let date = LocalDate(text) else {
            problems.add(path(), "expected a date like \"2025-01-24\", found \(value.stringValue.map { "\"\($0)\"" } ?? value.typeDescription)")
            return nil
        }
        return date
    }

    package var jsonValue: JSONValue { .string(description) }
}
