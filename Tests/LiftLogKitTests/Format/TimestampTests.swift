import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Timestamps and dates")
struct TimestampTests {
    @Test("round-trips ISO 8601 with the recorded offset", arguments: [
        "2025-01-24T07:30:00+01:00", "2025-01-24T07:30:00-05:30", "2025-01-24T07:30:00+00:00", "1999-12-31T23:59:59.250+14:00",
    ])
    func roundTrip(text: String) throws {
        let timestamp = try #require(Timestamp(text))
        #expect(timestamp.description == text)
    }

    @Test("writes 5,000 random times as their fields padded (in full, short, and the date alone), and reads the text back to the same time")
    func randomTexts() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            // From year 1 to 9999, with or without milliseconds, offsets of whole minutes.
            let milliseconds = Int64.random(in: -62_135_596_800_000...253_402_214_399_999, using: &generator)
            let offset = Int.random(in: -14 * 60...14 * 60, using: &generator) * 60
            let time = Timestamp(millisecondsSince1970: Bool.random(using: &generator) ? milliseconds : milliseconds / 1000 * 1000, utcOffsetSeconds: offset)
            let date = time.localDate, clock = time.localTime
            let millis = Int(((time.millisecondsSince1970 % 1000) + 1000) % 1000)
            let expected = "\(CivilCalendar.pad(date.year, 4))-\(CivilCalendar.pad(date.month, 2))-\(CivilCalendar.pad(date.day, 2))T"
                + "\(CivilCalendar.pad(clock.hour, 2)):\(CivilCalendar.pad(clock.minute, 2)):\(CivilCalendar.pad(clock.second, 2))"
                + (millis == 0 ? "" : ".\(CivilCalendar.pad(millis, 3))")
                + (offset < 0 ? "-" : "+") + "\(CivilCalendar.pad(abs(offset) / 3600, 2)):\(CivilCalendar.pad(abs(offset) / 60 % 60, 2))"
            #expect(time.description == expected)
            #expect(Timestamp(expected) == time, "\(expected)")
            let day = "\(CivilCalendar.pad(date.year, 4))-\(CivilCalendar.pad(date.month, 2))-\(CivilCalendar.pad(date.day, 2))"
            #expect(date.description == day)
            #expect(time.shortDescription == day + " \(CivilCalendar.pad(clock.hour, 2)):\(CivilCalendar.pad(clock.minute, 2))")
        }
    }

    @Test("pads numbers with zeros to a width, keeping every digit of a wider one", arguments: [
        (0, 2, "00"), (7, 2, "07"), (12, 2, "12"), (123, 2, "123"), (5, 4, "0005"), (2025, 4, "2025"), (99_999, 4, "99999"),
        (42, 12, "000000000042"), (-3, 2, "-03"), (0, 0, "0"), (12_345_678, 8, "12345678"), (123_456_789, 8, "123456789"),
    ])
    func pads(value: Int, width: Int, text: String) {
        #expect(CivilCalendar.pad(value, width) == text)
    }

    @Test("reads Z as UTC")
    func readsZulu() throws {
        let timestamp = try #require(Timestamp("2025-01-24T07:30:00Z"))
        #expect(timestamp.description == "2025-01-24T07:30:00+00:00")
    }

    @Test("rejects malformed times", arguments: ["2025-01-24 07:30:00+01:00", "2025-02-30T07:30:00Z", "2025-01-24T25:00:00Z", "2025-01-24T07:30:00", "2025-01-24T07:30:00+1:00", "yesterday"])
    func rejects(text: String) {
        #expect(Timestamp(text) == nil)
    }

    @Test("takes the local date from the recorded offset, not the reader's zone")
    func localDate() throws {
        // 23:30 in New York on the 24th is the 25th in UTC.
        let timestamp = try #require(Timestamp("2025-01-24T23:30:00-05:00"))
        #expect(timestamp.localDate.description == "2025-01-24")
        #expect(timestamp.localTime.hour == 23)
        let session = Session(id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, startedAt: timestamp)
        #expect(session.relativePath == "sessions/2025/01/2025-01-24-2330-3f2c9a1e.json")
    }

    @Test("orders by instant")
    func ordering() throws {
        let paris = try #require(Timestamp("2025-01-24T08:00:00+01:00"))
        let london = try #require(Timestamp("2025-01-24T07:30:00+00:00"))
        #expect(paris < london)
    }

    @Test("knows calendar dates", arguments: [("2024-02-29", true), ("2023-02-29", false), ("2025-13-01", false), ("2025-00-10", false), ("2025-12-31", true)])
    func dates(text: String, valid: Bool) {
        #expect((LocalDate(text) != nil) == valid)
    }

    @Test("counts ISO weekdays from Monday")
    func weekdays() throws {
        #expect(try #require(LocalDate("2025-01-20")).isoWeekday == 1)
        #expect(try #require(LocalDate("2025-01-26")).isoWeekday == 7)
        #expect(try #require(LocalDate("1970-01-01")).isoWeekday == 4)
    }

    @Test("parses times people type")
    func timeInput() throws {
        let now = try #require(Timestamp("2025-01-24T12:00:00+00:00"))
        #expect(try TimeInput.parse("2025-01-20T06:00:00+02:00", now: now)?.description == "2025-01-20T06:00:00+02:00")
        #expect(try TimeInput.parse("2025-01-20 06:15", now: now)?.localTime.minute == 15)
        #expect(try TimeInput.parse("07:30", now: now)?.localDate == now.localDate)
        #expect(try TimeInput.parse("yesterday 18:00", now: now)?.localDate.description == "2025-01-23")
        #expect(try TimeInput.parse("25:00", now: now) == nil)
        #expect(try TimeInput.parse("soon", now: now) == nil)
    }
}
