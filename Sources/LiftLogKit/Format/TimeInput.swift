/// Times typed by a person: `2025-01-24T07:30:00+01:00`, `2025-01-24 07:30`, `2025-01-24`,
/// `07:30` (today), `yesterday 18:00`. Times without an offset are in this machine's zone.
package enum TimeInput {
    /// The instant `text` names, or `nil` when it is not a time.
    package static func parse(_ text: String, now: Timestamp) -> Timestamp? {
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
        let (seconds, offset) = LocalTimeZone.epochSeconds(forLocalSeconds: local)
        return Timestamp(millisecondsSince1970: seconds * 1000, utcOffsetSeconds: offset)
    }
}
