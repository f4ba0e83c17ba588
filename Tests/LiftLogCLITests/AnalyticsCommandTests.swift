import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("progress and pr")
struct AnalyticsCommandTests {
    /// A store with three finished Back Squat sessions: 100x5, 105x5 (+ a 60x5 warm-up), 225 lbs x1.
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        for (day, sets) in [("20", ["100x5x2"]), ("22", ["105x5"]), ("24", ["225lbsx1"])] {
            #expect(run(["start", "--store", store, "--at", "2025-01-\(day)T07:00:00+01:00"]).status == 0)
            for set in sets { #expect(run(["log", "--store", store, "Back Squat", set]).status == 0) }
            if day == "22" {
                #expect(run(["log", "--store", store, "Back Squat", "60x5"]).status == 0)
                #expect(run(["set", "--store", store, "Back Squat", "2"]).status == 2)
            }
            // The clock says 2025-01-24 07:30: the last session ends before it.
            #expect(run(["finish", "--store", store, "--at", "2025-01-\(day)T0\(day == "24" ? "7:30" : "8:00"):00+01:00"]).status == 0)
        }
        return store
    }

    @Test("progress lists each session newest first with the documented JSON shape")
    func progressJSON() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let data = try #require(run(["progress", "back squat", "--store", store, "--json"]).json?["data"])
            guard case .array(let entries)? = data["entries"] else { Issue.record("no entries"); return }
            #expect(entries.map { $0["date"] } == ["2025-01-24", "2025-01-22", "2025-01-20"])
            #expect(entries[0]["best_weight"] == .number(JSONNumber(102.06)))
            #expect(entries[0]["e1rm"] == .number(JSONNumber(102.06)))
            #expect(entries[1]["sets"] == 2)
            #expect(entries[1]["volume"] == 825)
            #expect(entries[2]["e1rm"] == .number(JSONNumber(116.67)))
            // 225 lb is 102.06 kg: 105 kg × 5 stays the record.
            #expect(data["personal_record"]?["weight"] == 105)
            #expect(data["personal_record"]?["unit"] == "kg")
            #expect(data["personal_record"]?["date"] == "2025-01-22")
            #expect(Swift.Set(entries[0].objectValue?.keys ?? []) == ["session_id", "date", "week_number", "sets", "best_weight", "best_set_reps", "e1rm", "volume", "max_reps", "longest_seconds", "distance_m", "seconds_per_km"])
        }
    }

    @Test("progress reads the index, and a session edited by hand shows up at once")
    func progressAfterHandEdit() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // The month's folder last changed an hour ago, and the index knows it.
            #expect(runProgram(["touch", "-d", "1 hour ago", store + "/sessions/2025/01"]).status == 0)
            waitUntilSettled([store + "/sessions/2025/01"])
            // The built binary, on the real clock (in-process runs use a clock in 2025, for
            // which every folder looks just changed and is listed again).
            #expect(runBinary(["progress", "back squat", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 105)
            // Edit the 2025-01-20 session in place, as some editors save: 100 kg becomes 120 kg.
            // Same length, same inode, the folder untouched: only the file's time tells.
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2025/01/2025-01-20-") })
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"weight\": 100\n"))
            let folderTime = try #require(try PosixFileSystem().status(store + "/sessions/2025/01")?.modificationNanoseconds)
            waitForFileClockTick(probeIn: root)
            writeText(text.replacingOccurrences(of: "\"weight\": 100\n", with: "\"weight\": 120\n"), to: store + "/" + path)
            #expect(try PosixFileSystem().status(store + "/sessions/2025/01")?.modificationNanoseconds == folderTime)
            let data = try #require(runBinary(["progress", "back squat", "--store", store, "--json"]).json?["data"])
            #expect(data["personal_record"]?["weight"] == 120)
            #expect(data["personal_record"]?["date"] == "2025-01-20")
            #expect(data["entries"]?.arrayValue?.last?["volume"] == 1200)
        }
    }

    @Test("pr reports the heaviest set, best e1RM (Epley or Brzycki) and rep records")
    func records() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let epley = try #require(run(["pr", "Back Squat", "--store", store, "--json"]).json?["data"])
            #expect(epley["best_e1rm"]?["value"] == .number(JSONNumber(122.5)))
            guard case .array(let reps)? = epley["rep_records"] else { Issue.record("no rep records"); return }
            #expect(reps.map { $0["reps"] } == [1, 5])
            #expect(reps[1]["weight"] == 105)
            let brzycki = try #require(run(["pr", "Back Squat", "--formula", "brzycki", "--store", store, "--json"]).json?["data"])
            #expect(brzycki["best_e1rm"]?["value"] == .number(JSONNumber(118.13)))
            let all = run(["pr", "--store", store])
            #expect(all.output.contains("Back Squat"))
            #expect(all.output.contains("105 kg × 5"))
        }
    }

    @Test("draws a chart in the terminal, plain ASCII without UTF-8, and an SVG a real renderer draws")
    func charts() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let unicode = run(["progress", "Back Squat", "--metric", "weight", "--store", store], environment: ["LANG": "en_US.UTF-8", "COLUMNS": "60"])
            #expect(unicode.output.contains("★"))
            #expect(unicode.output.contains("2025-01-20"))
            let chartLines = unicode.output.split(separator: "\n").map(String.init).filter { line in ["┤", "│", "└"].contains { line.contains($0) } }
            #expect(!chartLines.isEmpty)
            #expect(chartLines.allSatisfy { $0.count <= 60 })
            let ascii = run(["progress", "Back Squat", "--store", store], environment: ["LANG": "C"])
            #expect(ascii.output.unicodeScalars.filter { !$0.isASCII && $0 != "×" && $0 != "…" && $0 != "—" }.isEmpty)
            #expect(ascii.output.contains("P = personal record"))
            let svg = root + "/chart.svg"
            #expect(run(["progress", "Back Squat", "--svg", svg, "--store", store]).status == 0)
            let text = try #require(readText(svg))
            #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(text.contains("PR "))
            // A link is written through, as a shell's '>' would; a folder that is not there is an error.
            writeText("an older chart", to: root + "/kept.svg")
            #expect(symlink(root + "/kept.svg", root + "/linked.svg") == 0)
            let linked = run(["progress", "Back Squat", "--svg", root + "/linked.svg", "--store", store, "--json"])
            #expect(linked.status == 0, "\(linked.output)")
            #expect(readText(root + "/kept.svg") == text)
            var info = stat()
            #expect(lstat(root + "/linked.svg", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
            let nowhere = run(["progress", "Back Squat", "--svg", root + "/none/chart.svg", "--store", store, "--json"])
            #expect(nowhere.status == 8 && nowhere.errorCode == "IO_ERROR")
            #expect(nowhere.errorMessage == "Cannot write '\(root)/none/chart.svg': No such file or directory.")
            let png = root + "/chart.png"
            let rendered = runProgram(["rsvg-convert", svg, "-o", png])
            #expect(rendered.status == 0, "rsvg-convert (Debian's librsvg2-bin) must be installed: \(rendered.error)")
            #expect(readBytes(png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        }
    }

    @Test("no history is a result, not an error; a chart of nothing and unknown names are errors")
    func emptyAndUnknown() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let empty = run(["progress", "Deadlift", "--store", store])
            #expect(empty.status == 0)
            #expect(empty.output == "No history yet for Deadlift.\n")
            let chart = run(["progress", "Deadlift", "--svg", root + "/x.svg", "--store", store, "--json"])
            #expect(chart.status == 4)
            #expect(chart.errorMessage == "There is no e1rm history of Deadlift to chart yet; log some sets first.")
            let unknown = run(["pr", "Squaat", "--store", store, "--json"])
            #expect(unknown.status == 3)
            #expect(unknown.errorMessage == "No exercise named 'Squaat'. Did you mean 'Back Squat', 'Front Squat' or 'Goblet Squat'?")
            #expect(run(["progress", "Deadlift", "--metric", "speed", "--store", store]).status == 4)
        }
    }
}
