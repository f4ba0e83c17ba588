/// An instant together with the UTC offset that was in force where the user was.
///
/// Written as ISO 8601 with that offset, `2025-01-24T07:30:00+01:00` (milliseconds only when
/// present). Keeping the offset means a session's date and file path are the ones the lifter
/// saw, whichever time zone the file is later read in. Two timestamps are ordered by instant.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int64
    /// Seconds east of UTC, a whole number of minutes within ±18 hours.
    public let utcOffsetSeconds: Int

    /// The instant `millisecondsSince1970`, written with a UTC offset of `utcOffsetSeconds`.
    public init(millisecondsSince1970: Int64, utcOffsetSeconds: Int) {
        self.millisecondsSince1970 = millisecondsSince1970
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The instant `millisecondsSince1970` in the UTC offset this machine's time zone (`TZ`)
    /// had then.
    public init(localMillisecondsSince1970 milliseconds: Int64) {
        self.init(millisecondsSince1970: milliseconds, utcOffsetSeconds: LocalTimeZone.utcOffset(atEpochSeconds: floorDivide(milliseconds, 1000)))
    }

    /// Now, to the whole second (files stay readable), in this machine's current UTC offset.
    public static func now() -> Timestamp {
        Timestamp(localMillisecondsSince1970: SystemClock.millisecondsSince1970() / 1000 * 1000)
    }

    /// Whole seconds since 1970 (rounded down).
    public var secondsSince1970: Int64 {
        millisecondsSince1970 >= 0 ? millisecondsSince1970 / 1000 : (millisecondsSince1970 - 999) / 1000
    }

    /// Local wall-clock seconds since 1970 in the recorded offset.
    var localSeconds: Int64 { secondsSince1970 + Int64(utcOffsetSeconds) }

    /// The calendar date in the recorded offset.
    public var localDate: LocalDate {
        LocalDate(dayNumber: Int(floorDivide(localSeconds, 86_400)))
    }

    /// Hours and minutes of the wall clock in the recorded offset.
    public var localTime: (hour: Int, minute: Int, second: Int) {
        let secondOfDay = Int(localSeconds - floorDivide(localSeconds, 86_400) * 86_400)
        return (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// `2025-01-24 07:30`, the wall-clock time in the recorded offset.
    public var shortDescription: String {
        let date = localDate, time = localTime
        guard (0...9999).contains(date.year) else { return "\(date) \(CivilCalendar.pad(time.hour, 2)):\(CivilCalendar.pad(time.minute, 2))" }
        // Written as bytes (every row of history has one).
        return String(unsafeUninitializedCapacity: 16) { bytes in
            date.write(into: bytes)
            bytes[10] = 0x20
            CivilCalendar.putDigits(time.hour, width: 2, into: bytes, at: 11)
            bytes[13] = 0x3A
            CivilCalendar.putDigits(time.minute, width: 2, into: bytes, at: 14)
            return 16
        }
    }

    /// The ISO 8601 text written to files.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``description``'s bytes to `bytes` (a session file writes one for every set).
    func appendText<Sink: ByteSink & ~Copyable>(to bytes: inout Sink) {
        let date = localDate
        let time = localTime
        Timestamp.put(date.year, 4, &bytes); bytes.append(0x2D); Timestamp.put(date.month, 2, &bytes); bytes.append(0x2D); Timestamp.put(date.day, 2, &bytes)
        bytes.append(0x54)
        Timestamp.put(time.hour, 2, &bytes); bytes.append(0x3A); Timestamp.put(time.minute, 2, &bytes); bytes.append(0x3A); Timestamp.put(time.second, 2, &bytes)
        let millis = Int(millisecondsSince1970 - secondsSince1970 * 1000)
        if millis != 0 { bytes.append(0x2E); Timestamp.put(millis, 3, &bytes) }
        let offset = abs(utcOffsetSeconds)
        bytes.append(utcOffsetSeconds < 0 ? 0x2D : 0x2B)
        Timestamp.put(offset / 3600, 2, &bytes); bytes.append(0x3A); Timestamp.put(offset / 60 % 60, 2, &bytes)
    }

    /// Appends `value`'s last `width` (2, 3 or 4) decimal digits, zero-padded. Each divisor is
    /// a constant, which the compiler turns into a multiplication.
    private static func put<Sink: ByteSink & ~Copyable>(_ value: Int, _ width: Int, _ bytes: inout Sink) {
        if width >= 4 { bytes.append(UInt8(0x30 + value / 1000 % 10)) }
        if width >= 3 { bytes.append(UInt8(0x30 + value / 100 % 10)) }
        bytes.append(UInt8(0x30 + value / 10 % 10))
        bytes.append(UInt8(0x30 + value % 10))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Timestamp(utf8: $0) }) else { return nil }
        self = parsed
    }

    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
              bytes[13] == 0x3A, bytes[16] == 0x3A,
              let year = CivilCalendar.digits(bytes, 0, 4), let month = CivilCalendar.digits(bytes, 5, 2),
              let day = CivilCalendar.digits(bytes, 8, 2), let hour = CivilCalendar.digits(bytes, 11, 2),
              let minute = CivilCalendar.digits(bytes, 14, 2), let second = CivilCalendar.digits(bytes, 17, 2),
              let date = LocalDate(year: year, month: month, day: day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var millis = 0
        if bytes[index] == 0x2E {
            index += 1
            var digitCount = 0
            while index < bytes.count, let digit = CivilCalendar.digits(bytes, index, 1) {
                if digitCount < 3 { millis = millis * 10 + digit }
                digitCount += 1
                index += 1
            }
            guard digitCount > 0 else { return nil }
            for _ in 0..<max(0, 3 - digitCount) { millis *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        if bytes[index] == 0x5A {
            index += 1
        } else {
            guard bytes[index] == 0x2B || bytes[index] == 0x2D, index + 6 == bytes.count, bytes[index + 3] == 0x3A,
                  let offsetHours = CivilCalendar.digits(bytes, index + 1, 2),
                  let offsetMinutes = CivilCalendar.digits(bytes, index + 4, 2),
                  offsetHours <= 18, offsetMinutes < 60 else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        }
        guard index == bytes.count else { return nil }
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(millisecondsSince1970: (local - Int64(offset)) * 1000 + Int64(millis), utcOffsetSeconds: offset)
    }

    /// The same instant plus `seconds`, in the same offset.
    public func adding(seconds: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + Int64(seconds) * 1000, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Whole seconds from `self` to `other`.
    public func seconds(until other: Timestamp) -> Int {
        Int((other.millisecondsSince1970 - millisecondsSince1970) / 1000)
    }

    /// Whether `lhs` is the earlier instant.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}

func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}

extension Timestamp: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Timestamp? {
        guard case .string(let text) = value, let timestamp = Timestamp(text) else {
            let found = value.stringValue.map { "\"\($0)\"" } ?? value.typeDescription
            problems.add(path(), "expected a time like \"2025-01-24T07:30:00+01:00\", found \(found)",
                         hint: "Write the date, 'T', the time with seconds, and the UTC offset.")
            return nil
        }
        return timestamp
    }

    package var jsonValue: JSONValue { .string(description) }
}
