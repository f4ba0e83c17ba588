import Testing
@testable import LiftLogKit

@Suite("Dates in the apps' languages")
struct LocalisedDateTests {
    @Test("Hevy's times in each language it ships, told by their shape", arguments: [
        ("13 Jan 2026, 06:53", "2026-01-13", 6, 53),
        ("Jul 28, 2026, 6:49 PM", "2026-07-28", 18, 49),
        ("5 Mai 2026, 07:34", "2026-05-05", 7, 34),
        ("5. März 2026, 07:34", "2026-03-05", 7, 34),
        ("3 janv. 2026, 07:00", "2026-01-03", 7, 0),
        ("14 juil. 2026, 19:05", "2026-07-14", 19, 5),
        ("1 juin 2026, 12:00", "2026-06-01", 12, 0),
        ("2 dic 2026, 7:34", "2026-12-02", 7, 34),
        ("5 mag 2026, 07:34", "2026-05-05", 7, 34),
        ("3 set 2026, 07:34", "2026-09-03", 7, 34),
        ("13 Fev 2026, 18:02", "2026-02-13", 18, 2),
        ("5 de mai. de 2026 07:34", "2026-05-05", 7, 34),
        ("12 Out 2026, 07:34", "2026-10-12", 7, 34),
        ("5 mei 2026 07:34", "2026-05-05", 7, 34),
        ("3 mrt 2026 07:34", "2026-03-03", 7, 34),
        ("5 maja 2026, 07:34", "2026-05-05", 7, 34),
        ("12 paź 2026, 07:34", "2026-10-12", 7, 34),
        ("7 мая 2026 г., 07:34", "2026-05-07", 7, 34),
        ("1 сент. 2026 г., 07:34", "2026-09-01", 7, 34),
        ("12 Ağu 2026 07:34", "2026-08-12", 7, 34),
        ("5 Şub 2026 07:34", "2026-02-05", 7, 34),
        ("2026年5月9日 18:49", "2026-05-09", 18, 49),
        ("2026年5月9日 午後6:49", "2026-05-09", 18, 49),
        ("2026年5月9日 下午6:49", "2026-05-09", 18, 49),
        ("2026년 5월 11일 오후 6:49", "2026-05-11", 18, 49),
        ("2026. 5. 11. 오전 6:49", "2026-05-11", 6, 49),
        ("2026/05/05 7:34", "2026-05-05", 7, 34),
    ])
    func hevyTimes(text: String, date: String, hour: Int, minute: Int) throws {
        let parts = try #require(HevyFormat.parts(of: text), "\(text)")
        #expect(parts.0 == LocalDate(date))
        #expect(parts.1 == hour && parts.2 == minute)
    }

    @Test("a time whose month is unknown, two months at once, or a part too many is none", arguments: [
        "5 Foo 2026, 07:34", "3 jui 2026, 07:00", "5 Mai Juni 2026, 07:34", "5 Mai 2026", "31 Feb 2026, 07:34", "5 Mai 2026, 25:00", "2026年5月 7:34",
    ])
    func notTimes(text: String) {
        #expect(HevyFormat.parts(of: text) == nil)
    }

    @Test("month words: three letters or more, one month only, a trailing period left out")
    func monthWords() {
        #expect(MonthNames.month("Jan") == 1 && MonthNames.month("janv.") == 1 && MonthNames.month("stycznia") == 1)
        #expect(MonthNames.month("juin") == 6 && MonthNames.month("juil.") == 7 && MonthNames.month("jui") == nil)
        #expect(MonthNames.month("мая") == 5 && MonthNames.month("Eyl") == 9 && MonthNames.month("Dez") == 12)
        #expect(MonthNames.month("ma") == nil && MonthNames.month("xyz") == nil)
    }
}
