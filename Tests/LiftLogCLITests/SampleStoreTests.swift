import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("the training commands through the built binary on a copy of the sample store")
struct SampleStoreTests {
    private func sessionFiles(_ store: String) -> [(path: String, text: String)] {
        allFiles(in: store).filter { $0.hasPrefix("sessions/") }.sorted().map { ($0, readText(store + "/" + $0) ?? "") }
    }

    @Test("today, plan, meso, trends and progress agree with the files, and a planned session rotates the plan")
    func sampleStore() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/store"
            copyTree(repository + "/SampleData/store", to: store)
            let env = ["LIFTLOG_STORE": store]
            let files = sessionFiles(store)

            // The last session (2025-11-14) was Day A: Day B is next, each weight from the last
            // session that had the exercise.
            let today = try #require(runBinary(["today", "--json"], environment: env).json?["data"])
            #expect(today["plan"] == "Beginner 5x5")
            #expect(today["day"] == "Day B")
            #expect(today["last_plan_session"]?["plan_day"] == "Day A")
            #expect(today["exercises"]?.arrayValue?.map { $0["exercise_name"] } == ["Back Squat", "Overhead Press", "Deadlift"])
            #expect(today["exercises"]?.arrayValue?.map { $0["target_weight"] } == [150, 100, 167.5])

            // The completed mesocycle: as many sessions as files that record a week.
            let meso = try #require(runBinary(["meso", "show", "Beginner 5x5", "--json"], environment: env).json?["data"])
            #expect(meso["status"] == "completed")
            #expect(meso["duration_weeks"] == 12)
            let perWeek = meso["weeks"]?.arrayValue?.compactMap { week -> Int? in
                if case .number(let number)? = week["sessions"] { return number.intValue } else { return nil }
            } ?? []
            #expect(perWeek.count == 12)
            #expect(perWeek.reduce(0, +) == files.filter { $0.text.contains("\"week_number\":") }.count)
            #expect(meso["exercises"]?.arrayValue?.count == 5)

            // trends: four weeks to 2025-11-16, as many sessions as files named in those days.
            let trends = try #require(runBinary(["trends", "--to", "2025-11-14", "--weeks", "4", "--json"], environment: env).json?["data"])
            let counted = trends["weeks"]?.arrayValue?.compactMap { week -> Int? in
                if case .number(let number)? = week["sessions"] { return number.intValue } else { return nil }
            }.reduce(0, +)
            let named = files.filter { file in
                let name = file.path.split(separator: "/").last.map(String.init) ?? ""
                return name >= "2025-10-20" && name < "2025-11-17"
            }.count
            #expect(counted == named)
            #expect(trends["main_lifts"]?.arrayValue?.first?["exercise_name"] == "Back Squat")

            // progress: one entry per file that has the exercise.
            let progress = try #require(runBinary(["progress", "Back Squat", "--json"], environment: env).json?["data"])
            #expect(progress["entries"]?.arrayValue?.count == files.filter { $0.text.contains("\"exercise_name\": \"Back Squat\"") }.count)
            let chart = runBinary(["progress", "Back Squat"], environment: env.merging(["LANG": "C.UTF-8", "COLUMNS": "72"]) { $1 })
            #expect(chart.status == 0)
            #expect(chart.output.contains("★"))

            // pr without an exercise (one pass over the index) agrees with pr of each one.
            let records = try #require(runBinary(["pr", "--json"], environment: env).json?["data"]?["records"]?.arrayValue)
            #expect(records.map { $0["exercise_name"] } == ["Back Squat", "Barbell Row", "Bench Press", "Deadlift", "Dip", "Overhead Press", "Plank", "Pull-up", "Run"])
            for record in records {
                let name = try #require(record["exercise_name"]?.stringValue)
                let one = runBinary(["pr", name, "--json"], environment: env).json?["data"]
                for key in ["personal_record", "max_reps", "best_added_load", "longest_hold", "longest_distance", "paces"] {
                    #expect(one?[key] == record[key], "\(name): \(key)")
                }
            }

            // Follow the plan: Day B with its targets, one set as planned, then Day A is next.
            let started = runBinary(["start", "--plan-day", "next", "--json"], environment: env)
            #expect(started.status == 0, "\(started.error)")
            #expect(started.json?["data"]?["plan_day"] == "Day B")
            #expect(runBinary(["log", "Back Squat"], environment: env).output == "Back Squat  set 1: 150 kg × 5 (last 150 kg × 5)\n")
            #expect(runBinary(["finish"], environment: env).status == 0)
            #expect(runBinary(["today", "--json"], environment: env).json?["data"]?["day"] == "Day A")
            #expect(runBinary(["check"], environment: env).status == 0)
        }
    }
}
