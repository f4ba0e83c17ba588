import Foundation
import LiftLogKit

// Timestamps and dates convert to and from Foundation's `Date` on every platform. (LiftLogKit
// itself uses the C library only, which keeps the tool's start-up fast on Linux.)
extension Timestamp {
    /// `date` in the given offset, rounded to the millisecond.
    public init(_ date: Date, utcOffsetSeconds: Int) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()), utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `date` in the offset `timeZone` had at that instant (the device's by default).
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        self.init(date, utcOffsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}

extension LocalDate {
    /// The day `date` falls on in `timeZone` (the device's by default).
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        self = Timestamp(date, in: timeZone).localDate
    }

    /// The first instant of the day in `timeZone` (the device's by default): midnight, or the
    /// first instant after it on a day a clock change skips it.
    public func start(in timeZone: TimeZone = .current) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
    }
}
