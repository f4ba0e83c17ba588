/// Times typed by a person: `2025-01-24T07:30:00+01:00`, `2025-01-24 07:30`, `2025-01-24`,
/// `07:30` (today), `yesterday 18:00`. Times without an offset are in this machine's zone.
package enum TimeInput {
    /// The instant `text` names, or `nil` when it is not a time.
    ///
    /// A wall-clock time that came twice (clocks went back) is the first of the two; one that
    /// never came (clocks went forward past it) is refused, naming the time that did.
    /// - Throws: `VALIDATION_ERROR` for a time that did not exist here.
    package static func parse(_ text: String, now: Timestamp) throws(LiftLogError) -> Timestamp? {
        let trimmed = text.trimmingWhitespace()
        if let exact = Timestamp(trimmed) { return exact }
        var dateText = trimmed
        var timeText = "00:00"
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) {
            dateText = String(trimmed[..<space])
            timeText = String(trimmed[trimmed.index(after: space)...]).trimmingWhitespace()
        } else if trimmed.contains(":") {
            dateText = "today"
            timeText = trimmed
        }
        let today = now.localDate
        let date: LocalDate?
        switch dateText.lowercased() {
        case "today": date = today
        case "yesterday": date = today.adding(days: -1)
        default: date = LocalDate(dateText)
        }
        guard let date else { return nil }
        let parts = timeText.split(separator: ":")
        guard (2...3).contains(parts.count), let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute), parts[1].count == 2 else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
        guard (0..<60).contains(second) else { return nil }
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        switch LocalTimeZone.resolve(localSeconds: local) {
        case .exact(let seconds, let offset):
            return Timestamp(millisecondsSince1970: seconds * 1000, utcOffsetSeconds: offset)
        case .ambiguous(let first, _):
            return Timestamp(millisecondsSince1970: first.seconds * 1000, utcOffsetSeconds: first.offset)
        case .nonexistent(let shifted):
            let valid = Timestamp(millisecondsSince1970: shifted.seconds * 1000, utcOffsetSeconds: shifted.offset)
            throw .validation("\(date) \(CivilCalendar.pad(hour, 2)):\(CivilCalendar.pad(minute, 2)) did not exist here: the clocks went forward past it. Did you mean \(valid.shortDescription) (\(valid))?")
        }
    }
}
