import Foundation
import Testing
import LiftLogFoundation
@testable import LiftLogKit
import LiftLogTestSupport

/// What an app shows of an error, and the dates it hands to Foundation.
@Suite("Errors and dates for apps")
struct AppErrorTests {
    /// One of each remedy.
    static let remedies: [Remedy] = [
        .startSession, .finishOrDiscardSession, .editSession(Session.ID(rawValue: "3f2c9a1e-0000-4000-8000-000000000001")!),
        .logIntoCompletedSession(Session.ID(rawValue: "3f2c9a1e-0000-4000-8000-000000000001")!), .runAgain, .keepOneSide,
        .giveTrainingMaxes(["Back Squat", "Bench Press", "Deadlift"]), .giveImportUnit, .giveDateOrder, .skipBadRows,
        .nameImportSource, .listSessions, .reindex, .createStore(path: "/Users/me/Training"), .createPlan,
        .activatePlan(among: ["PPL", "5/3/1"]), .addPlanDay(plan: "PPL"), .addPlannedExercise(plan: "PPL"),
        .startMesocycle(plan: "PPL"), .startPendingMesocycle, .completeOrCancelMesocycle, .createMesocycle(plan: nil),
        .createMesocycle(plan: "PPL"), .resolveConflicts, .settleMergeConflict(path: "exercises/cable-fly.json"), .addExercise, .logCreatingExercise, .format, .check, .writeSchemas,
        .replacePlan(file: "ppl.txt"), .correctSet(token: "100x", offset: 4, suggestion: "100x5"),
        .correctSet(token: "1o0x5", offset: 1, suggestion: nil),
    ]

    @Test("every remedy has words for an app that name no command or flag")
    func remediesNameNoCommand() {
        #expect(Set(AppErrorTests.remedies.map(\.code)).count == 31, "one of each of the 31 remedies")
        for remedy in AppErrorTests.remedies {
            let words = remedy.suggestion
            #expect(!words.lowercased().contains("liftlog") && !words.contains("--") && !words.contains("`"), "\(remedy.code): \(words)")
            #expect(words.first?.isUppercase == true && words.hasSuffix("."), "\(remedy.code): \(words)")
        }
        #expect(Remedy.giveTrainingMaxes(["Back Squat", "Bench Press", "Deadlift"]).suggestion == "Give a training max for Back Squat, Bench Press and Deadlift.")
        #expect(Remedy.correctSet(token: "100x", offset: 4, suggestion: "100x5").suggestion == "Write it as 100x5.")
    }

    @Test("an error a store throws reads as its message, with what to do, through LocalizedError")
    func localizedError() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s", unit: .kg, seed: false)
            do {
                try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
                Issue.record("logged without a session")
            } catch let error as LiftLogError {
                let shown = error as any Error
                #expect(shown.localizedDescription == error.message)
                #expect(!shown.localizedDescription.contains("LiftLogKit.LiftLogError"))
                #expect((shown as? any LocalizedError)?.recoverySuggestion == error.remedy?.suggestion)
                #expect(error.remedy?.suggestion != nil, "\(error)")
            }
            let corrupt = LiftLogError.corruptFile([FileProblem(path: "sessions/x.json", line: 3, column: 5, message: "expected a number", hint: "Write a number.")])
            #expect(corrupt.recoverySuggestion == "Write a number.")
        }
    }

    @Test("timestamps and days convert to and from Date in a time zone")
    func dates() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let instant = Date(timeIntervalSince1970: 1_737_700_200)   // 2025-01-24T06:30:00Z
        let stamp = Timestamp(instant, in: berlin)
        #expect(stamp.description == "2025-01-24T07:30:00+01:00")
        #expect(stamp.date == instant)
        #expect(Timestamp(instant, utcOffsetSeconds: 0).description == "2025-01-24T06:30:00+00:00")
        // Summer time: the offset is the one the zone had at that instant.
        #expect(Timestamp(Date(timeIntervalSince1970: 1_751_351_400), in: berlin).utcOffsetSeconds == 7200)
        // 22:50 UTC is 23:50 in Berlin, still the 24th; 23:50 UTC is past midnight there.
        #expect(LocalDate(Date(timeIntervalSince1970: 1_737_759_000), in: berlin) == LocalDate(year: 2025, month: 1, day: 24))
        #expect(LocalDate(Date(timeIntervalSince1970: 1_737_762_600), in: berlin) == LocalDate(year: 2025, month: 1, day: 25))
        #expect(LocalDate(Date(timeIntervalSince1970: 1_737_762_600), in: TimeZone(secondsFromGMT: 0)!) == LocalDate(year: 2025, month: 1, day: 24))
        #expect(try #require(LocalDate(year: 2025, month: 1, day: 24)).start(in: berlin) == Date(timeIntervalSince1970: 1_737_673_200))
    }
}
