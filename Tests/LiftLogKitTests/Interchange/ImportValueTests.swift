import Testing
@testable import LiftLogKit

@Suite("Import cells: times and durations")
struct ImportValueTests {
    @Test("a local time in the given offset, with or without seconds, with a space or a T", arguments: [
        ("2021-03-05 18:07:12", 12), ("2021-03-05T18:07:12", 12), ("2021-03-05 18:07", 0), (" 2021-03-05 18:07:12 ", 12),
    ])
    func localTime(text: String, second: Int) throws {
        let time = try ImportValues.time(text, line: 2, utcOffset: 3600)
        let expected = ImportValues.localTime(LocalDate(year: 2021, month: 3, day: 5)!, 18, 7, second, utcOffset: 3600)
        #expect(time == expected)
        #expect(time.utcOffsetSeconds == 3600)
        #expect(time.description.hasPrefix("2021-03-05T18:07:"))
    }

    @Test("a time with its own offset keeps it")
    func exactTime() throws {
        let time = try ImportValues.time("2021-03-05T18:07:12+02:00", line: 2, utcOffset: 3600)
        #expect(time.utcOffsetSeconds == 7200)
        #expect(time.description == "2021-03-05T18:07:12+02:00")
    }

    @Test("times that are not: the line and the cell in the message", arguments: [
        ("2021-02-30 18:00:00", "date '2021-02-30 18:00:00' is not a date and time like 2021-03-05 18:07:12"),
        ("2021-03-05 24:00:00", "time in '2021-03-05 24:00:00' is not understood"),
        ("2021-03-05 18:60", "time in '2021-03-05 18:60' is not understood"),
        ("yesterday", "date 'yesterday' is not a date and time like 2021-03-05 18:07:12"),
    ])
    func badTime(text: String, message: String) {
        do {
            _ = try ImportValues.time(text, line: 7, utcOffset: 0)
            Issue.record("\(text) was read as a time")
        } catch {
            #expect(error.line == 7)
            #expect(error.message == message)
        }
    }

    @Test("durations in the apps' ways of writing them", arguments: [
        ("1h 2m", 3720), ("35min", 2100), ("90s", 90), ("3600", 3600), ("1h 1min", 3660), ("47h 52m", 172_320), ("1.5h", 5400),
    ])
    func duration(text: String, seconds: Int) throws {
        #expect(try ImportValues.duration(text, line: 3) == seconds)
    }

    @Test("durations that are not", arguments: ["1 fortnight", "٣m", "½h", "1h-2m"])
    func badDuration(text: String) {
        do {
            _ = try ImportValues.duration(text, line: 4)
            Issue.record("\(text) was read as a duration")
        } catch {
            #expect(error.line == 4)
            #expect(error.message == "duration '\(text)' is not understood")
        }
    }
}
