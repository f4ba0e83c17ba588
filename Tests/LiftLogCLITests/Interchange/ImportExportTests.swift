#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

private let fixtures: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/Fixtures/Import"
}()

/// The sessions of a store as `show --json` data, oldest first.
private func sessions(_ store: String) -> [JSONValue] {
    guard case .array(let list)? = run(["history", "--store", store, "--json", "--per-page", "1000"]).json?["data"]?["sessions"] else { return [] }
    return list.reversed().compactMap { summary in
        run(["show", summary["id"]!.stringValue!, "--store", store, "--json"]).json?["data"]
    }
}

private func sets(_ session: JSONValue, _ exercise: String) -> [JSONValue] {
    guard case .array(let entries)? = session["entries"],
          let entry = entries.first(where: { $0["exercise_name"]?.stringValue == exercise }),
          case .array(let sets)? = entry["sets"] else { return [] }
    return sets
}

@Suite("Import")
struct ImportTests {
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        return store
    }

    @Test("Strong's classic export: BOM, CRLF, no final newline, quoted notes, rest timers, warm-ups, float noise, bodyweight, timed and cardio rows")
    func strongClassic() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", "strong", fixtures + "/strong-classic.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store])
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output.contains("Imported 2 sessions (9 sets) from 10 rows"))
            #expect(outcome.output.contains("Skipped 1 row: line 7 (rest timer)."))
            let all = sessions(store)
            let evening = try #require(all.first)
            #expect(evening["started_at"] == "2021-03-05T18:07:12+01:00")
            #expect(evening["duration_seconds"] == 3720)
            #expect(evening["plan_day"] == "Evening Workout")
            #expect(evening["notes"] == "Felt good, \"strong\" even")
            #expect(evening["source"] == "strong")
            let bench = sets(evening, "Bench Press")
            #expect(bench.map { $0["set_type"] } == ["warmup", "normal", "normal", "normal"])
            #expect(bench.map { $0["weight"] } == [40, 75, 75, 75])
            // The bench press done again after the planks is a block of its own, in the order done.
            let order = evening["entries"]?.arrayValue?.map { $0["exercise_name"] }
            #expect(order == ["Bench Press", "Pull-up", "Pull Up (Assisted)", "Plank", "Bench Press"])
            let again = evening["entries"]?.arrayValue?.last?["sets"]?.arrayValue
            #expect(again?.map { $0["set_type"] } == ["failure"] && again?.first?["weight"] == .number(JSONNumber(65.18)) && again?.first?["set_number"] == 1)
            #expect(bench[3]["notes"] == "grip slipped\non the last rep")
            #expect(bench[1]["rpe"] == 8)
            #expect(sets(evening, "Pull-up").first?["weight"] == nil)
            #expect(sets(evening, "Pull Up (Assisted)").first?["weight"] == 20)
            #expect(sets(evening, "Plank").first?["duration_seconds"] == 60)
            #expect(sets(evening, "Plank").first?["reps"] == nil)
            let run = try #require(all.last)
            #expect(sets(run, "Running").first?["distance_m"] == 10000)
            #expect(sets(run, "Running").first?["weight"] == nil)
        }
    }

    @Test("Strong's other variants: semicolons and quoted numbers, per-row units, French headers, durations in words")
    func strongVariants() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["import", "strong", fixtures + "/strong-semicolon.csv", "--utc-offset", "+00:00", "--store", store]).status == 0)
            #expect(run(["import", "strong", fixtures + "/strong-units.csv", "--utc-offset", "-05:00", "--store", store]).status == 0)
            #expect(run(["import", "strong", fixtures + "/strong-french.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store]).status == 0)
            let all = sessions(store)
            #expect(all.count == 6)
            let legs = try #require(all.first { $0["plan_day"] == "Legs" })
            #expect(sets(legs, "Back Squat").map { $0["weight"] } == [100, .number(JSONNumber(102.5))])
            #expect(legs["duration_seconds"] == 3720)
            let mixed = try #require(all.first { $0["plan_day"] == "Mixed" })
            #expect(sets(mixed, "Deadlift").map { $0["unit"] } == ["kg", "lbs"])
            #expect(sets(mixed, "Cycling").first?["distance_m"] == 5000)
            #expect(mixed["duration_seconds"] == 2100)
            #expect(all.first { $0["plan_day"] == "Long One" }?["duration_seconds"] == 3660)
            let marathon = try #require(all.first { $0["plan_day"] == "Marathon Week" })
            #expect(marathon["duration_seconds"] == .number(JSONNumber(47 * 3600 + 52 * 60)))
            #expect(sets(marathon, "Running").first?["distance_m"] == .number(JSONNumber(42164.81)))
            let french = try #require(all.first { $0["plan_day"] == "Séance A" })
            #expect(sets(french, "Développé couché (barre)").map { $0["weight"] } == [60, .number(JSONNumber(62.5))])
            #expect(french["notes"] == "Très bien")
        }
    }

    @Test("Hevy: newest first, set types, supersets, literal \\n notes, emoji, past midnight, pounds and miles")
    func hevy() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["import", "hevy", fixtures + "/hevy.csv", "--utc-offset", "+01:00", "--store", store]).status == 0)
            #expect(run(["import", "hevy", fixtures + "/hevy-lbs.csv", "--utc-offset", "+01:00", "--store", store]).status == 0)
            let all = sessions(store)
            #expect(all.count == 5)
            let late = try #require(all.first { $0["plan_day"] == "Late Push 🌙" })
            #expect(late["started_at"] == "2026-01-13T23:40:00+01:00")
            #expect(late["completed_at"] == "2026-01-14T00:55:00+01:00")
            #expect(late["notes"] == "Gym closes soon\nquick one")
            #expect(sets(late, "Triceps Pushdown (Cable)").map { $0["set_type"] } == ["drop", "failure"])
            guard case .array(let entries)? = late["entries"] else { Issue.record("no entries"); return }
            #expect(entries.map { $0["superset"] } == ["0", "0"])
            #expect(entries.first?["notes"] == "Elbows in\nslow negatives")
            #expect(sets(all.first { $0["plan_day"] == "Easy Run" }!, "Running").first?["distance_m"] == 7500)
            #expect(sets(all.first { $0["plan_day"] == "Press" }!, "Overhead Press").first?["unit"] == "lbs")
            #expect(sets(all.first { $0["plan_day"] == "Walk" }!, "Walking").first?["distance_m"] == .number(JSONNumber(3218.69)))
        }
    }

    @Test("importing again, or a newer export that overlaps, adds only what is new")
    func idempotent() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["import", "strong", fixtures + "/strong-classic.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store]).status == 0)
            let before = snapshot(store)
            let again = run(["import", "strong", fixtures + "/strong-classic.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store])
            #expect(again.output.hasPrefix("Imported 0 sessions (0 sets)"))
            #expect(again.output.contains("2 sessions already in the store"))
            #expect(snapshot(store) == before)
            let newer = (readText(fixtures + "/strong-classic.csv") ?? "") + "\r\n2021-03-10 18:00:00,Next,30m,Bench Press (Barbell),1,77.5,5,0,0,,,"
            writeText(newer, to: root + "/newer.csv")
            let overlap = run(["import", "strong", root + "/newer.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store])
            #expect(overlap.output.hasPrefix("Imported 1 session (1 set)"))
            #expect(sessions(store).count == 3)
        }
    }

    @Test("a bad row at the end of a long export writes nothing and leaves nothing staged; what a killed import staged never lands")
    func badRowAtTheEnd() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
            for workout in 0..<40 {
                for set in 1...3 { csv += "2020-\(CivilCalendar.pad(1 + workout / 28, 2))-\(CivilCalendar.pad(1 + workout % 28, 2)) 18:00:00,Day,30m,Zercher Squat,\(set),60,5,0,0,,,\n" }
            }
            writeText(csv + "2020-03-01 18:00:00,Day,30m,Zercher Squat,1,abc,5,0,0,,,\n", to: root + "/bad.csv")
            let before = snapshot(store)
            let bad = run(["import", "strong", root + "/bad.csv", "--unit", "kg", "--store", store, "--json"])
            #expect(bad.status == 4)
            #expect(bad.errorMessage == "\(root)/bad.csv:122: weight 'abc' is not a number. Nothing was imported. --skip-bad-rows imports the others.")
            #expect(snapshot(store) == before)
            #expect(allFiles(in: store).filter { $0.hasPrefix(".liftlog/staged") }.isEmpty)
            #expect(!listEntries(store + "/.liftlog").contains { $0.name == "staged" })
            // What an import killed before its end staged is not part of the store, and the
            // next import removes it.
            makeDirectories(store + "/.liftlog/staged")
            writeText(readText(root + "/bad.csv") ?? "", to: store + "/.liftlog/staged/1.json")
            #expect(run(["check", "--store", store]).status == 0)
            let skipped = run(["import", "strong", root + "/bad.csv", "--unit", "kg", "--utc-offset", "+00:00", "--skip-bad-rows", "--store", store])
            #expect(skipped.status == 0)
            #expect(skipped.output.hasPrefix("Imported 40 sessions (120 sets) from 121 rows"), "\(skipped.output)")
            #expect(allFiles(in: store).filter { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }.count == 40)
            #expect(!listEntries(store + "/.liftlog").contains { $0.name == "staged" })
            #expect(run(["check", "--store", store]).status == 0)
            guard case .array(let listed)? = run(["history", "--store", store, "--json", "--per-page", "100"]).json?["data"]?["sessions"] else {
                Issue.record("no history")
                return
            }
            #expect(listed.count == 40)
            #expect(listed.first?["started_at"]?.stringValue == "2020-02-12T18:00:00+00:00")
        }
    }

    @Test("a dry run writes nothing; a bad row rejects the file unless asked to skip; --map links library names")
    func options() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let before = snapshot(store)
            let dry = run(["import", "strong", fixtures + "/strong-classic.csv", "--unit", "kg", "--dry-run", "--store", store])
            #expect(dry.output.hasPrefix("Would import 2 sessions (9 sets)"))
            #expect(snapshot(store) == before)
            let bad = run(["import", "strong", fixtures + "/strong-bad.csv", "--unit", "kg", "--store", store, "--json"])
            #expect(bad.status == 4)
            #expect(bad.errorMessage == "\(fixtures)/strong-bad.csv:3: weight 'abc' is not a number. Nothing was imported. --skip-bad-rows imports the others.")
            #expect(snapshot(store) == before)
            writeText("{\"Squat (Barbell)\": \"Back Squat\"}", to: root + "/map.json")
            let skipped = run(["import", "strong", fixtures + "/strong-bad.csv", "--unit", "kg", "--skip-bad-rows", "--map", root + "/map.json", "--store", store])
            #expect(skipped.status == 0)
            #expect(skipped.output == "Imported 2 sessions (2 sets) from 3 rows of \(fixtures)/strong-bad.csv (a Strong export).\nMapped Squat (Barbell) → Back Squat.\nSkipped 1 row: line 3 (weight 'abc' is not a number).\n")
            #expect(sets(sessions(store)[0], "Back Squat").count == 1)
            let wrongApp = run(["import", "fitbod", fixtures + "/strong-bad.csv", "--store", store, "--json"])
            #expect(wrongApp.status == 2)
            let notStrong = run(["import", "strong", fixtures + "/hevy.csv", "--store", store, "--json"])
            #expect(notStrong.status == 4)
            #expect(notStrong.errorMessage == "\(fixtures)/hevy.csv:1: this is not a Strong export: there is no Date column.")
        }
    }
    @Test("a --map file that is not a map is refused at the line (and column) of its mistake, nothing written; one reached through a link is read")
    func mapFileRefusals() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let exportFile = fixtures + "/strong-classic.csv"
            let files: [(name: String, text: String)] = [
                ("array.json", "[\"Squat (Barbell)\", \"Back Squat\"]"),
                ("comma.json", "{\n  \"Squat (Barbell)\": \"Back Squat\",\n}\n"),
                ("number.json", "\u{FEFF}{\n  \"Squat (Barbell)\": \"Back Squat\",\n  \"Bench Press (Barbell)\": 5\n}\n"),
                ("one.csv", "Squat (Barbell),Back Squat\n\nBench Press (Barbell)\n"),
                ("quote.csv", "Squat (Barbell),\"Back Squat\n"),
            ]
            for file in files { writeText(file.text, to: root + "/" + file.name) }
            let before = snapshot(store)
            let refusals: [(map: String, status: Int32, message: String)] = [
                (root + "/none.json", 3, "No map file '\(root)/none.json'."),
                (root, 4, "Map file '\(root)' is not a regular file."),
                (root + "/array.json", 4, "The map file '\(root)/array.json' is a JSON array; a map is a JSON object of \"app name\": \"library name\", or a CSV of two columns."),
                (root + "/comma.json", 4, "\(root)/comma.json:2:34: trailing comma before '}' is not allowed in JSON; remove it."),
                (root + "/number.json", 4, "\(root)/number.json:3:28: \"Bench Press (Barbell)\" must map to a library name in quotes."),
                (root + "/one.csv", 4, "\(root)/one.csv:3: a line of a map has two names, the app's and the library's, separated by ','."),
                (root + "/quote.csv", 4, "\(root)/quote.csv:1: a quoted field is not closed before the end of the file."),
            ]
            for refusal in refusals {
                let outcome = run(["import", "strong", exportFile, "--unit", "kg", "--map", refusal.map, "--store", store, "--json"])
                #expect(outcome.status == refusal.status, "\(refusal.map)")
                #expect(outcome.errorMessage == refusal.message, "\(refusal.map): \(outcome.output)")
            }
            #expect(snapshot(store) == before)
            writeText("Bench Press (Barbell);Bench Press\n", to: root + "/map.csv")
            #expect(symlink(root + "/map.csv", root + "/link.csv") == 0)
            let linked = run(["import", "strong", exportFile, "--unit", "kg", "--map", root + "/link.csv", "--store", store])
            #expect(linked.status == 0, "\(linked.output)")
            #expect(linked.output.contains("Mapped Bench Press (Barbell) → Bench Press."), "\(linked.output)")
        }
    }
}

@Suite("Export")
struct ExportTests {
    @Test("liftlog's CSV imports back into a new store as the same sessions, field by field, and into the same store as nothing")
    func roundTrip() throws {
        try withTemporaryDirectory { root throws in
            let first = root + "/a"
            #expect(run(["init", first]).status == 0)
            for file in ["strong-classic", "strong-units"] {
                #expect(run(["import", "strong", fixtures + "/\(file).csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", first]).status == 0)
            }
            #expect(run(["import", "hevy", fixtures + "/hevy.csv", "--utc-offset", "+01:00", "--store", first]).status == 0)
            // Sessions logged in liftlog, of every kind, with what Strong has no column for.
            let env = ["LIFTLOG_STORE": first, "TZ": "Europe/Paris"]
            #expect(runBinary(["start", "--at", "2025-02-03 18:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "w:60x5", "100x5@rir2", "--rest", "120", "--note", "belt"], environment: env).status == 0)
            #expect(runBinary(["superset", "Pull-up", "bw+10x5", "bw-20x8", "Dip", "bwx12"], environment: env).status == 0)
            #expect(runBinary(["log", "Plank", "1:30"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-02-03 19:00", "--feel", "4", "--pain", "knee,elbow", "--notes", "Heavy, \"good\""], environment: env).status == 0)
            #expect(runBinary(["stretch", "--minutes", "15", "--at", "2025-02-04 07:00", "--regions", "hips,calves"], environment: env).status == 0)
            #expect(runBinary(["meditate", "--minutes", "10", "--at", "2025-02-04 21:00", "--type", "breath"], environment: env).status == 0)
            #expect(runBinary(["cardio", "Run", "5km/25:00", "--at", "2025-02-05 09:00"], environment: env).status == 0)
            let exported = run(["export", "csv", "--store", first])
            #expect(exported.status == 0)
            #expect(exported.error == "Exported 12 sessions. The CSV leaves out planned sets not done (pending or skipped) and keys liftlog does not know; 'export ndjson' keeps everything.\n")
            // Strong's columns come first, as Strong writes them.
            #expect(exported.output.hasPrefix("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Distance Unit,Seconds,Notes,Workout Notes,RPE,"))
            writeText(exported.output, to: root + "/export.csv")
            let second = root + "/b"
            #expect(run(["init", second]).status == 0)
            #expect(run(["import", "strong", root + "/export.csv", "--store", second]).status == 0)
            func comparable(_ session: JSONValue) -> JSONValue {
                guard case .object(var object) = session else { return session }
                object["path"] = nil
                object["source_digest"] = nil
                if case .array(let entries)? = object["entries"] {
                    object["entries"] = .array(entries.map { entry in
                        guard case .object(var e) = entry else { return entry }
                        e["exercise_id"] = nil
                        return .object(e)
                    })
                }
                return .object(object)
            }
            let before = sessions(first).map(comparable), after = sessions(second).map(comparable)
            #expect(after.count == before.count)
            for (a, b) in zip(before, after) { #expect(a == b, "\(a["started_at"] ?? "") differs") }
            #expect(after.contains { $0["kind"] == "stretch" && $0["regions"] == ["hips", "calves"] })
            #expect(after.contains { $0["source"] == nil && $0["pain_tags"] == ["knee", "elbow"] })
            let again = run(["import", "strong", root + "/export.csv", "--store", first])
            #expect(again.output.hasPrefix("Imported 0 sessions"), "\(again.output)")
        }
    }

    @Test("export reads the files on all cores and writes the sessions in order, oldest first; a file that does not read stops it there, named")
    func exportInOrderAndStopAtBrokenFile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let start = Timestamp("2020-01-01T07:00:00+01:00")!
            var paths: [String] = []
            let ids = (0..<600).map { "6a1b2c3d-0000-4000-8000-\(CivilCalendar.pad($0, 12))" }
            for (number, id) in ids.enumerated() {
                // Days apart, written in an order of their own (newest first), as a sync would.
                let day = start.adding(seconds: (599 - number) * 86_400)
                let session = Session(id: Session.ID(rawValue: id)!, status: .completed, startedAt: day, completedAt: day.adding(seconds: 3600),
                                      entries: [Session.Entry(exerciseID: nil, exerciseName: "Back Squat", order: 1,
                                                              sets: [WorkoutSet(setNumber: 1, weight: Double(number), unit: .kg, reps: 5)])])
                makeDirectories(store + "/" + session.relativePath.split(separator: "/").dropLast().joined(separator: "/"))
                writeBytes(JSONWriter.canonicalBytes(session.json), to: store + "/" + session.relativePath)
                paths.append(session.relativePath)
            }
            let oldestFirst = Array(ids.reversed())
            let ndjson = run(["export", "ndjson", "--store", store])
            #expect(ndjson.status == 0)
            #expect(ndjson.output.split(separator: "\n").map { (try? JSONParser.parse(Array($0.utf8)))?["id"]?.stringValue ?? "" } == oldestFirst)
            let csv = run(["export", "csv", "--store", store]).output.split(separator: "\r\n")
            #expect(csv.count == 601)
            #expect(csv.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[15] } == oldestFirst.map { Substring($0) })

            // The 300th oldest breaks: the 299 before it are written, then the error names it.
            let broken = paths[ids.firstIndex(of: oldestFirst[299])!]
            writeText("{", to: store + "/" + broken)
            let stopped = run(["export", "ndjson", "--store", store])
            #expect(stopped.status == 7)
            #expect(stopped.output.split(separator: "\n").count == 299)
            #expect(stopped.error.contains(broken + ":1:2:"), "\(stopped.error)")
        }
    }

    @Test("cells a spreadsheet would run as formulas are neutralised; NDJSON has one session per line")
    func safetyAndNDJSON() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "=HYPERLINK(\"http://x\")", "100x5", "--create"]).status == 0)
            #expect(run(["finish", "--store", store, "--notes", "@SUM(A1)"]).status == 0)
            let csv = run(["export", "csv", "--store", store]).output
            #expect(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\""))
            #expect(csv.contains("'@SUM(A1)"))
            let ndjson = run(["export", "ndjson", "--store", store]).output
            let lines = ndjson.split(separator: "\n")
            #expect(lines.count == 1)
            #expect((try? JSONParser.parse(Array(lines[0].utf8)))?["notes"] == "@SUM(A1)")
            #expect(run(["export", "csv", "--from", "2025-02-01", "--store", store]).output == Store.strongCSVHeader.joined(separator: ",") + "\r\n")
            #expect(run(["export", "xml", "--store", store]).status == 2)
            let json = run(["export", "csv", "--json", "--store", store])
            #expect(json.status == 2)
            #expect(json.errorMessage == "export writes CSV or NDJSON to standard output, or FIT files into a folder; leave out --json (use 'export ndjson' for JSON).")
        }
    }
}

@Suite("Import fidelity")
struct ImportFidelityTests {
    private let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Distance Unit,Seconds,Notes,Workout Notes,RPE\n"

    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        return store
    }

    @Test("rows that hold no set: a bodyweight set's 0 is no weight, a blank row is left out and listed, a workout note on a rest timer's row is kept")
    func rowsWithoutASet() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let strong = header
                + "2025-01-06 07:00:00,Pull day,45m,Rest Timer,Rest Timer,0,,0,0,,90,,Felt strong,\n"
                + "2025-01-06 07:00:00,Pull day,45m,Pull Up,1,0,lbs,10,0,,0,,,\n"
                + "2025-01-06 07:00:00,Pull day,45m,Pull Up,2,0,lbs,8,0,,0,,,\n"
                + "2025-01-06 07:00:00,Pull day,45m,Barbell Row,1,135,lbs,8,0,,0,,,\n"
                + "2025-01-06 07:00:00,Pull day,45m,Barbell Row,2,,lbs,,0,,0,,,\n"
            writeText(strong, to: root + "/strong.csv")
            let imported = run(["import", "strong", root + "/strong.csv", "--utc-offset", "+00:00", "--store", store, "--json"])
            #expect(imported.status == 0, "\(imported.output)")
            #expect(imported.json?["data"]?["skipped_rows"] == [["line": 2, "reason": "rest timer"], ["line": 6, "reason": "empty set: no weight, reps, distance or time"]])
            let session = try #require(sessions(store).first)
            #expect(sessions(store).count == 1)
            #expect(session["notes"] == "Felt strong")
            let pullUps = sets(session, "Pull-up")
            #expect(pullUps.map { $0["reps"] } == [10, 8])
            #expect(pullUps.allSatisfy { $0["weight"] == nil })
            #expect(sets(session, "Barbell Row").count == 1)
            let records = run(["pr", "Pull-up", "--store", store, "--json"]).output
            #expect(!records.contains("\"weight\": 0"), "\(records)")
            #expect(run(["check", "--store", store]).status == 0)

            // Hevy's blank row likewise.
            let hevy = "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n"
                + "Push,\"13 Jan 2026, 07:40\",\"13 Jan 2026, 08:30\",,Bench Press (Barbell),,,0,normal,80,5,,,\n"
                + "Push,\"13 Jan 2026, 07:40\",\"13 Jan 2026, 08:30\",,Bench Press (Barbell),,,1,normal,,,,,\n"
            writeText(hevy, to: root + "/hevy.csv")
            let fromHevy = run(["import", "hevy", root + "/hevy.csv", "--utc-offset", "+00:00", "--store", store, "--json"])
            #expect(fromHevy.json?["data"]?["skipped_rows"] == [["line": 3, "reason": "empty set: no weight, reps, distance or time"]], "\(fromHevy.output)")
            let push = try #require(sessions(store).first { $0["plan_day"] == "Push" })
            #expect(sets(push, "Bench Press").count == 1)
        }
    }

    @Test("a newer export updates what changed in the app, keeps the session's ID, and leaves what was changed in liftlog unless asked")
    func newerExport() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let first = header + """
                2025-01-06 07:00:00,Push,45m,Bench Press (Barbell),1,80,kg,5,,,,,,
                2025-01-06 07:00:00,Push,45m,Bench Press (Barbell),2,80,kg,5,,,,,,
                2025-01-08 07:00:00,Pull,40m,Deadlift (Barbell),1,140,kg,5,,,,,,

                """
            writeText(first, to: root + "/v1.csv")
            #expect(run(["import", "strong", root + "/v1.csv", "--utc-offset", "+01:00", "--store", store]).status == 0)
            let before = sessions(store)
            // In the app: a third bench set added, the deadlift corrected to 145, the first workout renamed.
            let second = header + """
                2025-01-06 07:00:00,Chest day,45m,Bench Press (Barbell),1,80,kg,5,,,,,,
                2025-01-06 07:00:00,Chest day,45m,Bench Press (Barbell),2,80,kg,5,,,,,,
                2025-01-06 07:00:00,Chest day,45m,Bench Press (Barbell),3,80,kg,4,,,,,,
                2025-01-08 07:00:00,Pull,40m,Deadlift (Barbell),1,145,kg,5,,,,,,

                """
            writeText(second, to: root + "/v2.csv")
            let updated = run(["import", "strong", root + "/v2.csv", "--utc-offset", "+01:00", "--store", store, "--json"])
            #expect(updated.json?["data"]?["sessions_created"] == 0)
            #expect(updated.json?["data"]?["sessions_updated"]?.arrayValue?.count == 2)
            let after = sessions(store)
            #expect(after.count == 2)
            #expect(after.map { $0["id"] } == before.map { $0["id"] })
            #expect(after[0]["plan_day"] == "Chest day" && sets(after[0], "Bench Press").count == 3)
            #expect(sets(after[1], "Deadlift").first?["weight"] == 145)
            // Changed in liftlog: left as it is, and said so; --replace-changed takes the app's version.
            let id = try #require(after[1]["id"]?.stringValue)
            #expect(run(["set", "Deadlift", "1", "--reps", "6", "--session", String(id.prefix(8)), "--store", store]).status == 0)
            let third = second.replacingOccurrences(of: "145,kg,5", with: "150,kg,5")
            writeText(third, to: root + "/v3.csv")
            let kept = run(["import", "strong", root + "/v3.csv", "--utc-offset", "+01:00", "--store", store])
            #expect(kept.output.contains("1 session differs in the file but was changed in liftlog since its import (or imported by an older liftlog), so it was left as it is: sessions/2025/01/"), "\(kept.output)")
            #expect(kept.output.contains("Import again with --replace-changed to take the app's version instead."))
            #expect(sets(sessions(store)[1], "Deadlift").first?["reps"] == 6)
            let replaced = run(["import", "strong", root + "/v3.csv", "--utc-offset", "+01:00", "--replace-changed", "--store", store])
            #expect(replaced.output.contains("Updated 1 session"), "\(replaced.output)")
            #expect(sets(sessions(store)[1], "Deadlift").first?["weight"] == 150)
            // And again: nothing to do.
            let again = run(["import", "strong", root + "/v3.csv", "--utc-offset", "+01:00", "--store", store, "--json"])
            #expect(again.json?["data"]?["sessions_existing"] == 2 && again.json?["data"]?["sessions_updated"]?.arrayValue?.isEmpty == true)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("a file that does not say its unit is refused naming --unit; importing with the right unit corrects what was imported")
    func unitNeverGuessed() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let classic = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2025-01-06 07:00:00,Legs,45m,Squat (Barbell),1,170,5,0,0,,,\n"
            writeText(classic, to: root + "/classic.csv")
            let before = snapshot(store)
            let refused = run(["import", "strong", root + "/classic.csv", "--store", store, "--json"])
            #expect(refused.status == 4)
            #expect(refused.errorMessage == "\(root)/classic.csv:1: this Strong export does not say whether its weights are in kg or lbs (it has no Weight Unit column). Import it with --unit kg or --unit lbs, as set in the app.")
            #expect(snapshot(store) == before)
            // The same in a store kept in pounds: the store's unit is no guess at the app's.
            let pounds = root + "/pounds"
            #expect(run(["init", pounds, "--units", "lbs"]).status == 0)
            let inPounds = run(["import", "strong", root + "/classic.csv", "--store", pounds, "--json"])
            #expect(inPounds.status == 4 && inPounds.errorMessage == refused.errorMessage)
            #expect(run(["import", "--help"]).output.split(separator: "\n").map { String($0).trimmingWhitespace() }.joined(separator: " ").contains("Needed then, in a store of either unit: liftlog never guesses it."))
            #expect(run(["import", "strong", root + "/classic.csv", "--unit", "kg", "--store", store]).status == 0)
            #expect(sets(sessions(store)[0], "Back Squat").first?["unit"] == "kg")
            let corrected = run(["import", "strong", root + "/classic.csv", "--unit", "lbs", "--store", store])
            #expect(corrected.output.contains("Updated 1 session"), "\(corrected.output)")
            let set = sets(sessions(store)[0], "Back Squat").first
            #expect(set?["unit"] == "lbs" && set?["weight"] == 170)
            #expect(sessions(store).count == 1)
        }
    }

    @Test("empty rows are no sets; a workout of distances and times is cardio; one Session ID twice in a file is refused")
    func rowsAndKinds() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let file = header + """
                2025-01-06 07:00:00,Legs,45m,Squat (Barbell),1,100,kg,5,,,,,,
                2025-01-06 07:00:00,Legs,45m,Squat (Barbell),2,,,,,,,,,
                2025-01-06 07:00:00,Legs,45m,Squat (Barbell),3,0,kg,0,0,,0,,,
                2025-01-07 07:00:00,Run,30m,Running,1,0,kg,0,5,km,1500,,,

                """
            writeText(file, to: root + "/rows.csv")
            let outcome = run(["import", "strong", root + "/rows.csv", "--store", store])
            #expect(outcome.output.contains("Imported 2 sessions (2 sets) from 4 rows"), "\(outcome.output)")
            #expect(outcome.output.contains("line 3 (empty set: no weight, reps, distance or time)") && outcome.output.contains("line 4 (empty set"), "\(outcome.output)")
            let all = sessions(store)
            #expect(all.map { $0["kind"] } == ["lifting", "cardio"])
            #expect(run(["stats", "--store", store, "--json"]).json?["data"]?["cardio"]?["total_sessions"] == 1)
            // Two workouts of one file with one Session ID: never two files with one ID.
            let twice = "Date,Workout Name,Exercise Name,Set Order,Weight,Weight Unit,Reps,Session ID\n"
                + "2025-02-01 07:00:00,A,Squat (Barbell),1,100,kg,5,6a1b2c3d-0000-4000-8000-000000000001\n"
                + "2025-02-03 07:00:00,B,Squat (Barbell),1,100,kg,5,6a1b2c3d-0000-4000-8000-000000000001\n"
            writeText(twice, to: root + "/twice.csv")
            let before = snapshot(store)
            let refused = run(["import", "strong", root + "/twice.csv", "--store", store, "--json"])
            #expect(refused.errorMessage == "\(root)/twice.csv:3: Session ID 6a1b2c3d-0000-4000-8000-000000000001 is also the ID of another workout (line 2); give each workout its own ID or none. Nothing was imported. --skip-bad-rows imports the others.")
            #expect(snapshot(store) == before)
        }
    }

    @Test("re-importing liftlog's own export after a session was re-timed creates no second file with its ID")
    func retimedSession() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["start", "--store", store, "--at", "2025-01-06T07:00:00+01:00"]).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(run(["finish", "--store", store, "--at", "2025-01-06T08:00:00+01:00"]).status == 0)
            let exported = run(["export", "csv", "--store", store]).output
            writeText(exported, to: root + "/export.csv")
            // Re-timed by hand, then moved to its new path by fmt.
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let text = try #require(readText(store + "/" + path))
            writeText(text.replacingOccurrences(of: "2025-01-06T07:00:00+01:00", with: "2025-01-06T06:30:00+01:00"), to: store + "/" + path)
            #expect(run(["fmt", "--store", store]).status == 0)
            let again = run(["import", "strong", root + "/export.csv", "--store", store])
            #expect(again.status == 0, "\(again.error)")
            #expect(allFiles(in: store).filter { $0.hasPrefix("sessions/") }.count == 1)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }
}

@Suite("Import of every app, recognised from the file")
struct ImportFormatsTests {
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        return store
    }

    @Test("FitNotes: a session per day, H:MM:SS times, m/km/mi, a wrong unit on a plank, comments, categories, unquoted commas")
    func fitNotes() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/fitnotes.csv", "--utc-offset", "+01:00", "--store", store])
            #expect(outcome.output.hasPrefix("Imported 2 sessions (7 sets) from 7 rows of \(fixtures)/fitnotes.csv (a FitNotes export)."), "\(outcome.output)")
            let all = sessions(store)
            #expect(all.map { $0["started_at"] } == ["2026-03-02T00:00:00+01:00", "2026-03-04T00:00:00+01:00"])
            #expect(all.map { $0["duration_seconds"] } == [0, 0])
            let deadlift = sets(all[0], "Deadlift")
            #expect(deadlift.map { $0["weight"] } == [150, 150] && deadlift.first?["notes"] == "Felt strong")
            let plank = sets(all[0], "Plank").first
            #expect(plank?["duration_seconds"] == 90 && plank?["weight"] == nil && plank?["reps"] == nil)
            #expect(sets(all[0], "Rowing Machine").first?["distance_m"] == 2000 && sets(all[0], "Rowing Machine").first?["duration_seconds"] == 510)
            #expect(sets(all[1], "Curl, Hammer").first?["reps"] == 10)
            #expect(sets(all[1], "Walk").first?["distance_m"] == .number(JSONNumber(2414.02)))
            #expect(run(["exercise", "show", "Curl, Hammer", "--store", store, "--json"]).json?["data"]?["muscle_groups"] == ["arms"])
            #expect(run(["exercise", "show", "Walk", "--store", store, "--json"]).json?["data"]?["modality"] == "cardio")
            #expect(run(["import", "fitnotes", fixtures + "/fitnotes.csv", "--utc-offset", "+01:00", "--store", store]).output.hasPrefix("Imported 0 sessions"))
        }
    }

    @Test("Liftosaur: UTC times with milliseconds, warm-ups, planned sets not done, RPE, kg and lb, muscles, quoted newlines")
    func liftosaur() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/liftosaur.csv", "--utc-offset", "+01:00", "--store", store])
            #expect(outcome.output.hasPrefix("Imported 2 sessions (4 sets) from 4 rows of \(fixtures)/liftosaur.csv (a Liftosaur export)."), "\(outcome.output)")
            let all = sessions(store)
            #expect(all.map { $0["started_at"] } == ["2026-03-01T11:00:00+01:00", "2026-03-03T18:00:00+01:00"])
            #expect(all[1]["plan"] == "GZCLP" && all[1]["plan_day"] == "Day 2")
            // It ended with its last set.
            #expect(all[1]["completed_at"] == "2026-03-03T18:10:00+01:00")
            let bench = sets(all[1], "Bench Press, Barbell")
            #expect(bench.map { $0["set_type"] } == ["warmup", "normal", "normal"])
            #expect(bench.map { $0["status"] } == ["completed", "completed", "skipped"])
            #expect(bench[1]["rpe"] == 8 && bench[1]["notes"] == "felt \"easy\", go up" && bench[2]["target_reps"] == 3 && bench[2]["target_weight"] == 70)
            let squat = sets(all[0], "Squat, Barbell").first
            #expect(squat?["weight"] == 225 && squat?["unit"] == "lbs" && squat?["notes"] == "line one\nline two")
            let exercise = run(["exercise", "show", "Bench Press, Barbell", "--store", store, "--json"]).json?["data"]
            #expect(exercise?["muscle_groups"] == ["chest", "triceps", "shoulders"] && exercise?["secondary_muscles"] == ["triceps", "shoulders"])
            #expect(run(["import", fixtures + "/liftosaur.csv", "--utc-offset", "+01:00", "--store", store]).output.hasPrefix("Imported 0 sessions"))
        }
    }

    @Test("Liftosaur times written with a space and an offset, or with neither, are the same instants")
    func liftosaurSpacedTimes() throws {
        try withTemporaryDirectory { root throws in
            let original = try #require(readText(fixtures + "/liftosaur.csv"))
            let spaced = original.replacingOccurrences(of: "2026-03-03T17:00:00.000Z", with: "2026-03-03 17:00:00 +00:00")
                .replacingOccurrences(of: "2026-03-03T17:05:00.000Z", with: "2026-03-03 17:05:00")
            #expect(spaced != original)
            writeText(spaced, to: root + "/spaced.csv")
            let a = root + "/a", b = root + "/b"
            #expect(run(["init", a]).status == 0)
            #expect(run(["init", b]).status == 0)
            #expect(run(["import", fixtures + "/liftosaur.csv", "--utc-offset", "+01:00", "--store", a]).status == 0)
            let outcome = run(["import", root + "/spaced.csv", "--utc-offset", "+01:00", "--store", b])
            #expect(outcome.status == 0, "\(outcome.output) \(outcome.error)")
            let left = sessions(a), right = sessions(b)
            #expect(left.count == 2 && left.map { $0["started_at"] } == right.map { $0["started_at"] })
            #expect(left.map { $0["completed_at"] } == right.map { $0["completed_at"] })
            #expect(left.map { $0["id"] } == right.map { $0["id"] }, "the same workouts whichever way the time is written")
        }
    }

    @Test("StrongLifts: a workout per row, day-first dates decided from the file, body weights, duplicates, short rows, planks in seconds")
    func strongLifts() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/stronglifts.csv", "--store", store])
            #expect(outcome.output == """
                Imported 3 sessions (30 sets) from 4 rows of \(fixtures)/stronglifts.csv (a StrongLifts 5×5 export).
                Added 3 body weights to the body log.
                Matched StrongLifts 5×5's names to the library: Squat → Back Squat (a --map file naming one, even to itself, maps it otherwise).
                Skipped 1 row: line 4 (the same workout as line 3).

                """, "\(outcome.output)")
            let all = sessions(store)
            #expect(all.map { $0["started_at"]?.stringValue?.prefix(10) } == ["2015-03-16", "2015-03-18", "2015-03-20"])
            #expect(sets(all[0], "Back Squat").map { $0["reps"] } == [5, 5, 5, 5, 5])
            #expect(sets(all[0], "Plank").map { $0["duration_seconds"] } == [60, 45])
            #expect(sets(all[1], "Back Squat").last?["reps"] == 0)
            #expect(sets(all[2], "Back Squat").count == 3 && all[2]["notes"] == "Tired")
            let body = try #require(run(["body", "--weeks", "520", "--store", store, "--json"]).json?["data"])
            #expect(body["weigh_ins"]?.arrayValue?.map { $0["weight"] } == [84, 83.5, .number(JSONNumber(83.01))]) // 183 lb in kg
            let files = allFiles(in: store + "/body/2015")
            #expect(files.count == 3)
            #expect(files.compactMap { readText(store + "/body/2015/" + $0) }.contains { $0.contains("\"unit\": \"lbs\",\n      \"value\": 183") })
            // Again: nothing new, no second body weight.
            let again = run(["import", fixtures + "/stronglifts.csv", "--store", store])
            #expect(again.output.hasPrefix("Imported 0 sessions") && !again.output.contains("body weight"), "\(again.output)")
            #expect(allFiles(in: store + "/body/2015").count == 3)
            // Dates that could be either order are never guessed.
            let before = snapshot(store)
            let ambiguous = run(["import", fixtures + "/stronglifts-ambiguous.csv", "--store", store, "--json"])
            #expect(ambiguous.errorMessage == "\(fixtures)/stronglifts-ambiguous.csv:2: every date could be day first or month first (such as 03/04/25). Give --dates day-first or --dates month-first, as your phone writes dates.")
            #expect(snapshot(store) == before)
            #expect(run(["import", fixtures + "/stronglifts-ambiguous.csv", "--dates", "month-first", "--store", store]).status == 0)
            #expect(sessions(store).contains { $0["started_at"]?.stringValue?.hasPrefix("2025-03-04") == true })
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("JEFIT: sections, the unit from the settings (\" lbs\"), sessions by Unix time or date, packed logs, the same lift twice, generated logs")
    func jefit() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/jefit.csv", "--utc-offset", "+00:00", "--store", store])
            #expect(outcome.output.hasPrefix("Imported 2 sessions (10 sets) from 6 rows of \(fixtures)/jefit.csv (a JEFIT export)."), "\(outcome.output)")
            #expect(outcome.output.contains("Skipped 1 row: line 24 (generated by the app, not logged)."))
            let all = sessions(store)
            // starttime 1767283200, and the misspelled starttimie of the second session.
            #expect(all.map { $0["started_at"] } == ["2026-01-01T16:00:00+00:00", "2026-01-05T16:00:00+00:00"])
            #expect(all.map { $0["duration_seconds"] } == [3600, 2700])
            let first = all[0]["entries"]?.arrayValue ?? []
            #expect(first.map { $0["exercise_name"] } == ["Bench Press", "Dumbbell Row", "Bench Press"])
            #expect(first[0]["sets"]?.arrayValue?.map { $0["weight"] } == [135, 145.5, 145.5])
            #expect(first[0]["sets"]?.arrayValue?.first?["unit"] == "lbs")
            let pullUps = sets(all[1], "Pull-up")
            #expect(pullUps.map { $0["reps"] } == [12, 10] && pullUps.first?["weight"] == nil)
            #expect(run(["import", fixtures + "/jefit.csv", "--utc-offset", "+00:00", "--store", store]).output.hasPrefix("Imported 0 sessions"))
            // An older file: no settings section, so no unit; a leading row_id column.
            let before = snapshot(store)
            let refused = run(["import", fixtures + "/jefit-old.csv", "--store", store, "--json"])
            #expect(refused.errorMessage == "\(fixtures)/jefit-old.csv:1: this JEFIT export does not say whether its weights are in kg or lbs. Import it with --unit kg or --unit lbs, as set in the app.")
            #expect(snapshot(store) == before)
            #expect(run(["import", fixtures + "/jefit-old.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store]).output.hasPrefix("Imported 1 session (2 sets)"))
        }
    }

    @Test("JEFIT: the logs end at the next section (body stats with a calories column are not sets, they go to the body log); a log without a name keeps its sets under its eid")
    func jefitSections() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let file = fixtures + "/jefit-sections.csv"
            let outcome = run(["import", file, "--utc-offset", "+00:00", "--store", store])
            #expect(outcome.status == 0)
            #expect(outcome.output.hasPrefix("Imported 1 session (4 sets) from 2 rows of \(file) (a JEFIT export).\nAdded 2 body weights to the body log.\nAdded 1 exercise to the library: JEFIT exercise 512."), "\(outcome.output)")
            // The body stats: weight in the file's unit, body fat in %, on their days; once, however often imported.
            let weighIns = allFiles(in: store + "/body").sorted()
            #expect(weighIns.count == 2 && weighIns.first?.hasPrefix("2026/2026-02-02-0000-") == true, "\(weighIns)")
            let first = try #require(readText(store + "/body/" + weighIns[0]))
            #expect(first.contains("\"body_weight\": {\n      \"unit\": \"kg\",\n      \"value\": 61.5\n    }") && first.contains("\"value\": 22") && first.contains("\"source\": \"jefit\""), "\(first)")
            #expect(run(["import", file, "--utc-offset", "+00:00", "--store", store]).output.contains("body weight") == false)
            #expect(allFiles(in: store + "/body").count == 2)
            let all = sessions(store)
            #expect(all.count == 1)
            #expect(all.first?["entries"]?.arrayValue?.map { $0["exercise_name"] } == ["Bench Press", "JEFIT exercise 512"])
            #expect(sets(all[0], "JEFIT exercise 512").map { $0["weight"] } == [20, 20])
            #expect(sets(all[0], "Bench Press").map { $0["reps"] } == [8, 6])
            #expect(run(["check", "--store", store]).status == 0)
            // The number is a name a map can give another.
            let other = root + "/other"
            #expect(run(["init", "--store", other]).status == 0)
            writeText("JEFIT exercise 512,Lateral Raise\n", to: root + "/map.csv")
            #expect(run(["import", file, "--map", root + "/map.csv", "--utc-offset", "+00:00", "--store", other]).status == 0)
            #expect(sessions(other).first?["entries"]?.arrayValue?.map { $0["exercise_name"] } == ["Bench Press", "Lateral Raise"])
            // Without an eid as well, the row has nothing to go by: refused at its line.
            let nameless = root + "/nameless.csv"
            let text = try #require(readText(file))
            writeText(text.replacing("2026-02-02,512,\"\"", with: "2026-02-02,,\"\""), to: nameless)
            let before = snapshot(other)
            let refused = run(["import", nameless, "--utc-offset", "+00:00", "--store", other, "--json"])
            #expect(refused.status == 4)
            #expect(refused.errorMessage == "\(nameless):20: the exercise name is empty, and so is its eid. Nothing was imported. --skip-bad-rows imports the others.")
            #expect(snapshot(other) == before)
            // A weigh-in nobody weighs is refused at its line, or left out with --skip-bad-rows.
            let heavy = root + "/heavy.csv"
            writeText(text.replacing("2026-02-09,61.2", with: "2026-02-09,612"), to: heavy)
            let third = root + "/third"
            #expect(run(["init", "--store", third]).status == 0)
            let untouched = snapshot(third)
            let tooHeavy = run(["import", heavy, "--utc-offset", "+00:00", "--store", third, "--json"])
            #expect(tooHeavy.status == 4 && tooHeavy.errorCode == "VALIDATION_ERROR"
                    && tooHeavy.errorMessage == "\(heavy):29: body stats: body_weight 612 kg is outside 20–400 kg. Nothing was imported. --skip-bad-rows imports the others.", "\(tooHeavy.output)")
            #expect(snapshot(third) == untouched)
            let skipping = run(["import", heavy, "--utc-offset", "+00:00", "--skip-bad-rows", "--store", third])
            #expect(skipping.output.contains("Added 1 body weight to the body log.") && skipping.output.contains("Skipped 1 row: line 29 (body stats: body_weight 612 kg is outside 20–400 kg)."), "\(skipping.output)")
        }
    }

    @Test("Alpha Progression: a byte-order mark alone on the first line, a section per workout, decimal commas, warm-ups beside the exercise, +35 on the body, RIR")
    func alphaProgression() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let file = fixtures + "/alpha-progression.csv"
            let outcome = run(["import", file, "--utc-offset", "+01:00", "--store", store])
            // Recognised from the file: 2 workouts, 6 + 4 sets (three warm-ups among them).
            #expect(outcome.output.hasPrefix("Imported 2 sessions (10 sets) from 16 rows of \(file) (an Alpha Progression export).\n"), "\(outcome.output)\(outcome.error)")
            let all = sessions(store)
            #expect(all.map { $0["started_at"] } == ["2026-02-19T16:54:00+01:00", "2026-02-21T07:05:00+01:00"])
            #expect(all.map { $0["duration_seconds"] } == [3720, 2880])
            #expect(all.map { $0["source"] } == ["alpha", "alpha"])
            #expect(all[0]["entries"]?.arrayValue?.map { $0["exercise_name"] } == ["Hack Squats (Machine)", "Reverse Lunges (Dumbbells)"])
            let hack = sets(all[0], "Hack Squats (Machine)")
            #expect(hack.map { $0["weight"] } == [37.5, 72.5, 115, 102.5] && hack.map { $0["reps"] } == [9, 7, 8, 6])
            #expect(hack.map { $0["set_type"] ?? "normal" } == ["warmup", "warmup", "normal", "normal"])
            #expect(hack.map { $0["rir"] } == [nil, nil, 1, 0])
            // 0,5 in reserve is kept as the whole reps left: 0.
            #expect(sets(all[0], "Reverse Lunges (Dumbbells)").map { $0["rir"] } == [0, 0])
            // The app's names with their equipment, its common lifts matched to the library's.
            #expect(outcome.output.contains("Matched Alpha Progression's names to the library: Barbell Rows (Barbell) → Barbell Row, Pull-ups (Bodyweight) → Pull-up"), "\(outcome.output)")
            #expect(all[1]["entries"]?.arrayValue?.map { $0["exercise_name"] } == ["Pull-up", "Barbell Row"])
            let pullUps = sets(all[1], "Pull-up")
            #expect(pullUps.map { $0["bodyweight"] } == [true, true, true] && pullUps.map { $0["weight"] } == [nil, 35, nil], "\(pullUps)")
            #expect(run(["check", "--store", store]).status == 0)
            // Imported again: nothing new.
            #expect(run(["import", file, "--utc-offset", "+01:00", "--store", store]).output.hasPrefix("Imported 0 sessions"))
            // A row of no known shape is refused at its line, nothing written.
            let broken = root + "/broken.csv"
            writeText(try #require(readText(file)).replacing("2;102,5;6;0", with: "two sets or so"), to: broken)
            let other = root + "/other"
            #expect(run(["init", "--store", other]).status == 0)
            let before = snapshot(other)
            let refused = run(["import", "alpha", broken, "--utc-offset", "+01:00", "--store", other, "--json"])
            #expect(refused.status == 4 && refused.errorMessage == "\(broken):6: 'two sets or so' is not a row of an Alpha Progression export (a workout, an exercise, '#;KG;REPS;RIR' or a set). Nothing was imported. --skip-bad-rows imports the others.", "\(String(describing: refused.errorMessage))")
            #expect(snapshot(other) == before)
        }
    }

    @Test("Alpha Progression rows out of place or of no known shape are refused at their line, nothing written", arguments: [
        ("1;100;5;1\n", "3: a set before its exercise's row"),
        ("\"1. · Machine · 8 reps\"\n", "3: the exercise name is empty"),
        ("\"1. Hack Squats · Machine · 8 reps\";\"WU1 37,5 kg\"\n", "3: warm-up 'WU1 37,5 kg' is not like 'WU1 · 37,5 kg · 9 reps'"),
        ("\"1. Hack Squats · Machine · 8 reps\"\n#;KG;REPS;RIR\n1;heavy;8;1\n", "5: weight 'heavy' is not a number"),
    ])
    func alphaProgressionRefusals(rows: String, refusal: String) throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let file = root + "/alpha.csv"
            writeText("\u{FEFF}\n\"Push\";\"2026-02-19 16:54 h\";\"1:02 hr\"\n" + rows, to: file)
            let before = snapshot(store)
            let refused = run(["import", "alpha", file, "--utc-offset", "+01:00", "--store", store, "--json"])
            #expect(refused.status == 4 && refused.errorMessage == "\(file):\(refusal). Nothing was imported. --skip-bad-rows imports the others.", "\(String(describing: refused.errorMessage))")
            #expect(snapshot(store) == before)
        }
    }

    @Test("Hevy's month-first dates with a 12-hour clock")
    func hevyUSDates() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/hevy-us.csv", "--utc-offset", "-04:00", "--store", store])
            #expect(outcome.output.hasPrefix("Imported 2 sessions (3 sets)"), "\(outcome.output)")
            let all = sessions(store)
            #expect(all.map { $0["started_at"] } == ["2026-07-28T18:49:00-04:00", "2026-08-01T00:05:00-04:00"])
            #expect(all.map { $0["completed_at"] } == ["2026-07-28T19:52:00-04:00", "2026-08-01T00:40:00-04:00"])
            #expect(sets(all[0], "Bench Press").first?["unit"] == "lbs")
        }
    }

    @Test("a file of no known app is refused with the formats liftlog reads; the app named overrides the guess")
    func unknown() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            writeText("when,what,how many\n2025-01-01,squat,5\n", to: root + "/mystery.csv")
            let refused = run(["import", root + "/mystery.csv", "--store", store, "--json"])
            #expect(refused.status == 4)
            #expect(refused.errorMessage == "\(root)/mystery.csv is not an export liftlog recognises (its first line is 'when,what,how many'). liftlog reads the CSV exports of Strong, Hevy, FitNotes, Liftosaur, StrongLifts 5×5, JEFIT or Alpha Progression. Name the app if it is one of them: liftlog import strong FILE.")
            let wrongApp = run(["import", "fitbod", root + "/mystery.csv", "--store", store, "--json"])
            #expect(wrongApp.errorMessage == "Unknown app 'fitbod'; liftlog imports strong, hevy, fitnotes, liftosaur, stronglifts, jefit or alpha.")
            #expect(run(["import", fixtures + "/hevy.csv", "--store", store, "--json"]).json?["data"]?["app"] == "hevy")
        }
    }
}

@Suite("Export to Hevy")
struct HevyExportTests {
    @Test("liftlog → Hevy's CSV → liftlog keeps what Hevy's CSV carries, field by field, and says what it cannot")
    func roundTrip() throws {
        try withTemporaryDirectory { root throws in
            let first = root + "/a", second = root + "/b"
            #expect(run(["init", first]).status == 0)
            #expect(run(["init", second]).status == 0)
            let env = ["LIFTLOG_STORE": first, "TZ": "Europe/Paris"]
            #expect(runBinary(["start", "--at", "2025-02-03 18:00", "--plan-day", "Push"], environment: env).status == 0)
            #expect(runBinary(["log", "Bench Press", "w:60x5", "100x5@8", "225lbsx3", "d:80x8", "f:70x6"], environment: env).status == 0)
            #expect(runBinary(["superset", "Pull-up", "bw+10x5", "Dip", "bwx12"], environment: env).status == 0)
            #expect(runBinary(["log", "Plank", "1:30"], environment: env).status == 0)
            // A short distance is written to the metre (0.002 km), never as nothing.
            #expect(runBinary(["log", "Sled Push", "100x2m", "--create"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-02-03 19:00", "--notes", "Good, \"fast\""], environment: env).status == 0)
            #expect(runBinary(["cardio", "Run", "5km/25:00", "--at", "2025-02-05 09:00"], environment: env).status == 0)
            #expect(runBinary(["stretch", "--minutes", "10", "--at", "2025-02-06 07:00"], environment: env).status == 0)
            let exported = runBinary(["export", "hevy"], environment: env)
            #expect(exported.status == 0)
            #expect(exported.output.hasPrefix("title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe\r\n"))
            #expect(exported.error == "Exported 2 sessions. Hevy's CSV leaves out \(Store.hevyCSVLeavesOut); 'export csv' keeps them.\n")
            writeText(exported.output, to: root + "/hevy.csv")
            let imported = run(["import", root + "/hevy.csv", "--utc-offset", "+01:00", "--store", second])
            #expect(exported.output.contains(",Sled Push,,,0,normal,100,,0.002,,\r\n"), "\(exported.output)")
            #expect(imported.output.hasPrefix("Imported 2 sessions (10 sets)"), "\(imported.output)")
            let before = sessions(first).filter { $0["kind"] != "stretch" }, after = sessions(second)
            #expect(after.count == before.count)
            for (a, b) in zip(before, after) {
                for key in ["kind", "started_at", "completed_at", "notes"] { #expect(a[key] == b[key], "\(key)") }
                // Hevy needs a title: a session without a plan day is titled by its kind.
                #expect(b["plan_day"] == (a["plan_day"] ?? .string((a["kind"]?.stringValue ?? "").capitalizedFirst)))
                let entriesA = a["entries"]?.arrayValue ?? [], entriesB = b["entries"]?.arrayValue ?? []
                #expect(entriesA.map { $0["exercise_name"] } == entriesB.map { $0["exercise_name"] })
                #expect(entriesA.map { $0["superset"] } == entriesB.map { $0["superset"] })
                for (x, y) in zip(entriesA, entriesB) {
                    let setsA = x["sets"]?.arrayValue ?? [], setsB = y["sets"]?.arrayValue ?? []
                    for key in ["set_type", "reps", "rpe", "duration_seconds", "distance_m"] {
                        #expect(setsA.map { $0[key] } == setsB.map { $0[key] }, "\(key) of \(x["exercise_name"] ?? "")")
                    }
                }
            }
            // Weights come back in kg: 225 lb is 102.06 kg; the pull-up's added 10 kg is a weight.
            let bench = sets(after[0], "Bench Press").map { $0["weight"] }
            #expect(bench == [60, 100, .number(JSONNumber(102.06)), 80, 70])
            #expect(sets(after[0], "Pull-up").first?["weight"] == 10)
        }
    }
}

@Suite("Export to Garmin FIT")
struct FITExportTests {
    @Test("a FIT activity per session, each decoded by Garmin's own SDK: sets with reps, weights and categories, a run with its distance")
    func fit() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let env = ["LIFTLOG_STORE": store, "TZ": "Europe/Paris"]
            #expect(runBinary(["start", "--at", "2025-02-03 18:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5x2", "225lbsx3"], environment: env).status == 0)
            #expect(runBinary(["log", "Pull-up", "bw+10x5"], environment: env).status == 0)
            #expect(runBinary(["log", "Zercher Squat", "60x8", "--create"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-02-03 19:00"], environment: env).status == 0)
            #expect(runBinary(["cardio", "Run", "5km/25:00", "--at", "2025-02-05 09:00"], environment: env).status == 0)
            #expect(runBinary(["stretch", "--minutes", "10", "--at", "2025-02-06 07:00"], environment: env).status == 0)
            let out = root + "/fit"
            let exported = runBinary(["export", "fit", "--out", out], environment: env)
            #expect(exported.status == 0, "\(exported.error)")
            #expect(exported.error == "Exported 2 sessions to \(out). FIT files leave out \(Store.fitLeavesOut).\n")
            let files = allFiles(in: out)
            #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".fit") })
            let decoded = runProgram(["python3", repository + "/scripts/validate-fit.py"] + files.sorted().map { out + "/" + $0 })
            #expect(!decoded.error.contains("ModuleNotFoundError"), "install Garmin's FIT SDK: python3 -m pip install garmin-fit-sdk")
            let results = decoded.output.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)) }
            #expect(results.count == 2)
            for result in results {
                #expect(result["is_fit"] == true && result["integrity"] == true && result["errors"] == [], "\(result)")
            }
            let lifting = try #require(results.first { $0["sport"] == "training" }, "\(results)")
            #expect(lifting["sport"] == "training" && lifting["sub_sport"] == "strength_training" && lifting["total_elapsed_time"] == 3600)
            let sets = try #require(lifting["sets"]?.arrayValue)
            #expect(sets.map { $0["repetitions"] } == [5, 5, 3, 5, 8])
            #expect(sets.map { $0["weight"] } == [100, 100, .number(JSONNumber(102.0625)), .null, 60])
            #expect(sets.map { $0["category"] } == ["squat", "squat", "squat", "pull_up", "squat"])
            #expect(sets.map { $0["unit"] } == ["kilogram", "kilogram", "pound", "None", "kilogram"])
            let running = try #require(results.first { $0["sport"] == "running" })
            #expect(running["sport"] == "running" && running["total_distance"] == 5000 && running["total_elapsed_time"] == 1500)
            // Without --out: a usage error, nothing written.
            let refused = runBinary(["export", "fit", "--json"], environment: env)
            #expect(refused.status == 2)
        }
    }
}

@Suite("Import of exports in other languages")
struct LocalisedImportTests {
    private func store(_ root: String, _ arguments: [String] = []) -> String {
        let store = root + "/s"
        #expect(run(["init", store] + arguments).status == 0)
        return store
    }

    @Test("Strong in German, recognised by its shape: the classic columns, rest timers in the app's word, decimal commas, km distances, bodyweight sets")
    func strongGerman() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // Recognised from the file alone, without naming the app.
            let outcome = run(["import", fixtures + "/strong-german.csv", "--unit", "kg", "--utc-offset", "+02:00", "--store", store])
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output.contains("Imported 2 sessions (5 sets) from 6 rows"), "\(outcome.output)")
            #expect(outcome.output.contains("Skipped 1 row: line 4 (rest timer)."), "\(outcome.output)")
            let all = sessions(store)
            let upper = try #require(all.first)
            #expect(upper["started_at"] == "2026-05-05T07:34:00+02:00")
            #expect(upper["duration_seconds"] == 3900)
            #expect(upper["plan_day"] == "Oberkörper")
            #expect(upper["notes"] == "Gut geschlafen")
            #expect(upper["source"] == "strong")
            let bench = sets(upper, "Bankdrücken (Langhantel)")
            #expect(bench.map { $0["set_type"] } == ["warmup", "normal", "normal"])
            #expect(bench.map { $0["weight"] } == [40, 82.5, 82.5])
            #expect(bench.map { $0["rpe"] } == [nil, 8, 8.5])
            #expect(bench.last?["notes"] == "Letzte schwer")
            // Weight 0 with reps: a bodyweight set, not a record of 0 kg.
            #expect(sets(upper, "Klimmzug").first?["weight"] == nil)
            #expect(sets(upper, "Klimmzug").first?["reps"] == 8)
            // The classic Distance is in the app's unit: km beside kg. A length in words is left out.
            let running = try #require(all.last)
            #expect(sets(running, "Laufen").first?["distance_m"] == 5200)
            #expect(sets(running, "Laufen").first?["duration_seconds"] == 1800)
            #expect(running["duration_seconds"] == 0)
            #expect(run(["check", "--store", store]).status == 0)
            // Imported again: nothing new.
            let again = run(["import", fixtures + "/strong-german.csv", "--unit", "kg", "--utc-offset", "+02:00", "--store", store])
            #expect(again.output.hasPrefix("Imported 0 sessions (0 sets)"), "\(again.output)")
        }
    }

    @Test("a Strong header in a language liftlog has never seen imports by its shape; the fourteen-column generation in Spanish, with lbs and miles per row")
    func strongAnyLanguage() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let finnish = run(["import", fixtures + "/strong-unknown-language.csv", "--unit", "kg", "--utc-offset", "+02:00", "--store", store])
            #expect(finnish.status == 0, "\(finnish.error)")
            #expect(finnish.output.contains("Imported 1 session (2 sets) from 2 rows"), "\(finnish.output)")
            let legs = try #require(sessions(store).first)
            #expect(sets(legs, "Kyykky (tanko)").map { $0["weight"] } == [100, 102.5])
            #expect(legs["duration_seconds"] == 2700)
            #expect(legs["notes"] == "Hyvä päivä")

            let spanish = run(["import", "strong", fixtures + "/strong-spanish-units.csv", "--utc-offset", "-05:00", "--store", store, "--json"])
            #expect(spanish.status == 0, "\(spanish.error)")
            let leg = try #require(sessions(store).last)
            #expect(leg["started_at"] == "2026-03-02T19:15:00-05:00")
            #expect(leg["duration_seconds"] == 4200)
            let squat = sets(leg, "Sentadilla (barra)")
            #expect(squat.map { $0["weight"] } == [225, 225])
            #expect(squat.map { $0["unit"] } == ["lbs", "lbs"])
            #expect(squat.first?["rpe"] == 8)
            #expect(sets(leg, "Correr").first?["distance_m"] == .number(JSONNumber(4828.03)))
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("Strong's classic Distance in an lbs export is in miles; a header that fits no shape is refused, nothing written")
    func strongMilesAndRefusal() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root, ["--units", "lbs"])
            let classic = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                + "2026-04-01 06:00:00,Run,30m,Running,1,0,0,3.1,1800,,,\n"
            writeText(classic, to: root + "/run.csv")
            #expect(run(["import", "strong", root + "/run.csv", "--unit", "lbs", "--utc-offset", "+00:00", "--store", store]).status == 0)
            #expect(sets(try #require(sessions(store).first), "Running").first?["distance_m"] == .number(JSONNumber(4988.97)))

            let before = snapshot(store)
            let refused = run(["import", fixtures + "/strong-no-shape.csv", "--store", store, "--json"])
            #expect(refused.status == 4)
            #expect(refused.errorMessage?.hasPrefix("\(fixtures)/strong-no-shape.csv is not an export liftlog recognises (its first line is 'Datum,Übung,Gewicht').") == true, "\(refused.output)")
            #expect(snapshot(store) == before)
        }
    }

    @Test("Hevy's times in the app's languages: German, Portuguese, French, Russian, Chinese, Korean and Italian month names and orders")
    func hevyLanguages() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["import", fixtures + "/hevy-languages.csv", "--utc-offset", "+00:00", "--store", store])
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output.contains("Imported 7 sessions (7 sets) from 7 rows"), "\(outcome.output)")
            let starts = Dictionary(uniqueKeysWithValues: sessions(store).map { ($0["plan_day"]!.stringValue!, $0["started_at"]!.stringValue!) })
            #expect(starts == [
                "Push": "2026-05-05T07:34:00+00:00", "Pull": "2026-02-13T18:02:00+00:00", "Legs": "2026-01-03T07:00:00+00:00",
                "Arms": "2026-05-07T07:34:00+00:00", "Core": "2026-05-09T18:49:00+00:00", "Cardio": "2026-05-11T18:49:00+00:00",
                "Back": "2026-08-12T06:30:00+00:00",
            ])
            let legs = try #require(sessions(store).first { $0["plan_day"] == "Legs" })
            #expect(sets(legs, "Back Squat").first?["weight"] == 102.5)
        }
    }
}

@Suite("Import joins the apps' names to the library")
struct ImportNameMatchingTests {
    @Test("Strong's built-in names become the library's exercises, said before writing and after; a --map keeps one apart; the library's own name wins; docs/IMPORT.md lists every table entry")
    func strongNamesMatched() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                + "2026-01-05 07:00:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,\n"
                + "2026-01-05 07:00:00,Push,1h,Pull Up,1,0,8,0,0,,,\n"
                + "2026-01-05 07:00:00,Push,1h,Zercher Squat,1,80,5,0,0,,,\n"
            writeText(csv, to: root + "/strong.csv")
            let before = snapshot(store)
            let dry = run(["import", root + "/strong.csv", "--unit", "kg", "--dry-run", "--store", store])
            #expect(dry.output.contains("Would match Strong's names to the library: Bench Press (Barbell) → Bench Press, Pull Up → Pull-up (a --map file naming one, even to itself, maps it otherwise)."), "\(dry.output)")
            #expect(dry.output.contains("Would add 1 exercise to the library: Zercher Squat."), "\(dry.output)")
            #expect(snapshot(store) == before)
            let done = run(["import", root + "/strong.csv", "--unit", "kg", "--store", store, "--json"])
            #expect(done.json?["data"]?["matched"] == [["source": "Bench Press (Barbell)", "library": "Bench Press"], ["source": "Pull Up", "library": "Pull-up"]], "\(done.output)")
            #expect(done.json?["data"]?["exercises_created"] == ["Zercher Squat"])
            // The imported set is Bench Press's: its records include it.
            let records = try #require(run(["pr", "Bench Press", "--store", store, "--json"]).json?["data"])
            #expect("\(records)".contains("100"), "\(records)")

            // A --map that names Pull Up, to itself, keeps it apart in another store.
            let other = root + "/t"
            #expect(run(["init", other]).status == 0)
            writeText("{\"Pull Up\": \"Pull Up\"}", to: root + "/map.json")
            let kept = run(["import", root + "/strong.csv", "--unit", "kg", "--map", root + "/map.json", "--store", other, "--json"])
            #expect(kept.json?["data"]?["matched"] == [["source": "Bench Press (Barbell)", "library": "Bench Press"]], "\(kept.output)")
            #expect(kept.json?["data"]?["exercises_created"] == ["Pull Up", "Zercher Squat"], "\(kept.output)")
            // Once the library has "Pull Up", that name is it: importing again changes nothing.
            let again = snapshot(other)
            #expect(run(["import", root + "/strong.csv", "--unit", "kg", "--store", other]).output.hasPrefix("Imported 0 sessions (0 sets)"))
            #expect(snapshot(other) == again)
        }
        let doc = try #require(readText(repository + "/docs/IMPORT.md"))
        for app in ImportSource.allCases {
            for (source, library) in AppExerciseNames.table(for: app) {
                #expect(doc.contains("| \(source) | \(library) |"), "\(app): \(source)")
            }
        }
    }

    @Test("a session is the same session whatever file brought it: liftlog's Hevy export of sessions from Strong, imported back, adds nothing; Hevy's export of the same workout as Strong's adds nothing")
    func sameWorkoutAnyFile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["import", "strong", fixtures + "/strong-classic.csv", "--unit", "kg", "--utc-offset", "+01:00", "--store", store]).status == 0)
            let exported = run(["export", "hevy", "--store", store])
            #expect(exported.status == 0, "\(exported.error)")
            writeText(exported.output, to: root + "/hevy.csv")
            let before = snapshot(store)
            let back = run(["import", "hevy", root + "/hevy.csv", "--utc-offset", "+01:00", "--store", store])
            #expect(back.status == 0, "\(back.error)")
            #expect(back.output.hasPrefix("Imported 0 sessions (0 sets)"), "\(back.output)")
            #expect(back.output.contains("2 sessions already in the store"), "\(back.output)")
            #expect(snapshot(store) == before)
            // The same workout in Strong's and Hevy's words (their times to the second and the minute).
            let strong = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                + "2026-02-02 18:00:41,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,8\n2026-02-02 18:00:41,Push,1h,Bench Press (Barbell),2,100,5,0,0,,,\n"
            let hevy = "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n"
                + "\"Push day\",\"2 Feb 2026, 18:00\",\"2 Feb 2026, 19:00\",,\"Bench Press (Barbell)\",,,0,warmup,100,5,,,\n\"Push day\",\"2 Feb 2026, 18:00\",\"2 Feb 2026, 19:00\",,\"Bench Press (Barbell)\",,,1,normal,100,5,,,\n"
            writeText(strong, to: root + "/strong.csv")
            writeText(hevy, to: root + "/same.csv")
            #expect(run(["import", root + "/strong.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store]).output.hasPrefix("Imported 1 session (2 sets)"))
            let same = run(["import", root + "/same.csv", "--utc-offset", "+00:00", "--store", store])
            #expect(same.output.hasPrefix("Imported 0 sessions (0 sets)"), "\(same.output)")
            // A different workout in that minute is a session of its own.
            writeText(hevy.replacingOccurrences(of: ",100,5,", with: ",102.5,5,"), to: root + "/other.csv")
            #expect(run(["import", root + "/other.csv", "--utc-offset", "+00:00", "--store", store]).output.hasPrefix("Imported 1 session (2 sets)"))
        }
    }
}
