/// A day of the week, as a plan's schedule names it: `mon` … `sun`.
public enum Weekday: String, Sendable, Hashable, CaseIterable, Comparable, JSONStringEnum {
    case mon, tue, wed, thu, fri, sat, sun

    /// 1 (Monday) to 7 (Sunday), as ``LocalDate/isoWeekday``.
    public var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }

    /// The weekday of `date`.
    public init(of date: LocalDate) { self = Weekday.allCases[date.isoWeekday - 1] }

    /// A weekday as people write it: `mon`, `Mon`, `monday`, `Monday` (and `tues`, `thurs`).
    public init?(text: String) {
        let word = text.trimmingWhitespace().lowercased()
        guard word.count >= 3, let found = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(word) }) else { return nil }
        self = found
    }

    /// `Monday` … `Sunday`.
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][isoNumber - 1]
    }

    /// Monday comes first.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.isoNumber < rhs.isoNumber }

    /// Reads a list of weekdays, `mon, thu` or `mon thu`, in week order with none twice.
    ///
    /// - Throws: `VALIDATION_ERROR` naming a word that is not a weekday.
    public static func list(_ text: String) throws(LiftLogError) -> [Weekday] {
        var days: Swift.Set<Weekday> = []
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            guard let day = Weekday(text: String(word)) else {
                throw .validation("'\(word)' is not a day of the week: write mon, tue, wed, thu, fri, sat or sun.")
            }
            days.insert(day)
        }
        return days.sorted()
    }
}
