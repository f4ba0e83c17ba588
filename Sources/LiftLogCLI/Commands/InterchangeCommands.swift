import LiftLogKit

/// `import strong|hevy FILE` and `export csv|ndjson`.
enum InterchangeCommands {
    static let importCommand = CommandSpec(
        name: "import",
        abstract: "Import the export of Strong, Hevy, FitNotes, Liftosaur, StrongLifts or JEFIT; importing again adds only what changed.",
        discussion: "Each workout becomes a completed session and each row a set. Columns are matched by meaning (Strong's headers in other languages too). Exercises not in the library are added as custom exercises; --map names library exercises for the app's names. A file with a bad row is rejected with its line number and nothing is imported, unless --skip-bad-rows.",
        arguments: [Argument.appOrFile, Argument.importFileAfterApp],
        options: [Option.importUnit, Option.utcOffset, Option.dateOrder, Option.nameMap, Flag.dryRun, Flag.skipBadRows, Flag.replaceChanged],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            // `import FILE` recognises the app; `import APP FILE` names it.
            var source: ImportSource?
            let file: String
            if let second = arguments[.importFileAfterApp] {
                guard let named = ImportSource(rawValue: arguments[.appOrFile].lowercased()) else {
                    throw .usage("Unknown app '\(arguments[.appOrFile])'; liftlog imports \(ImportSource.allCases.map(\.rawValue).joinedAsAlternatives()).", command: arguments.commandName)
                }
                source = named
                file = second
            } else {
                file = arguments[.appOrFile]
            }
            var options = ImportOptions(unit: try arguments[.importUnit],
                                        dryRun: arguments[.dryRun], skipBadRows: arguments[.skipBadRows])
            options.replaceChanged = arguments[.replaceChanged]
            if let text = try arguments[.utcOffset] {
                guard let parsed = Timestamp("2000-01-01T00:00:00" + (text == "Z" ? "Z" : text)) else {
                    throw .validation("--utc-offset must look like +01:00 or -05:00, got '\(text)'.")
                }
                options.utcOffsetSeconds = parsed.utcOffsetSeconds
            }
            if let mapFile = try arguments[.nameMap] { options.nameMap = try readMap(mapFile) }
            switch try arguments[.dateOrder]?.lowercased() {
            case "day-first"?: options.dayFirst = true
            case "month-first"?: options.dayFirst = false
            case nil: break
            case let other?: throw .validation("--dates must be day-first or month-first, got '\(other)'.")
            }
            let showProgress = context.io.inputIsTerminal && context.io.outputIsTerminal
            let io = context.io
            let report = try store.importFile(file, from: source, options: options, progress: showProgress ? { rows in io.writeError("\rImporting… \(Formatting.grouped(Int64(rows))) rows") } : nil)
            if showProgress { context.io.writeError("\r\u{1B}[K") }
            return CommandResult(data: data(report), text: summary(report, file: file))
        })

    /// `export fit --out FOLDER`: a FIT activity file per session with sets.
    static func exportFIT(store: Store, folder: String?, from: LocalDate?, to: LocalDate?, context: CommandContext) throws(LiftLogError) -> CommandResult {
        guard let folder else { throw .usage("export fit writes one file per session: give the folder with --out FOLDER.", command: "liftlog export") }
        try OutsideFiles.makeFolder(folder)
        var written: [String] = []
        try store.forEachSession(from: from, to: to) { stored throws(LiftLogError) in
            guard let bytes = Store.fitFile(stored.session) else { return }
            let name = (stored.path.split(separator: "/").last.map(String.init) ?? stored.session.id.rawValue).replacingOccurrences(of: ".json", with: ".fit")
            try OutsideFiles.write(bytes, to: folder + "/" + name)
            written.append(name)
        }
        context.io.writeError("Exported \(Formatting.count(written.count, "session")) to \(folder). FIT files leave out \(Store.fitLeavesOut).\n")
        return CommandResult(data: ["sessions": .number(JSONNumber(written.count)), "files": .array(written.map { .string($0) })], text: "")
    }

    /// The names of a `--map` file: a JSON object of "app name": "library name", or a CSV of
    /// two columns (app name, library name; more columns are ignored).
    ///
    /// - Throws: `NOT_FOUND` for no such file; `VALIDATION_ERROR` for a folder, a file too large,
    ///   JSON that is not such an object (at the line and column of the mistake) or a bad CSV
    ///   record (at its line); `IO_ERROR` when it cannot be read.
    static func readMap(_ path: String) throws(LiftLogError) -> [String: String] {
        let bytes = try OutsideFiles.read(path, what: "Map file")
        let shape = "a map is a JSON object of \"app name\": \"library name\", or a CSV of two columns"
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == 0x5B { throw .validation("The map file '\(path)' is a JSON array; \(shape).") }
        if first == 0x7B {
            let value: JSONValue, positions: PositionTable
            do {
                (value, positions) = try JSONParser.parseWithPositions(Array(text))
            } catch let error as JSONSyntaxError {
                let location = SourceLocation(offset: error.offset + bytes.count - text.count, in: bytes)
                throw .validation("\(path):\(location.line):\(location.column): \(error.message).")
            } catch {
                throw .internal("\(error)")
            }
            guard case .object(let object) = value else { throw .validation("The map file '\(path)' is not a JSON object; \(shape).") }
            var map: [String: String] = [:]
            for member in object.members {
                guard case .string(let target) = member.value else {
                    let offset = positions.offset(of: JSONPath.root.appending(member.key)) + bytes.count - text.count
                    let location = SourceLocation(offset: offset, in: bytes)
                    throw .validation("\(path):\(location.line):\(location.column): \"\(member.key)\" must map to a library name in quotes.")
                }
                map[member.key] = target
            }
            return map
        }
        var reader = CSVReader(bytes: bytes, separator: CSVReader.separator(forHeader: bytes))
        var map: [String: String] = [:]
        var lineOfOneName: Int?
        do throws(CSVError) {
            while lineOfOneName == nil, let record = try reader.next() {
                if record.fields.count >= 2 {
                    map[record.fields[0]] = record.fields[1]
                } else if record.fields.contains(where: { !$0.isEmpty }) {
                    lineOfOneName = record.line
                }
            }
        } catch {
            throw .validation("\(path):\(error.line): \(error.message).")
        }
        if let lineOfOneName {
            throw .validation("\(path):\(lineOfOneName): a line of a map has two names, the app's and the library's, separated by '\(Character(UnicodeScalar(reader.separator)))'.")
        }
        return map
    }

    static func data(_ report: ImportReport) -> JSONValue {
        [
            "rows": .number(JSONNumber(report.rows)), "sessions_created": .number(JSONNumber(report.sessionsCreated)),
            "sessions_existing": .number(JSONNumber(report.sessionsExisting)), "sets_created": .number(JSONNumber(report.setsCreated)),
            "sessions_updated": .array(report.sessionsUpdated.map { .string($0) }),
            "sessions_changed_here": .array(report.sessionsChangedHere.map { .string($0) }),
            "exercises_created": .array(report.exercisesCreated.map { .string($0) }),
            "mapped": .array(report.mapped.map { ["source": .string($0.source), "library": .string($0.library)] }),
            "matched": .array(report.matched.map { ["source": .string($0.source), "library": .string($0.library)] }),
            "skipped_rows": .array(report.skippedRows.map { ["line": .number(JSONNumber($0.line)), "reason": .string($0.reason)] }),
            "dry_run": .bool(report.dryRun),
            "app": .string(report.source.rawValue),
            "body_weights_added": .number(JSONNumber(report.bodyWeightsAdded)),
        ]
    }

    static func summary(_ report: ImportReport, file: String) -> String {
        let verb = report.dryRun ? "Would import" : "Imported"
        var lines = ["\(verb) \(Formatting.count(report.sessionsCreated, "session")) (\(Formatting.count(report.setsCreated, "set"))) from \(Formatting.count(report.rows, "row")) of \(file) (\("AEIOU".contains(report.source.displayName.prefix(1)) ? "an" : "a") \(report.source.displayName) export)."]
        if report.bodyWeightsAdded > 0 { lines.append("\(report.dryRun ? "Would add" : "Added") \(Formatting.count(report.bodyWeightsAdded, "body weight")) to the body log.") }
        if report.sessionsExisting > 0 { lines.append("\(Formatting.count(report.sessionsExisting, "session")) already in the store as the file has them.") }
        if !report.sessionsUpdated.isEmpty {
            lines.append("\(report.dryRun ? "Would update" : "Updated") \(Formatting.count(report.sessionsUpdated.count, "session")) the app changed since the last import: \(report.sessionsUpdated.joined(separator: ", ")).")
        }
        if !report.sessionsChangedHere.isEmpty {
            let one = report.sessionsChangedHere.count == 1
            lines.append("\(Formatting.count(report.sessionsChangedHere.count, "session")) \(one ? "differs" : "differ") in the file but \(one ? "was" : "were") changed in liftlog since \(one ? "its" : "their") import (or imported by an older liftlog), so \(one ? "it was" : "they were") left as \(one ? "it is" : "they are"): \(report.sessionsChangedHere.joined(separator: ", ")). Import again with --replace-changed to take the app's version instead.")
        }
        if !report.exercisesCreated.isEmpty {
            lines.append("\(report.dryRun ? "Would add" : "Added") \(Formatting.count(report.exercisesCreated.count, "exercise")) to the library: \(report.exercisesCreated.joined(separator: ", ")).")
        }
        for (source, library) in report.mapped { lines.append("Mapped \(source) → \(library).") }
        if !report.matched.isEmpty {
            let pairs = report.matched.map { "\($0.source) → \($0.library)" }.joined(separator: ", ")
            lines.append("\(report.dryRun ? "Would match" : "Matched") \(report.source.displayName)'s names to the library: \(pairs) (a --map file naming one, even to itself, maps it otherwise).")
        }
        if !report.skippedRows.isEmpty {
            let shown = report.skippedRows.prefix(10).map { "line \($0.line) (\($0.reason))" }.joined(separator: ", ")
            lines.append("Skipped \(Formatting.count(report.skippedRows.count, "row")): \(shown)\(report.skippedRows.count > 10 ? ", …" : "").")
        }
        return lines.joined(separator: "\n")
    }

    static let export = CommandSpec(
        name: "export",
        abstract: "Write every session as CSV (Strong-compatible or Hevy's) or NDJSON to standard output, or as a FIT file each.",
        discussion: "'export csv' writes liftlog's CSV, 'export ndjson' one session per line as JSON, 'export hevy' Hevy's CSV (what Hevy imports), 'export fit --out FOLDER' a Garmin FIT activity file per lifting or cardio session; each says what its format leaves out. The CSV has Strong's columns first (tools that read Strong's export read it), the weight and distance unit of each row, then the UTC offset, the session ID and liftlog's own columns (kind, feel, pain, plan, source, entries, supersets, RIR, rest, bodyweight loads, targets…), so liftlog imports it back as it was ('liftlog import strong FILE') and importing it into the same store adds nothing. It leaves out planned sets not done and keys liftlog does not know; NDJSON keeps everything. Cells that a spreadsheet would run as a formula are prefixed with an apostrophe. A session file that does not read stops the export there with its location ('liftlog check' says more); the sessions before it have been written.",
        arguments: [Argument.exportFormat],
        options: [DefaultedOption.csvFlavour, Option.from, Option.to, Option.outFolder],
        run: { context, arguments throws(LiftLogError) in
            guard !context.json else {
                throw .usage("export writes CSV or NDJSON to standard output, or FIT files into a folder; leave out --json (use 'export ndjson' for JSON).", command: arguments.commandName)
            }
            let store = try context.store()
            let format = arguments[.exportFormat].lowercased()
            guard ["csv", "ndjson", "hevy", "strong", "fit"].contains(format) else {
                throw .usage("Unknown export format '\(arguments[.exportFormat])'; use csv, ndjson, hevy or fit.", command: arguments.commandName)
            }
            if format == "fit" { return try exportFIT(store: store, folder: try arguments[.outFolder], from: try arguments[.from], to: try arguments[.to], context: context) }
            if case let flavour = try arguments[.csvFlavour], flavour.lowercased() != "strong" {
                throw .validation("--format must be strong, got '\(flavour)'.")
            }
            let from = try arguments[.from], to = try arguments[.to]
            let writer = CSVWriter()
            var count = 0
            let io = context.io
            switch format {
            case "csv", "strong": io.writeOutput(writer.line(Store.strongCSVHeader))
            case "hevy": io.writeOutput(writer.line(Store.hevyCSVHeader))
            default: break
            }
            // Each session's text is made on all cores; it is written in order.
            try store.forEachSession(from: from, to: to, prepare: { stored -> [UInt8]? in
                switch format {
                case "csv", "strong":
                    return writer.lines(Store.strongCSVRows(stored.session))
                case "hevy":
                    let rows = Store.hevyCSVRows(stored.session)
                    return rows.isEmpty ? nil : writer.lines(rows)
                default:
                    var line = JSONWriter.compactBytes(stored.session.json)
                    line.append(0x0A)
                    return line
                }
            }) { bytes throws(LiftLogError) in
                guard let bytes else { return }
                count += 1
                io.writeOutputBytes(bytes)
            }
            let leftOut = switch format {
            case "csv", "strong": " The CSV leaves out \(Store.strongCSVLeavesOut); 'export ndjson' keeps everything."
            case "hevy": " Hevy's CSV leaves out \(Store.hevyCSVLeavesOut); 'export csv' keeps them."
            default: ""
            }
            context.io.writeError("Exported \(Formatting.count(count, "session")).\(leftOut)\n")
            return CommandResult(data: ["sessions": .number(JSONNumber(count))], text: "")
        })
}
