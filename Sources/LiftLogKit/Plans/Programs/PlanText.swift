/// Plans as text (SPEC §11): a compact form close to Liftoscript's, written by `plan export`
/// and read by `plan import`; the two round-trip.
///
/// ```
/// # Beginner 5x5
/// days_per_week: 3
///
/// ## Day A
/// Back Squat / 3x5 / 100kg / progress: lp(2.5kg)
/// Bench Press / 3x8-12 / 60kg / progress: dp(2.5kg, 8, 12)
/// ```
///
/// The grammar is in `docs/plan-text.md`.
public enum PlanText {
    /// A plan read from text, before its exercises are looked up in the library.
    public struct Document: Hashable, Sendable {
        /// The plan's name (its first line).
        public var name: String
        /// How many days a week it is trained, when the text says.
        public var daysPerWeek: Int?
        /// Notes on the plan.
        public var notes: String?
        /// Its days, in order.
        public var days: [Day]
    }

    /// One day of the plan: a heading and the exercise lines under it.
    public struct Day: Hashable, Sendable {
        /// The day's name.
        public var name: String
        /// The 1-based line of its heading.
        public var line: Int
        /// Its exercise lines, in order.
        public var exercises: [Line]
        /// The weekdays its `on:` line gives (a weekly schedule), in week order.
        public var weekdays: [Weekday] = []
    }

    /// One planned exercise line.
    public struct Line: Hashable, Sendable {
        /// The exercise's name as written.
        public var exerciseName: String
        /// Where the line is, and the column its exercise name starts at.
        public var line: Int
        /// The 1-based column its exercise name starts at.
        public var column: Int
        /// The sets and reps (`3x5`, `3x8-12`, `5/3/1`).
        public var notation: PlanNotation
        /// The load the line starts from, if it gives one.
        public var load: Load?
        /// The progression rule, if the line gives one.
        public var progress: ProgressionRule?
        /// Notes on the line.
        public var notes: String?
    }

    /// A mistake in the text, at its 1-based line and column.
    public struct Problem: Error, Hashable, Sendable {
        /// The 1-based line of the mistake.
        public var line: Int
        /// The 1-based column of the mistake.
        public var column: Int
        /// What is wrong, and what is expected there.
        public var message: String

        /// `plan.txt:4:22: the increment '2.5' needs a unit, such as 2.5kg or 2.5lb`.
        public func described(in file: String) -> String { "\(file):\(line):\(column): \(message)" }
    }

    // MARK: Reading

    /// Reads plan text.
    ///
    /// - Throws: ``Problem`` at the line and column of the first mistake.
    public static func parse(_ text: String) throws(Problem) -> Document {
        var document: Document?
        var notes: [String] = []
        var lineNumber = 0
        // A byte-order mark some editors write is not part of the text.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // "\r\n" is one Character in Swift: lines end at either.
        for rawLine in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = String(rawLine)
            let indent = line.unicodeScalars.prefix(while: { $0 == " " || $0 == "\t" }).count
            let content = line.trimmingWhitespace()
            if content.isEmpty || content.hasPrefix("//") { continue }
            func problem(_ message: String, column: Int = indent + 1) -> Problem { Problem(line: lineNumber, column: column, message: message) }
            if content.hasPrefix("##") {
                guard document != nil else { throw problem("the plan's '# NAME' line comes first") }
                let name = String(content.dropFirst(2)).trimmingWhitespace()
                guard !name.isEmpty else { throw problem("a day needs a name: '## Day A'") }
                if let earlier = document!.days.first(where: { Exercise.nameKey($0.name) == Exercise.nameKey(name) }) {
                    throw problem("a second day named '\(name)' (the first is on line \(earlier.line))")
                }
                document!.days.append(Day(name: name, line: lineNumber, exercises: []))
            } else if content.hasPrefix("#") {
                guard document == nil else { throw problem("a plan file holds one plan: a second '# NAME' line") }
                let name = String(content.dropFirst()).trimmingWhitespace()
                guard !name.isEmpty else { throw problem("the plan needs a name: '# Beginner 5x5'") }
                document = Document(name: name, daysPerWeek: nil, notes: nil, days: [])
            } else if document == nil {
                throw problem("a plan starts with its name: '# Beginner 5x5'")
            } else if document!.days.isEmpty {
                guard let colon = content.firstIndex(of: ":") else {
                    throw problem("before the first '## DAY' only 'days_per_week: N' and 'notes: TEXT' may come; an exercise line belongs to a day")
                }
                let key = String(content[..<colon]).trimmingWhitespace().lowercased()
                let value = String(content[content.index(after: colon)...]).trimmingWhitespace()
                switch key {
                case "days_per_week":
                    guard let days = Int(value), (1...7).contains(days) else {
                        throw problem("days_per_week must be a whole number 1–7, found '\(value)'", column: indent + content.distance(from: content.startIndex, to: colon) + 3)
                    }
                    document!.daysPerWeek = days
                case "notes":
                    notes.append(value)
                default:
                    throw problem("unknown setting '\(key)'; the plan's settings are days_per_week and notes")
                }
            } else if content.lowercased().hasPrefix("on:"), !content.contains("/") {
                // `on: mon, thu`: the weekdays of the day above.
                let day = document!.days.count - 1
                guard document!.days[day].weekdays.isEmpty else { throw problem("a second 'on:' line for '\(document!.days[day].name)'") }
                var column = indent + 4
                var weekdays: [Weekday] = []
                for piece in String(content.dropFirst(3)).split(separator: ",", omittingEmptySubsequences: false) {
                    let word = String(piece).trimmingWhitespace()
                    let at = column + (piece.prefix(while: { $0 == " " || $0 == "\t" }).count)
                    column += piece.count + 1
                    guard let weekday = Weekday(text: word) else {
                        throw problem("'\(word)' is not a day of the week: write 'on: mon, thu' with mon, tue, wed, thu, fri, sat or sun", column: at)
                    }
                    if let earlier = document!.days.firstIndex(where: { $0.weekdays.contains(weekday) }) {
                        throw problem("\(weekday.name) is already the day of '\(document!.days[earlier].name)' (line \(document!.days[earlier].line)): a weekday has one day of the plan", column: at)
                    }
                    if !weekdays.contains(weekday) { weekdays.append(weekday) }
                }
                document!.days[day].weekdays = weekdays.sorted()
            } else {
                let parsed = try exerciseLine(content, line: lineNumber, indent: indent)
                let day = document!.days.count - 1
                if let earlier = document!.days[day].exercises.first(where: { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(parsed.exerciseName) }) {
                    throw problem("'\(document!.days[day].name)' already plans \(earlier.exerciseName) (line \(earlier.line))")
                }
                document!.days[day].exercises.append(parsed)
            }
        }
        guard var document else { throw Problem(line: max(lineNumber, 1), column: 1, message: "no plan: the text needs a '# NAME' line") }
        document.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
        return document
    }

    /// `EXERCISE / SETSxREPS[-MAX][+] [/ LOAD] [/ progress: RULE] [// NOTES]`.
    private static func exerciseLine(_ content: String, line: Int, indent: Int) throws(Problem) -> Line {
        let scalars = Array(content.unicodeScalars)
        // A note: from '//' to the end of the line.
        var end = scalars.count
        var notes: String?
        for index in 0..<max(0, scalars.count - 1) where scalars[index] == "/" && scalars[index + 1] == "/" {
            end = index
            notes = String(String.UnicodeScalarView(scalars[(index + 2)...])).trimmingWhitespace()
            break
        }
        var segments: [(text: String, column: Int)] = []
        var start = 0
        for index in 0...end where index == end || scalars[index] == "/" {
            let piece = scalars[start..<index]
            let leading = piece.prefix(while: { $0 == " " || $0 == "\t" }).count
            segments.append((String(String.UnicodeScalarView(piece)).trimmingWhitespace(), indent + start + leading + 1))
            start = index + 1
        }
        func problem(_ message: String, at column: Int) -> Problem { Problem(line: line, column: column, message: message) }
        guard segments.count >= 2, !segments[0].text.isEmpty else {
            throw problem("write an exercise as 'EXERCISE / SETSxREPS [/ LOAD] [/ progress: RULE]', such as 'Back Squat / 3x5 / 100kg / progress: lp(2.5kg)'", at: indent + 1)
        }
        let notation: PlanNotation
        do {
            notation = try PlanNotation.parse(segments[1].text)
        } catch {
            if segments[1].text.contains(",") {
                throw problem("'\(segments[1].text)' is not sets each with its load: write them as 135lbx10, 155lbx8, 175lbx6+, every load with its unit", at: segments[1].column)
            }
            throw problem("'\(segments[1].text)' is not SETSxREPS: write 5x5, 3x8-12, 3x5+ or 3xAMRAP", at: segments[1].column)
        }
        var result = Line(exerciseName: Exercise.normalizedName(segments[0].text), line: line, column: segments[0].column, notation: notation, load: nil, progress: nil, notes: notes.flatMap { $0.isEmpty ? nil : $0 })
        for segment in segments.dropFirst(2) {
            if !notation.setTargets.isEmpty {
                throw problem("sets planned one by one carry their own loads and are done as written: no load or progress rule beside them", at: segment.column)
            }
            if segment.text.lowercased().hasPrefix("progress:") {
                guard result.progress == nil else { throw problem("a second progress rule", at: segment.column) }
                let body = String(segment.text.dropFirst("progress:".count))
                let leading = body.unicodeScalars.prefix(while: { $0 == " " || $0 == "\t" }).count
                let column = segment.column + "progress:".count + leading
                do {
                    result.progress = try ProgressionRule.parse(body.trimmingWhitespace())
                } catch {
                    throw problem(error.message, at: column + error.column - 1)
                }
            } else {
                guard result.load == nil, result.progress == nil else {
                    throw problem("expected 'progress: RULE' here, found '\(segment.text)' (the load comes before the rule, once)", at: segment.column)
                }
                do {
                    result.load = try RuleArgument(scalars: Array(segment.text.unicodeScalars), column: segment.column).load("The load")
                } catch {
                    throw problem(error.message, at: error.column)
                }
            }
        }
        return result
    }

    // MARK: Writing

    /// The plan as text: its name, settings, days and planned exercises (IDs, the active mark
    /// and mesocycles stay in the plan's file).
    public static func export(_ plan: TrainingPlan) -> String {
        var lines = ["# " + plan.name]
        if let days = plan.daysPerWeek { lines.append("days_per_week: \(days)") }
        for note in (plan.notes ?? "").split(separator: "\n", omittingEmptySubsequences: false) where plan.notes != nil {
            lines.append("notes: " + note)
        }
        for day in plan.days {
            lines.append("")
            lines.append("## " + day.name)
            if !day.weekdays.isEmpty { lines.append("on: " + day.weekdays.map(\.rawValue).joined(separator: ", ")) }
            for planned in day.exercises {
                var parts = [planned.exerciseName, planned.notation]
                if let load = planned.load { parts.append(load.text) }
                if let rule = planned.progress { parts.append("progress: " + rule.text) }
                var line = parts.joined(separator: " / ")
                if let notes = planned.notes { line += "  // " + notes.replacingOccurrences(of: "\n", with: " ") }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
