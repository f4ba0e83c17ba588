/// One set read from another app's export, before it becomes part of a session.
struct ImportedSet {
    /// Whether the row holds nothing of a set (an app writes one for a set added and left
    /// blank): no weight, reps, distance, time, RPE or note, and no target (a planned set not
    /// done is one).
    var holdsNothing: Bool {
        (weight ?? 0) == 0 && (reps ?? 0) == 0 && distanceMeters == nil && seconds == nil && rpe == nil && notes == nil && !bodyweight
            && status == .completed && targetReps == nil && targetWeight == nil
    }

    var line: Int
    var exercise: String
    var setType: WorkoutSet.SetType = .normal
    var weight: Double?
    var unit: WeightUnit?
    var reps: Int?
    var rpe: Double?
    var distanceMeters: Double?
    var seconds: Int?
    var notes: String?
    var exerciseNotes: String?
    var superset: String?
    // What liftlog's own CSV adds.
    var method: Session.Entry.Method?
    var rir: Int?
    var restSeconds: Int?
    var bodyweight = false
    var completedAt: Timestamp?
    var targetReps: Int?
    var targetWeight: Double?
    /// The set's own ID (liftlog's CSV).
    var id: String?
    /// The entry (1, 2, …) the set belongs to, when the file says.
    var entry: Int?
    /// Done, or (Liftosaur's planned sets not done) skipped.
    var status: WorkoutSet.Status = .completed
    /// Muscles the app names for the exercise (for an exercise the import adds).
    var muscleGroups: [String] = []
    var secondaryMuscles: [String] = []
}

extension ImportedSet {
    /// The set as a session holds it, numbered `number`.
    func workoutSet(number: Int) -> WorkoutSet {
        WorkoutSet(setNumber: number, setType: setType, weight: weight, unit: weight == nil ? nil : unit, reps: reps,
                   bodyweight: bodyweight, rpe: rpe, rir: rir, restSeconds: restSeconds, distanceMeters: distanceMeters,
                   durationSeconds: seconds, targetReps: targetReps, targetWeight: targetWeight, status: status,
                   completedAt: completedAt, notes: notes, id: id)
    }
}

/// What liftlog's own CSV says of a session beyond Strong's columns.
struct SessionDetails {
    var kind: Session.Kind
    var status: Session.Status
    var durationSeconds: Int?
    var feel: Int?
    var painTags: [String]
    var plan: String?
    var weekNumber: Int?
    /// The app the session came from originally; `nil` for one logged in liftlog.
    var source: String?
    var regions: [String]
    var meditationType: String?
}

/// One workout read from another app's export.
struct ImportedWorkout {
    /// Identifies the workout in the source (its start and title): the same export gives the
    /// same key, so importing twice creates nothing new.
    var key: String
    var explicitID: Session.ID?
    var title: String?
    var start: Timestamp
    var end: Timestamp?
    var notes: String?
    var sets: [ImportedSet] = []
    /// From liftlog's own CSV: the session's fields, and a session without sets is kept.
    var details: SessionDetails?
    /// The body weight the app recorded with the workout (StrongLifts), for the body log.
    var bodyWeight: BodyEntry.Value?
    /// The program the workout belongs to (Liftosaur).
    var plan: String?

    /// The start as the app wrote it: what identifies the workout, whatever its title becomes
    /// in the app later.
    var startText: String

    /// The ID of the workout's session: the file's own, else derived from the app and the start.
    func sessionID(source: String) -> Session.ID { explicitID ?? Session.ID.nameBased("\(source)|\(startText)") }

    /// The ID earlier versions derived (from the start and the title), to find what they imported.
    func legacySessionID(source: String) -> Session.ID { Session.ID.nameBased("\(source)|\(key)") }

    /// The session: an entry per block of consecutive sets of one exercise (an exercise done
    /// twice, apart, keeps both blocks), sets numbered from 1 in each. A workout of distance and
    /// time rows alone is a cardio session.
    func session(source: String, exerciseIDs: [String: Exercise.ID], names: [String: String]) -> Session {
        let cardio = sets.allSatisfy { ($0.distanceMeters != nil || $0.seconds != nil) && $0.reps == nil && $0.weight == nil }
        var session = Session(id: sessionID(source: source), kind: cardio ? .cardio : .lifting, status: .completed, startedAt: start,
                              completedAt: max(end ?? sets.compactMap(\.completedAt).max() ?? start, start), planDay: title, notes: notes, source: source)
        session.plan = plan
        if let details {
            session.kind = details.kind
            session.status = details.status
            if details.status == .active { session.completedAt = nil }
            session.durationSeconds = details.durationSeconds
            session.sessionRPE = details.feel
            session.painTags = details.painTags
            session.plan = details.plan
            session.weekNumber = details.weekNumber
            session.source = details.source
            session.regions = details.regions
            session.meditationType = details.meditationType
        }
        var previous: (exercise: String, superset: String?, entry: Int?)?
        for set in sets {
            let name = names[Exercise.nameKey(set.exercise)] ?? set.exercise
            let key = Exercise.nameKey(name)
            var index: Int? = session.entries.isEmpty ? nil : session.entries.count - 1
            if let entry = set.entry {
                // liftlog's CSV numbers its entries.
                if previous?.entry != entry { index = nil }
            } else if previous.map({ $0.exercise != key || $0.superset != set.superset }) ?? true
                        || (set.exerciseNotes != nil && set.exerciseNotes != session.entries.last?.notes) {
                index = nil
            }
            previous = (key, set.superset, set.entry)
            if index == nil {
                session.entries.append(Session.Entry(exerciseID: exerciseIDs[key], exerciseName: name, order: session.entries.count + 1,
                                                     notes: set.exerciseNotes, superset: set.superset, method: set.method))
                index = session.entries.count - 1
            }
            let number = session.entries[index!].sets.count + 1
            session.entries[index!].sets.append(set.workoutSet(number: number))
        }
        return session
    }
}

/// What one row of an export is.
enum ImportRow {
    case set(ImportedWorkout, ImportedSet)
    /// Several sets of one row (a wide export: StrongLifts writes a workout per row).
    case sets(ImportedWorkout, [ImportedSet])
    /// A session without sets (liftlog's CSV writes one row for a stretch or a meditation).
    case workout(ImportedWorkout)
    /// A row of a workout that holds no set (a rest timer), and why its set is left out: the
    /// workout's own details on it (notes, times) still count.
    case skipSet(ImportedWorkout, String)
    /// A row that belongs to no workout (another section of the file: an empty reason), and why
    /// it is left out.
    case skip(String)
}

/// A bad row, and why.
struct ImportProblem: Error {
    var line: Int
    var message: String
    /// What the user can give to read it (the unit, the order of dates), when anything.
    var remedy: Remedy? = nil
}

/// Reads one app's export, row by row.
protocol ImportFormat {
    /// The app's name, recorded as each session's `source`.
    static var source: String { get }
    /// Learns the columns from the header row.
    init(header: [String], options: ImportOptions) throws(ImportProblem)
    /// The workout and the set of one row, or why the row is skipped.
    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow
    /// Whether a header row is this app's.
    static func recognizes(_ header: [String]) -> Bool
    /// The section marker of a file of sections whose rows this format reads (JEFIT); `nil`
    /// for a plain CSV.
    static var section: String? { get }
    /// Whether each row is a whole workout (StrongLifts), so a second row of one is a copy.
    static var rowIsWorkout: Bool { get }
    /// What the whole file says before its rows are read one by one (StrongLifts: whether its
    /// dates are day or month first). The default changes nothing.
    static func survey(_ path: String, header: [String], options: ImportOptions) throws(ImportProblem) -> ImportOptions
    /// The weigh-ins of the app's own body log (JEFIT's `BODY STATS`), for liftlog's, each
    /// or why its row cannot be read.
    var bodyStats: [Result<ImportedBodyStat, ImportProblem>] { get }
}

/// A weigh-in the app kept apart from its workouts (JEFIT's body stats).
struct ImportedBodyStat {
    /// Identifies it in the source (its day): importing again adds nothing.
    var key: String
    var measuredAt: Timestamp
    var measurements: [String: BodyEntry.Value]
}

extension ImportFormat {
    static var section: String? { nil }
    static var rowIsWorkout: Bool { false }
    var bodyStats: [Result<ImportedBodyStat, ImportProblem>] { [] }

    static func survey(_ path: String, header: [String], options: ImportOptions) throws(ImportProblem) -> ImportOptions { options }
}

/// Choices for an import.
public struct ImportOptions: Sendable {
    /// The unit of weights when the file does not say (Strong's classic export); `nil` refuses
    /// such a file rather than guess.
    public var unit: WeightUnit?
    /// The UTC offset of times without one, in seconds; `nil` for this machine's zone at each date.
    public var utcOffsetSeconds: Int?
    /// Source exercise names mapped onto library names (`--map`).
    public var nameMap: [String: String]
    /// Report what would be created, write nothing.
    public var dryRun: Bool
    /// Import the good rows of a file with bad ones (else a bad row rejects the whole file).
    public var skipBadRows: Bool
    /// Replace sessions changed in liftlog since their import with the app's version too.
    public var replaceChanged = false
    /// Whether dates like 03/04/25 are day first (`true`) or month first; `nil` to decide
    /// from the file (StrongLifts).
    public var dayFirst: Bool?
    /// What a survey of the whole file found, for the rows (JEFIT: its unit and sessions).
    var surveyed: [String: String] = [:]

    /// Options of the given values; the others take their defaults.
    public init(unit: WeightUnit? = nil, utcOffsetSeconds: Int? = nil, nameMap: [String: String] = [:], dryRun: Bool = false, skipBadRows: Bool = false) {
        self.unit = unit
        self.utcOffsetSeconds = utcOffsetSeconds
        self.nameMap = nameMap
        self.dryRun = dryRun
        self.skipBadRows = skipBadRows
    }
}

/// Parsing helpers shared by the formats.
enum ImportValues {
    /// A cell as the formats read it: trimmed, CRLF line breaks as LF, and without the
    /// apostrophe a CSV writer puts before `=`, `+`, `-` or `@` to keep spreadsheets from
    /// running the cell as a formula (liftlog's own export does).
    static func cell(_ record: CSVRecord, _ index: Int?) -> String {
        guard let index, index < record.fields.count else { return "" }
        var text = record.fields[index].trimmingWhitespace()
        if text.utf8.contains(0x0D), text.contains("\r\n") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        if text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first, "=+-@".unicodeScalars.contains(second) {
            text.removeFirst()
        }
        return text
    }

    /// A number, tolerating a decimal comma (semicolon files) and float noise
    /// (`74.99999999999999` → 75, `65.181223569` → 65.18); `nil` for an empty cell.
    /// A number of the file, kept to `decimals` places (weights to the hundredth; a distance in
    /// kilometres or miles to the millimetre, so a 2 m sled push is not read as nothing).
    static func number(_ text: String, line: Int, column: String, decimals: Int = 2) throws(ImportProblem) -> Double? {
        var trimmed = text.trimmingWhitespace()
        if trimmed.utf8.contains(0x2C) { trimmed = trimmed.replacingOccurrences(of: ",", with: ".") }
        guard !trimmed.isEmpty else { return nil }
        guard let value = Double(trimmed), value.isFinite else { throw ImportProblem(line: line, message: "\(column) '\(text)' is not a number") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    static func integer(_ text: String, line: Int, column: String) throws(ImportProblem) -> Int? {
        guard let value = try number(text, line: line, column: column) else { return nil }
        guard value == value.rounded(), abs(value) < 1e9 else { throw ImportProblem(line: line, message: "\(column) '\(text)' is not a whole number") }
        return Int(value)
    }

    /// `3600`, `1h 2m`, `56m`, `47h 52m`, `35min`, `1h 1min`, `90s` → seconds.
    static func duration(_ text: String, line: Int) throws(ImportProblem) -> Int? {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let seconds = Double(trimmed) { return Int(seconds.rounded()) }
        var total = 0.0, number = "", unit = ""
        func flush() throws(ImportProblem) {
            guard !number.isEmpty else { if unit.isEmpty { return }; throw ImportProblem(line: line, message: "duration '\(text)' is not understood") }
            guard let value = Double(number) else { throw ImportProblem(line: line, message: "duration '\(text)' is not understood") }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 3600
            case "m", "min", "mins", "minute", "minutes": total += value * 60
            case "s", "sec", "secs", "second", "seconds", "": total += value
            default: throw ImportProblem(line: line, message: "duration '\(text)' is not understood")
            }
            number = ""
            unit = ""
        }
        for character in trimmed.unicodeScalars {
            if ("0"..."9").contains(character) || character == "." {
                if !unit.isEmpty { try flush() }
                number.unicodeScalars.append(character)
            } else if ("a"..."z").contains(character) || (!character.isASCII && character.properties.isAlphabetic) {
                unit.unicodeScalars.append(character)
            } else if character == " " {
                if !unit.isEmpty { try flush() }
            } else {
                throw ImportProblem(line: line, message: "duration '\(text)' is not understood")
            }
        }
        try flush()
        return Int(total.rounded())
    }

    /// A local time `YYYY-MM-DD HH:MM[:SS]` (or ISO 8601 with an offset) in the given or local offset.
    static func time(_ text: String, line: Int, utcOffset: Int?) throws(ImportProblem) -> Timestamp {
        let trimmed = text.trimmingWhitespace()
        if let plain = plainLocalTime(trimmed, utcOffset: utcOffset) { return plain }
        if let exact = Timestamp(trimmed) { return exact }
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let date = LocalDate(String(parts[0])) else {
            throw ImportProblem(line: line, message: "date '\(text)' is not a date and time like 2021-03-05 18:07:12")
        }
        let clock = parts[1].split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(clock.count), (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), clock.count == 2 || (0..<60).contains(clock[2]) else {
            throw ImportProblem(line: line, message: "time in '\(text)' is not understood")
        }
        return localTime(date, clock[0], clock[1], clock.count == 3 ? clock[2] : 0, utcOffset: utcOffset)
    }

    /// The common shape, `YYYY-MM-DD HH:MM[:SS]` (or with `T`), read as bytes; `nil` for
    /// anything else, which ``time(_:line:utcOffset:)`` reads (or refuses) the general way.
    private static func plainLocalTime(_ text: String, utcOffset: Int?) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20 || bytes[10] == 0x54, bytes[13] == 0x3A,
              bytes.count == 16 || bytes[16] == 0x3A,
              let year = CivilCalendar.digits(bytes, 0, 4), let month = CivilCalendar.digits(bytes, 5, 2), let day = CivilCalendar.digits(bytes, 8, 2),
              let hour = CivilCalendar.digits(bytes, 11, 2), let minute = CivilCalendar.digits(bytes, 14, 2),
              let date = LocalDate(year: year, month: month, day: day), hour < 24, minute < 60 else { return nil }
        var second = 0
        if bytes.count == 19 {
            guard let value = CivilCalendar.digits(bytes, 17, 2), value < 60 else { return nil }
            second = value
        }
        return localTime(date, hour, minute, second, utcOffset: utcOffset)
    }

    static func localTime(_ date: LocalDate, _ hour: Int, _ minute: Int, _ second: Int, utcOffset: Int?) -> Timestamp {
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if let utcOffset { return Timestamp(millisecondsSince1970: (local - Int64(utcOffset)) * 1000, utcOffsetSeconds: utcOffset) }
        let (seconds, offset) = LocalTimeZone.epochSeconds(forLocalSeconds: local)
        return Timestamp(millisecondsSince1970: seconds * 1000, utcOffsetSeconds: offset)
    }

    /// A header cell folded for matching: lowercase ASCII letters and digits, `#`, parentheses,
    /// single spaces (`Nom de l'entraînement` → `nom de l entrainement`).
    static func fold(_ header: String) -> String {
        var output = ""
        for scalar in header.lowercased().unicodeScalars {
            let folded = Slug.foldScalar(scalar)
            if !folded.isEmpty { output += folded } else if scalar == "#" || scalar == "(" || scalar == ")" { output.append(Character(scalar)) } else if !output.hasSuffix(" ") { output += " " }
        }
        return output.trimmingWhitespace()
    }
}

extension Session {
    /// A digest of the session's content as written (without `source_digest`).
    var contentDigest: String {
        var copy = self
        copy.sourceDigest = nil
        return SHA1.digest(copy.canonicalBytes).map { hex($0, width: 2) }.joined().lowercased()
    }

    /// Whether the session is as an import wrote it: nobody changed it since.
    var isAsImported: Bool { sourceDigest != nil && sourceDigest == contentDigest }
}
