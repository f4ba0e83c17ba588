import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Plans as text, templates, simulations and the rules' prescriptions through the store.
@Suite("Programs in the store")
struct ProgramStoreTests {
    static let beginner = """
        # Beginner 5x5
        days_per_week: 3
        notes: Three days a week.

        ## Day A
        Back Squat / 3x5 / 100kg / progress: lp(2.5kg)
        Bench Press / 3x8-12 / 60kg / progress: dp(2.5kg, 8, 12)
        Barbell Row / 3x5 / 70kg

        ## Day B
        // Deadlift once a week.
        Deadlift / 1x5+ / 140kg / progress: lp(5kg, deload: 10% after 3 misses)  // belt on
        Overhead Press / 3x5 / progress: rpe(8)

        """

    @Test("plan text imports, exports the same text, and imports again to the same plan")
    func roundTrip() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let stored = try store.importPlan(text: Self.beginner, source: "plan.txt")
            let plan = stored.plan
            #expect(plan.name == "Beginner 5x5" && plan.daysPerWeek == 3 && plan.notes == "Three days a week.")
            let deadlift = plan.days[1].exercises[0]
            #expect(deadlift.sets == 1 && deadlift.reps == "5" && deadlift.lastSetAMRAP && deadlift.load == Load(140, .kg) && deadlift.notes == "belt on")
            #expect(deadlift.progress?.kind == .linear(LinearProgression(increment: Load(5, .kg), deload: .init(percent: 10, afterMisses: 3))))
            #expect(plan.days[0].exercises[2].progress == nil)
            let exported = try store.exportPlan(named: "beginner 5x5")
            #expect(exported == Self.beginner.replacingOccurrences(of: "// Deadlift once a week.\n", with: ""))
            // Again over itself: nothing changes, not even the file.
            let before = try #require(readText(root + "/store/" + stored.path))
            let again = try store.importPlan(text: exported, source: "plan.txt", replace: true)
            #expect(again.plan == plan)
            #expect(readText(root + "/store/" + stored.path) == before)
            // Windows line endings and a byte-order mark read the same.
            #expect(try PlanText.parse("\u{FEFF}" + exported.replacingOccurrences(of: "\n", with: "\r\n")) == PlanText.parse(exported))
            // The JSON keeps the rule as written.
            #expect(before.contains("\"progress\": \"lp(5kg, deload: 10% after 3 misses)\""))
            #expect(before.contains("\"last_set_amrap\": true"))
            // Without --replace the name is taken.
            #expect(throws: LiftLogError.conflict("A plan named 'Beginner 5x5' already exists.", remedy: .replacePlan(file: "plan.txt"))) {
                try store.importPlan(text: exported, source: "plan.txt")
            }
        }
    }

    @Test("a mistake in plan text is reported at its line and column", arguments: [
        ("Back Squat / 3x5", 1, 1, "a plan starts with its name: '# Beginner 5x5'"),
        ("# P\nBack Squat / 3x5", 2, 1, "before the first '## DAY' only 'days_per_week: N' and 'notes: TEXT' may come; an exercise line belongs to a day"),
        ("# P\ndays_per_week: 9", 2, 16, "days_per_week must be a whole number 1–7, found '9'"),
        ("# P\nlength: 9", 2, 1, "unknown setting 'length'; the plan's settings are days_per_week and notes"),
        ("# P\n## A\nBack Squat", 3, 1, "write an exercise as 'EXERCISE / SETSxREPS [/ LOAD] [/ progress: RULE]', such as 'Back Squat / 3x5 / 100kg / progress: lp(2.5kg)'"),
        ("# P\n## A\nBack Squat / 3y5", 3, 14, "'3y5' is not SETSxREPS: write 5x5, 3x8-12, 3x5+ or 3xAMRAP"),
        ("# P\n## A\nBack Squat / 3x5 / 100", 3, 20, "The load '100' needs a unit, such as 100kg or 100lb"),
        ("# P\n## A\nBack Squat / 3x5 / 100kg / progress: lp(2.5)", 3, 41, "The increment '2.5' needs a unit, such as 2.5kg or 2.5lb"),
        ("# P\n## A\nBack Squat / 3x5 / progress: lp(2.5kg) / 100kg", 3, 42, "expected 'progress: RULE' here, found '100kg' (the load comes before the rule, once)"),
        ("# P\n## A\n  Back Squat / 3x5\nback squat / 5x5", 4, 1, "'A' already plans Back Squat (line 3)"),
        ("# P\n## A\n## a", 3, 1, "a second day named 'a' (the first is on line 2)"),
        ("# P\n# Q", 2, 1, "a plan file holds one plan: a second '# NAME' line"),
        ("", 1, 1, "no plan: the text needs a '# NAME' line"),
    ])
    func mistakes(text: String, line: Int, column: Int, message: String) {
        #expect(throws: PlanText.Problem(line: line, column: column, message: message)) { try PlanText.parse(text) }
    }

    @Test("an import names the file, line and column, suggests close exercise names, and writes nothing")
    func importErrors() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            #expect(throws: LiftLogError.validation("plan.txt:3:14: '3y5' is not SETSxREPS: write 5x5, 3x8-12, 3x5+ or 3xAMRAP")) {
                try store.importPlan(text: "# P\n## A\nBack Squat / 3y5\n", source: "plan.txt")
            }
            do {
                _ = try store.importPlan(text: "# P\n## A\nBack Squat / 3x5\n  Bench Pres / 3x5\n", source: "plan.txt")
                Issue.record("an unknown exercise was accepted")
            } catch {
                guard case .notFound(let message, let suggestions, _)? = error as? LiftLogError else { Issue.record("\(error)"); return }
                #expect(message.hasPrefix("plan.txt:4:3: "))
                #expect(suggestions.first == "Bench Press")
            }
            #expect(try store.plans().isEmpty)
        }
    }

    @Test("templates simulate to the published numbers for given maxes")
    func templates() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let maxes: [(exercise: String, load: Load)] = [("Back Squat", Load(100, .kg)), ("Bench Press", Load(80, .kg)), ("Deadlift", Load(140, .kg)), ("Overhead Press", Load(50, .kg))]
            _ = try store.createPlan(name: "Wendler", from: .fiveThreeOne, maxes: maxes)
            let weeks = try store.simulate(plan: "Wendler", weeks: 5)
            let squat = weeks.sessions.filter { $0.day == "Squat" }.map { $0.exercises[0].prescription!.sets }
            #expect(squat[0].map(\.weight) == [65, 75, 85] && squat[0].map(\.reps) == [5, 5, 5] && squat[0].map(\.amrap) == [false, false, true])
            #expect(squat[1].map(\.weight) == [70, 80, 90] && squat[1].map(\.reps) == [3, 3, 3])
            #expect(squat[2].map(\.weight) == [75, 85, 95] && squat[2].map(\.reps) == [5, 3, 1])
            #expect(squat[3].map(\.weight) == [40, 50, 60])
            #expect(squat[4].map(\.weight) == [67.5, 80, 90])   // a training max of 105 kg
            // BBB: 5 × 10 at 50% of the paired lift's training max.
            #expect(weeks.sessions[0].exercises[1].name == "Bench Press" && weeks.sessions[0].exercises[1].prescription?.summary == "5x10 @ 40kg")

            _ = try store.createPlan(name: "SL", from: .fiveByFive, maxes: [("Back Squat", Load(60, .kg)), ("Bench Press", Load(40, .kg)), ("Barbell Row", Load(40, .kg)), ("Overhead Press", Load(30, .kg)), ("Deadlift", Load(80, .kg))])
            let stronglifts = try store.simulate(plan: "SL", weeks: 2)
            #expect(stronglifts.sessions.map(\.day) == ["Workout A", "Workout B", "Workout A", "Workout B", "Workout A", "Workout B"])
            // The squat every session: 60, 62.5, 65 …; the deadlift +5 kg a session.
            #expect(stronglifts.sessions.map { $0.exercises[0].prescription!.topWeight! } == [60, 62.5, 65, 67.5, 70, 72.5])
            #expect(stronglifts.sessions.filter { $0.day == "Workout B" }.map { $0.exercises[2].prescription!.summary } == ["5 @ 80kg", "5 @ 85kg", "5 @ 90kg"])

            _ = try store.createPlan(name: "GZ", from: .gzclp, maxes: maxes)
            let gzclp = try store.plan(named: "GZ").plan
            #expect(gzclp.days[0].exercises.map(\.notation) == ["5x3+", "3x10", "3x15+"])
            #expect(gzclp.days[0].exercises[1].load == Load(52.5, .kg))  // T2 at 65% of 80 kg = 52
            let missing = try store.simulate(plan: "GZ", weeks: 3, assume: .missEveryThird)
            let t1 = missing.sessions.filter { $0.day == "A1" }.map { $0.exercises[0].prescription!.summary }
            #expect(t1 == ["4x3 @ 100kg, 3+ @ 100kg", "4x3 @ 105kg, 3+ @ 105kg", "4x3 @ 110kg, 3+ @ 110kg"])
            // The third T1 squat was missed: the next is 6x2+ at the same load.
            let after = try store.simulate(plan: "GZ", weeks: 5, assume: .missEveryThird).sessions.filter { $0.day == "A1" }.map { $0.exercises[0].prescription! }
            #expect(after[3].summary == "5x2 @ 110kg, 2+ @ 110kg" && after[3].reason == "5x3+ missed: 6x2+ at the same load")

            // Starting Strength: the squat every session +2.5 kg, press and bench alternating, the deadlift +5 kg.
            _ = try store.createPlan(name: "SS", from: .startingStrength, maxes: [("Back Squat", Load(60, .kg)), ("Overhead Press", Load(30, .kg)), ("Bench Press", Load(40, .kg)), ("Deadlift", Load(80, .kg))])
            let ss = try store.simulate(plan: "SS", weeks: 2).sessions
            #expect(ss.map { $0.exercises.map { "\($0.name) \($0.prescription!.summary)" } } == [
                ["Back Squat 3x5 @ 60kg", "Overhead Press 3x5 @ 30kg", "Deadlift 5 @ 80kg"],
                ["Back Squat 3x5 @ 62.5kg", "Bench Press 3x5 @ 40kg", "Deadlift 5 @ 85kg"],
                ["Back Squat 3x5 @ 65kg", "Overhead Press 3x5 @ 32.5kg", "Deadlift 5 @ 90kg"],
                ["Back Squat 3x5 @ 67.5kg", "Bench Press 3x5 @ 42.5kg", "Deadlift 5 @ 95kg"],
                ["Back Squat 3x5 @ 70kg", "Overhead Press 3x5 @ 35kg", "Deadlift 5 @ 100kg"],
                ["Back Squat 3x5 @ 72.5kg", "Bench Press 3x5 @ 45kg", "Deadlift 5 @ 105kg"],
            ])
            // PPL: a 3-day rotation trained six days a week; without a max the first session sets the load.
            _ = try store.createPlan(name: "PPL", from: .ppl, maxes: [("Bench Press", Load(60, .kg))])
            let ppl = try store.simulate(plan: "PPL", weeks: 2)
            #expect(ppl.sessions.map(\.day) == ["Push", "Pull", "Legs", "Push", "Pull", "Legs", "Push", "Pull", "Legs", "Push", "Pull", "Legs"])
            #expect(ppl.sessions.map(\.cycle) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
            #expect(ppl.sessions.filter { $0.day == "Push" }.map { $0.exercises[0].prescription!.summary } == ["4x6 @ 60kg", "4x7 @ 60kg", "4x8 @ 60kg", "4x9 @ 60kg"])
            #expect(ppl.sessions[0].exercises[1].prescription?.reason == "no load planned: the first session sets it")
            #expect(throws: LiftLogError.validation("Template 531 starts from a training max for Deadlift and Overhead Press.", remedy: .giveTrainingMaxes(["Deadlift", "Overhead Press"]))) {
                try store.createPlan(name: "X", from: .fiveThreeOne, maxes: Array(maxes.prefix(2)))
            }
            #expect(throws: LiftLogError.validation("Template 5x5 has no lift 'Squat'; its lifts are Back Squat, Bench Press, Barbell Row, Overhead Press, Deadlift. Did you mean 'Back Squat'?")) {
                try store.createPlan(name: "X", from: .fiveByFive, maxes: [("Squat", Load(60, .kg))])
            }
            #expect(throws: LiftLogError.validation("The weeks to simulate must be 1–104, got 0.")) { try store.simulate(plan: "SL", weeks: 0) }
            #expect(try store.plans().map(\.name) == ["GZ", "PPL", "SL", "SS", "Wendler"])
        }
    }

    @Test("today and a planned session follow the rule from the plan's sessions; a set logged in pounds counts in kilograms")
    func todayFollowsTheRule() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            _ = try store.importPlan(text: "# P\n## A\nBack Squat / 3x5 / 100kg / progress: lp(2.5kg, deload: 10% after 2 misses)\nBench Press / 3x8-12 / 60kg / progress: dp(2.5kg, 8, 12)\n", source: "p.txt", activate: true)
            var today = try store.today()
            #expect(today.targets.map { $0.prescription?.summary } == ["3x5 @ 100kg", "3x8 @ 60kg"])
            #expect(today.targets[0].weight == 100 && today.targets[0].unit == .kg)
            let started = try store.startPlannedSession(day: nil)
            #expect(started.session.entries[0].sets.map(\.targetWeight) == [100, 100, 100])
            #expect(started.session.entries[1].sets.map(\.targetReps) == [8, 8, 8])
            // 225 lb is 102.06 kg: at least the 100 kg asked.
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["225lbx5x3"], defaultUnit: .kg))
            _ = try store.log(exercise: "Bench Press", sets: SetNotation.parse(["60x10", "60x9", "60x9"], defaultUnit: .kg))
            clock.advance(seconds: 3600)
            _ = try store.finish()
            clock.advance(seconds: 2 * 86_400)
            today = try store.today()
            #expect(today.targets.map { $0.prescription?.summary } == ["3x5 @ 102.5kg", "3x10 @ 60kg"])
            #expect(today.targets[0].prescription?.reason == "+2.5 kg: every rep of 3x5 @ 100kg hit")
            // Two misses: a 10% deload (102.5 × 0.9 = 92.25 → 92.5).
            for _ in 0..<2 {
                _ = try store.startPlannedSession(day: nil)
                _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["102.5x5", "102.5x5", "102.5x3"], defaultUnit: .kg))
                clock.advance(seconds: 3600)
                _ = try store.finish()
                clock.advance(seconds: 2 * 86_400)
            }
            today = try store.today()
            #expect(today.targets[0].prescription?.summary == "3x5 @ 92.5kg")
            #expect(today.targets[0].prescription?.reason == "deload 10%: 3x5 @ 102.5kg missed, miss 2 in a row")
            // The mesocycle explains each change the rule made during it.
            #expect(throws: Never.self) { try store.createMesocycle(plan: "P", startDate: LocalDate("2025-01-20")!, weeks: 4) }
            _ = try store.startMesocycle(plan: "P")
            let changes = try store.mesocycleReport(plan: "P").changes.filter { $0.exerciseName == "Back Squat" }
            #expect(changes.map(\.prescribed) == ["3x5 @ 100kg", "3x5 @ 102.5kg", "3x5 @ 102.5kg"])
            #expect(changes.map(\.reason) == ["+2.5 kg: every rep of 3x5 @ 100kg hit", "same weight: 3x5 @ 102.5kg missed (miss 1 of 2 before a deload)",
                                             "deload 10%: 3x5 @ 102.5kg missed, miss 2 in a row"])
            #expect(changes.map(\.week) == [1, 1, 2])
            // A session outside the plan does not move the rule.
            _ = try store.startSession()
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["150x5x3"], defaultUnit: .kg))
            _ = try store.finish()
            #expect(try store.today().targets[0].prescription?.summary == "3x5 @ 92.5kg")
        }
    }
}
