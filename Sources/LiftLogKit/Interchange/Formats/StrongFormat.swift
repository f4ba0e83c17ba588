/// The CSV export of the Strong app, in the variants seen in the wild: comma or semicolon
/// separated; the classic columns (weight unit not stated), `Weight (kg)`/`Distance (meters)`
/// headers, per-row `Weight Unit`/`Distance Unit` columns; headers in the user's language.
/// An English header is read by its words; a header in another language by its shape: the
/// column order of one of the app's export generations (``layouts``), which the first rows'
/// values must fit (a date, a set order, numbers where numbers go).
struct StrongFormat: ImportFormat {
    static let source = "strong"

    private let date: Int, exercise: Int
    private let workoutName, duration, setOrder, weight, weightUnit, reps, distance, distanceUnit, seconds, notes, workoutNotes, rpe, offset, sessionID: Int?
    /// liftlog's own columns, by name, when the file is liftlog's CSV.
    private let liftlog: [String: Int]
    private let fileWeightUnit: WeightUnit
    private let fileDistanceFactor: Double
    private let options: ImportOptions
    /// Whether the columns were known by their order rather than the header's words.
    private let readByShape: Bool

    static func recognizes(_ header: [String]) -> Bool { readsWords(header) }

    /// The columns of each generation of the app's export, in the order it writes them
    /// whatever the language: the classic twelve (and eleven, before RPE), and the fourteen
    /// with a unit on each row.
    enum Field: CaseIterable { case date, workoutName, duration, exercise, setOrder, weight, weightUnit, reps, distance, distanceUnit, seconds, notes, workoutNotes, rpe }
    static let layouts: [[Field]] = [
        [.date, .workoutName, .duration, .exercise, .setOrder, .weight, .reps, .distance, .seconds, .notes, .workoutNotes, .rpe],
        [.date, .workoutName, .duration, .exercise, .setOrder, .weight, .reps, .distance, .seconds, .notes, .workoutNotes],
        [.date, .workoutName, .exercise, .setOrder, .weight, .weightUnit, .reps, .distance, .distanceUnit, .seconds, .notes, .workoutNotes, .rpe, .duration],
    ]

    /// The generation (an index of ``layouts``) whose order the header's length and the first
    /// `rows` fit, for a header whose words are not English; `nil` when none fits.
    static func layout(header: [String], rows: [[String]]) -> Int? {
        let rows = rows.filter { !$0.allSatisfy { $0.trimmingWhitespace().isEmpty } }
        guard !rows.isEmpty else { return nil }
        return layouts.indices.first { index in
            let fields = layouts[index]
            guard fields.count == header.count else { return false }
            return rows.allSatisfy { row in
                guard row.count == fields.count else { return false }
                func cell(_ field: Field) -> String { row[fields.firstIndex(of: field)!].trimmingWhitespace() }
                func numberOrEmpty(_ field: Field) -> Bool {
                    fields.contains(field) ? (try? ImportValues.number(cell(field), line: 0, column: "")) != nil || cell(field).isEmpty : true
                }
                guard (try? ImportValues.time(cell(.date), line: 0, utcOffset: 0)) != nil, !cell(.exercise).isEmpty,
                      [.weight, .reps, .distance, .seconds, .rpe].allSatisfy(numberOrEmpty) else { return false }
                if fields.contains(.weightUnit), !["", "kg", "kgs", "lb", "lbs"].contains(cell(.weightUnit).lowercased()) { return false }
                let order = cell(.setOrder)
                return Int(order) != nil || ["W", "D", "F", ""].contains(order.uppercased()) || StrongFormat.isRestTimer(order, weight: cell(.weight), reps: cell(.reps))
            }
        }
    }

    /// Whether a row's set order is the app's rest timer (`Rest Timer`, or its word in the
    /// app's language: `Ruhezeit`): a word, not a set number or W/D/F, on a row without weight
    /// or reps.
    static func isRestTimer(_ order: String, weight: String, reps: String) -> Bool {
        let folded = order.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "_", with: "")
        if folded == "resttimer" { return true }
        guard !order.isEmpty, Int(order) == nil, !["W", "D", "F", "WARMUP", "WARM_UP", "WARM UP", "FAILURE", "DROP", "DROP_SET", "DROPSET"].contains(order.uppercased()) else { return false }
        func none(_ text: String) -> Bool { let value = Double(text.replacingOccurrences(of: ",", with: ".")); return text.isEmpty || value == 0 }
        return none(weight) && none(reps)
    }

    /// Reads the first rows when the header's words are not English, to know the columns by
    /// their shape (``layout(header:rows:)``).
    static func survey(_ path: String, header: [String], options: ImportOptions) throws(ImportProblem) -> ImportOptions {
        guard !readsWords(header), let index = layout(header: header, rows: sample(path)) else { return options }
        var surveyed = options
        surveyed.surveyed["strong.layout"] = String(index)
        return surveyed
    }

    /// Whether the header's words name the columns a set needs (English, or liftlog's CSV).
    static func readsWords(_ header: [String]) -> Bool {
        guard let format = try? StrongFormat(header: header, options: ImportOptions(unit: .kg), words: true) else { return false }
        return format.setOrder != nil && format.weight != nil && format.reps != nil
    }

    /// Whether `header` and the first rows of the file at `path` are a Strong export: by its
    /// words, else by its shape.
    static func recognizes(_ header: [String], path: String) -> Bool {
        readsWords(header) || layout(header: header, rows: sample(path)) != nil
    }

    /// The first rows of the file at `path`, after its header.
    static func sample(_ path: String, count: Int = 20) -> [[String]] {
        guard var reader = try? CSVReader(path: path, separator: CSVReader.separator(forHeader: CSVReader.head(of: path))) else { return [] }
        _ = try? reader.next()
        var rows: [[String]] = []
        while rows.count < count, let record = try? reader.next() { rows.append(record.fields) }
        return rows
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        try self.init(header: header, options: options, words: options.surveyed["strong.layout"] == nil)
    }

    /// The columns from the header's words (`words`), or from the layout the survey found.
    private init(header: [String], options: ImportOptions, words: Bool) throws(ImportProblem) {
        if !words, let index = options.surveyed["strong.layout"].flatMap(Int.init), StrongFormat.layouts.indices.contains(index) {
            let fields = StrongFormat.layouts[index]
            func at(_ field: Field) -> Int? { fields.firstIndex(of: field) }
            (date, exercise) = (at(.date)!, at(.exercise)!)
            (workoutName, duration, setOrder, weight, weightUnit, reps) = (at(.workoutName), at(.duration), at(.setOrder), at(.weight), at(.weightUnit), at(.reps))
            (distance, distanceUnit, seconds, notes, workoutNotes, rpe) = (at(.distance), at(.distanceUnit), at(.seconds), at(.notes), at(.workoutNotes), at(.rpe))
            (offset, sessionID, liftlog, readByShape) = (nil, nil, [:], true)
            guard let unit = options.unit ?? (weightUnit == nil ? nil : .kg) else {
                throw ImportProblem(line: 1, message: "this Strong export does not say whether its weights are in kg or lbs (it has no Weight Unit column)", remedy: .giveImportUnit)
            }
            fileWeightUnit = unit
            fileDistanceFactor = distanceUnit == nil ? StrongFormat.classicDistanceFactor(unit) : 1
            self.options = options
            return
        }
        readByShape = false
        let folded = header.map(ImportValues.fold)
        func column(_ matches: (String) -> Bool) -> Int? { folded.firstIndex(where: matches) }
        func has(_ text: String, _ words: [String]) -> Bool { words.contains { text == $0 || text.hasPrefix($0 + " ") } }
        guard let date = column({ has($0, ["date", "datum", "fecha", "data"]) }) else {
            throw ImportProblem(line: 1, message: "this is not a Strong export: there is no Date column")
        }
        guard let exercise = column({ has($0, ["exercise name", "exercise", "nom de l exercice", "exercice", "ubung", "ejercicio"]) }) else {
            throw ImportProblem(line: 1, message: "this is not a Strong export: there is no Exercise Name column")
        }
        self.date = date
        self.exercise = exercise
        workoutName = column { has($0, ["workout name", "nom de l entrainement", "nom de la seance", "trainingsname"]) }
        workoutNotes = column { has($0, ["workout notes", "notes de l entrainement", "notes de la seance"]) }
        duration = column { has($0, ["duration", "workout duration", "duree", "dauer", "duracion"]) }
        setOrder = column { has($0, ["set order", "ordre de la serie", "ordre des series", "satz"]) }
        weightUnit = column { has($0, ["weight unit", "unite de poids"]) }
        weight = column { (has($0, ["weight", "poids", "gewicht", "peso"])) && !has($0, ["weight unit", "unite de poids"]) }
        reps = column { has($0, ["reps", "repetitions", "wiederholungen", "repeticiones"]) }
        distanceUnit = column { has($0, ["distance unit", "unite de distance"]) }
        distance = column { has($0, ["distance", "distanz", "distancia"]) && !has($0, ["distance unit", "unite de distance"]) }
        seconds = column { has($0, ["seconds", "secondes", "sekunden", "segundos"]) }
        notes = column { has($0, ["notes", "remarques", "notizen", "notas"]) && !has($0, ["notes de l entrainement", "notes de la seance"]) }
        rpe = column { $0 == "rpe" }
        offset = column { $0 == "utc offset" }
        sessionID = column { $0 == "session id" }
        var own: [String: Int] = [:]
        for name in Store.liftlogCSVColumns {
            if let index = header.firstIndex(where: { $0.trimmingWhitespace() == name }) { own[name] = index }
        }
        liftlog = own
        let weightHeader = weight.map { folded[$0] } ?? ""
        let headerUnit: WeightUnit? = weightHeader.contains("(lbs)") || weightHeader.contains("(lb)") ? .lbs : weightHeader.contains("(kg)") ? .kg : nil
        // Never guess: a 170 lb squat read as kg is a record nobody lifted.
        guard let unit = headerUnit ?? options.unit ?? (weightUnit == nil ? nil : .kg) else {
            throw ImportProblem(line: 1, message: "this Strong export does not say whether its weights are in kg or lbs (it has no Weight Unit column)", remedy: .giveImportUnit)
        }
        fileWeightUnit = unit
        let distanceHeader = distance.map { folded[$0] } ?? ""
        fileDistanceFactor = distanceHeader.contains("(km)") ? 1000 : distanceHeader.contains("(miles)") || distanceHeader.contains("(mi)") ? 1609.344
            : distanceHeader.contains("(m)") || distanceHeader.contains("(meters)") || distanceHeader.contains("(metres)") || !own.isEmpty || distanceUnit != nil ? 1
            : StrongFormat.classicDistanceFactor(unit)
        self.options = options
    }

    /// Metres per unit of the classic export's `Distance`, which is in the app's distance unit
    /// and says nothing of it: kilometres beside kg, miles beside lbs (the app's metric and
    /// imperial settings).
    static func classicDistanceFactor(_ unit: WeightUnit) -> Double { unit == .kg ? 1000 : 1609.344 }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        func cell(_ index: Int?) -> String { ImportValues.cell(record, index) }
        let order = cell(setOrder)
        let name = Exercise.normalizedName(cell(exercise))
        // A set number (almost every row) is no rest timer.
        let restTimer = StrongFormat.isRestTimer(order, weight: cell(weight), reps: cell(reps)) || Exercise.nameKey(name) == "rest timer"
        guard !name.isEmpty || restTimer || liftlog["Kind"] != nil else { throw ImportProblem(line: line, message: "the exercise name is empty") }
        var utcOffset = options.utcOffsetSeconds
        if let offset, !cell(offset).isEmpty {
            guard let parsed = Timestamp("2000-01-01T00:00:00" + cell(offset)) else { throw ImportProblem(line: line, message: "UTC offset '\(cell(offset))' is not like +01:00") }
            utcOffset = parsed.utcOffsetSeconds
        }
        let dateText = cell(date)
        let start = try ImportValues.time(dateText, line: line, utcOffset: utcOffset)
        var workout = ImportedWorkout(key: "\(dateText)|\(cell(workoutName))", title: cell(workoutName).isEmpty ? nil : cell(workoutName), start: start,
                                      startText: dateText)
        if let sessionID, !cell(sessionID).isEmpty {
            guard let id = Session.ID(rawValue: cell(sessionID)) else { throw ImportProblem(line: line, message: "Session ID '\(cell(sessionID))' is not a lowercase UUID") }
            workout.explicitID = id
        }
        // A length in words of the app's language ("1 Std. 5 Min.") is left out, not refused.
        let length = readByShape ? (try? ImportValues.duration(cell(duration), line: line)) ?? nil : try ImportValues.duration(cell(duration), line: line)
        if let length, length > 0 { workout.end = start.adding(seconds: length) }
        let workoutNote = cell(workoutNotes)
        workout.notes = workoutNote.isEmpty ? nil : workoutNote
        // Its set is none, but a note of the workout on it is the workout's.
        if restTimer { return .skipSet(workout, "rest timer") }
        if liftlog["Kind"] != nil {
            workout.details = try details(record)
            // A session's row without an exercise: the session alone (a stretch, a meditation).
            if name.isEmpty { return .workout(workout) }
        }
        var set = ImportedSet(line: line, exercise: name)
        switch order.uppercased() {
        case "W", "WARM_UP", "WARMUP", "WARM UP": set.setType = .warmup
        case "F", "FAILURE": set.setType = .failure
        case "D", "DROP", "DROP_SET", "DROPSET": set.setType = .drop
        case "": break
        default: guard Int(order) != nil else { throw ImportProblem(line: line, message: "set order '\(order)' is not a number, W, D or F") }
        }
        var unit = fileWeightUnit
        if let weightUnit, !cell(weightUnit).isEmpty {
            guard let parsed = WeightUnit(rawValue: cell(weightUnit).lowercased()) ?? (cell(weightUnit).lowercased() == "lb" ? .lbs : nil) else {
                throw ImportProblem(line: line, message: "weight unit '\(cell(weightUnit))' is not kg or lbs")
            }
            unit = parsed
        }
        set.unit = unit
        set.weight = try ImportValues.number(cell(weight), line: line, column: "weight")
        set.reps = try ImportValues.integer(cell(reps), line: line, column: "reps")
        if let distanceValue = try ImportValues.number(cell(distance), line: line, column: "distance", decimals: 6), distanceValue > 0 {
            var factor = fileDistanceFactor
            switch cell(distanceUnit).lowercased() {
            case "km": factor = 1000
            case "mi", "miles": factor = 1609.344
            case "m", "meters", "": break
            default: throw ImportProblem(line: line, message: "distance unit '\(cell(distanceUnit))' is not m, km or mi")
            }
            set.distanceMeters = (distanceValue * factor * 100).rounded() / 100
        }
        if let value = try ImportValues.integer(cell(seconds), line: line, column: "seconds"), value > 0 { set.seconds = value }
        // Cardio rows carry a distance or time and a zero weight: no weight at all.
        if set.weight == 0, set.reps == nil || set.reps == 0, set.distanceMeters != nil || set.seconds != nil { set.weight = nil; set.reps = nil }
        if let value = try ImportValues.number(cell(rpe), line: line, column: "RPE") {
            guard WorkoutSet.isValidRPE(value) else { throw ImportProblem(line: line, message: "RPE \(cell(rpe)) is not between 1 and 10 in steps of 0.5") }
            set.rpe = value
        }
        // Negative only as a bodyweight set's assistance (liftlog's CSV says which).
        if let value = set.weight, value < 0, ImportValues.cell(record, liftlog["Bodyweight"]) != "yes" {
            throw ImportProblem(line: line, message: "weight \(cell(weight)) is negative")
        }
        if let value = set.reps, value < 0 { throw ImportProblem(line: line, message: "reps \(cell(reps)) is negative") }
        let note = cell(notes)
        set.notes = note.isEmpty ? nil : note
        if !liftlog.isEmpty {
            try readOwnColumns(record, into: &set)
        } else if set.weight == 0, let count = set.reps, count > 0 {
            // Strong writes 0 for a set of a bodyweight exercise (Pull Up 0 × 10): reps without
            // a weight, which liftlog counts at body weight, not a record of 0 lbs.
            set.weight = nil
        }
        return .set(workout, set)
    }
}

extension StrongFormat {
    /// A cell of liftlog's own columns.
    private func own(_ record: CSVRecord, _ name: String) -> String { ImportValues.cell(record, liftlog[name]) }

    /// The session's fields in liftlog's CSV.
    private func details(_ record: CSVRecord) throws(ImportProblem) -> SessionDetails {
        let line = record.line
        guard let kind = Session.Kind(rawValue: own(record, "Kind")) else {
            throw ImportProblem(line: line, message: "Kind '\(own(record, "Kind"))' is not \(Session.Kind.choices)")
        }
        let statusText = own(record, "Status")
        guard let status = statusText.isEmpty ? .completed : Session.Status(rawValue: statusText) else {
            throw ImportProblem(line: line, message: "Status '\(statusText)' is not active or completed")
        }
        func list(_ name: String) -> [String] { own(record, name).split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty } }
        func text(_ name: String) -> String? { own(record, name).isEmpty ? nil : own(record, name) }
        let feel = try ImportValues.integer(own(record, "Feel"), line: line, column: "Feel")
        if let feel, !(1...5).contains(feel) { throw ImportProblem(line: line, message: "Feel \(feel) is not 1–5") }
        return SessionDetails(kind: kind, status: status, durationSeconds: try ImportValues.integer(own(record, "Session Seconds"), line: line, column: "Session Seconds"),
                              feel: feel, painTags: list("Pain"), plan: text("Plan"),
                              weekNumber: try ImportValues.integer(own(record, "Week"), line: line, column: "Week"), source: text("Source"),
                              regions: list("Regions"), meditationType: text("Meditation Type"))
    }

    /// A set's fields in liftlog's CSV.
    private func readOwnColumns(_ record: CSVRecord, into set: inout ImportedSet) throws(ImportProblem) {
        let line = record.line
        set.entry = try ImportValues.integer(own(record, "Entry"), line: line, column: "Entry")
        set.exerciseNotes = own(record, "Exercise Notes").isEmpty ? nil : own(record, "Exercise Notes")
        set.superset = own(record, "Superset").isEmpty ? nil : own(record, "Superset")
        if !own(record, "Method").isEmpty {
            guard let method = Session.Entry.Method(rawValue: own(record, "Method")) else {
                throw ImportProblem(line: line, message: "Method '\(own(record, "Method"))' is not standard, rest_pause or timed")
            }
            set.method = method
        }
        set.rir = try ImportValues.integer(own(record, "RIR"), line: line, column: "RIR")
        set.restSeconds = try ImportValues.integer(own(record, "Rest Seconds"), line: line, column: "Rest Seconds")
        set.bodyweight = own(record, "Bodyweight") == "yes"
        if !own(record, "Set Completed At").isEmpty {
            guard let time = Timestamp(own(record, "Set Completed At")) else {
                throw ImportProblem(line: line, message: "Set Completed At '\(own(record, "Set Completed At"))' is not an ISO 8601 time")
            }
            set.completedAt = time
        }
        set.targetReps = try ImportValues.integer(own(record, "Target Reps"), line: line, column: "Target Reps")
        set.targetWeight = try ImportValues.number(own(record, "Target Weight"), line: line, column: "Target Weight")
        if case let id = own(record, "Set ID"), WorkoutSet.isUsableID(id) { set.id = id }
    }
}
