#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Input of any size is read within bounds, and what a failure left is said exactly.
@Suite("Bounded input and exact failure reports")
struct BoundedInputTests {
    private let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

    @Test("an endless or binary input is refused at once; a workout too large to read back is refused whole")
    func endlessAndHuge() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let before = snapshot(store)
            var huge = header
            for set in 1...5_001 { huge += "2021-03-05 18:07:12,Marathon,1h,Bench Press (Barbell),\(set),60,5,0,0,,,\n" }
            writeText(huge, to: root + "/huge.csv")
            writeText(String(repeating: "a", count: CSVReader.maximumRecordSize + 10), to: root + "/long.csv")
            writeText("{\"id\": \"3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f\", \"kind\": \"lifting\"}\n", to: root + "/sessions.ndjson")
            let json = "the file is JSON, not a CSV export; liftlog imports the CSV exports of apps (its own 'export ndjson' is for tools such as jq: to move sessions between stores, copy their files, or use 'export csv' and 'import strong')."
            expectRefused([
                Refusal(["import", "strong", "/dev/zero"], 4, "VALIDATION_ERROR", "/dev/zero:1: the file holds NUL bytes, so it is not a text CSV export."),
                Refusal(["import", "strong", root + "/sessions.ndjson"], 4, "VALIDATION_ERROR", "\(root)/sessions.ndjson:1: \(json)"),
                Refusal(["import", root + "/sessions.ndjson"], 4, "VALIDATION_ERROR", "\(root)/sessions.ndjson:1: \(json)"),
                Refusal(["import", "strong", root + "/long.csv"], 4, "VALIDATION_ERROR", "\(root)/long.csv:1: a row is longer than 1 MB; an export's rows are a few hundred bytes, so this is not a CSV export."),
                Refusal(["import", "strong", root + "/huge.csv", "--unit", "kg"], 4, "VALIDATION_ERROR", "\(root)/huge.csv:5002: the workout of this row has more than 5000 sets; no app exports such a workout, so the file's dates or workout names are wrong. Nothing was imported. --skip-bad-rows imports the others."),
            ], store: store)
            #expect(snapshot(store) == before)
        }
    }

    @Test("a store file is never written larger than liftlog reads")
    func neverWritesUnreadable() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            let bytes = [UInt8](repeating: 0x20, count: StoreFiles.maximumFileSize + 1)
            #expect(throws: LiftLogError.validation("big.json would be 16 MB; liftlog reads store files up to 16 MB, so nothing was written.")) {
                try files.writeDurably(bytes, to: "big.json")
            }
            #expect(readText(root + "/big.json") == nil)
        }
    }

    @Test("a full disk part-way through an import says exactly what was written, and importing again completes it")
    func fullDiskDuringImport() throws {
        try withTemporaryDirectory { root throws in
            var csv = header
            for day in 1...6 { csv += "2021-03-0\(day) 18:00:00,Day \(day),30m,Sled Push \(day),1,60,5,0,0,,,\n" }
            writeText(csv, to: root + "/export.csv")
            let template = root + "/template"
            #expect(run(["init", template]).status == 0)
            var partial = 0
            for number in stride(from: 1, through: 400, by: 7) {
                let store = root + "/case\(number)"
                copyTree(template, to: store)
                let full = FaultyFileSystem(failAt: number, errorNumber: ENOSPC)
                let outcome = run(["import", "strong", root + "/export.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store, "--json"], fileSystem: full, uniqueIDs: true)
                guard full.failed != nil else { break }
                let sessions = allFiles(in: store).filter { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }.count
                let exercises = allFiles(in: store).filter { $0.hasPrefix("exercises/sled-push") }.count
                let message = outcome.errorMessage ?? ""
                if outcome.status == 0 {
                    // The fault hit a cache (the index) after everything was saved.
                    #expect(sessions == 6)
                } else if sessions == 0 && exercises == 0 {
                    #expect(outcome.status == 8, "\(outcome.output)")
                    #expect(message.hasSuffix("; nothing was changed."), "\(message)")
                } else {
                    #expect(outcome.status == 8, "\(outcome.output)")
                    partial += 1
                    #expect(!message.contains("nothing was changed"), "\(message)")
                    let sessionsText = sessions > 0 ? "\(sessions) session\(sessions == 1 ? "" : "s") (\(sessions) set\(sessions == 1 ? "" : "s"))" : nil
                    let exercisesText = "\(exercises) exercise\(exercises == 1 ? "" : "s")"
                    #expect(message.contains("before this, the import wrote " + [sessionsText, exercisesText].compactMap { $0 }.joined(separator: " and ")), "\(message)")
                    #expect(message.hasSuffix("; importing the file again adds the rest and nothing twice."), "\(message)")
                }
                let again = run(["import", "strong", root + "/export.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store, "--json"], uniqueIDs: true)
                #expect(again.status == 0)
                #expect(allFiles(in: store).filter { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }.count == 6)
                let check = run(["check", "--store", store])
                #expect(check.status == 0, "case \(number): \(check.output)")
            }
            #expect(partial > 0, "no fault landed part-way through the import")
        }
    }

    @Test("log --create on a full disk adds neither the exercise nor the set")
    func fullDiskDuringLogCreate() throws {
        try withTemporaryDirectory { root throws in
            let template = root + "/template"
            #expect(run(["init", template]).status == 0)
            #expect(run(["start", "--store", template, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            for number in 1...60 {
                let store = root + "/case\(number)"
                copyTree(template, to: store)
                let before = userFiles(store)
                let full = FaultyFileSystem(failAt: number, errorNumber: ENOSPC)
                let outcome = run(["log", "Zercher Squat", "60x8", "--create", "--store", store, "--json"], fileSystem: full)
                guard full.failed != nil else { break }
                if outcome.status == 8 {
                    #expect(outcome.errorMessage?.hasSuffix("; nothing was changed.") == true)
                    _ = run(["history", "--store", store])
                    #expect(userFiles(store) == before, "case \(number): \(outcome.errorMessage ?? "")")
                } else {
                    #expect(outcome.status == 0)
                    #expect(userFiles(store).keys.contains("exercises/zercher-squat.json"))
                }
            }
        }
    }
}
