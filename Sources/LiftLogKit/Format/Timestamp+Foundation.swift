#if canImport(Darwin)
import Foundation

// On Apple platforms, where Foundation is part of the system, timestamps convert to and from
// `Date`. (On Linux LiftLogKit avoids Foundation to keep the tool's start-up fast.)
extension Timestamp {
    /// `date` in the given offset, rounded to the millisecond.
    public init(_ date: Date, utcOffsetSeconds: Int) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()), utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `date` in the offset the device's time zone had at that instant.
    public init(localDate date: Date) {
        self.init(localMillisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}
#endif
