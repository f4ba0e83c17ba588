import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Plans, mesocycles and today, through the library an app calls.
@Suite("Plans in the library")
struct PlanLibraryTests {
    @Test("create, activate, add and reorder days, plan exercises; errors name what is wrong")
    func plans() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            #expect(throws: LiftLogError.notFound("No training plan yet.", remedy: .createPlan)) { try store.requireActivePlan() }
            _ = try store.createPlan(name: "Upper Lower", daysPerWeek: 4, days: ["Upper", "Lower"])
            #expect(throws: LiftLogError.notFound("No plan is active.", remedy: .activatePlan(among: ["Upper Lower"]))) { try store.requireActivePlan() }
            #expect(throws: LiftLogError.conflict("A plan named 'Upper Lower' already exists.")) { try store.createPlan(name: "upper lower") }
            let activated = try store.activatePlan(named: "upper lower")
            #expect(activated.plan.isActive)
            _ = try store.addPlanDay(plan: "Upper Lower", day: "Arms", position: 1)
            #expect(try store.plan(named: "Upper Lower").plan.days.map(\.name) == ["Arms", "Upper", "Lower"])
            _ = try store.movePlanDay(plan: "Upper Lower", day: "Arms", to: 3)
            _ = try store.setPlannedExercise(plan: "Upper Lower", day: "Upper", exercise: "bench press", try PlanNotation.parse("3x8-12"))
            let plan = try store.plan(named: "Upper Lower").plan
            #expect(plan.days.map(\.name) == ["Upper", "Lower", "Arms"])
            #expect(plan.days[0].exercises.map(\.exerciseName) == ["Bench Press"])
            #expect(plan.days[0].exercises.first?.reps == "8-12")
            // A second plan activated with its creation switches the first off, in one change.
            _ = try store.createPlan(name: "Full Body", days: ["A"], activate: true)
            #expect(try store.plans().filter(\.isActive).map(\.name) == ["Full Body"])
            _ = try store.removePlanDay(plan: "Upper Lower", day: "Arms")
            #expect(try store.deletePlan(named: "Upper Lower").name == "Upper Lower")
            #expect(try store.plans().map(\.name) == ["Full Body"])
        }
    }

    @Test("a mesocycle is created, started (its plan becomes active), shown week by week and completed")
    func mesocycles() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            _ = try store.createPlan(name: "5x5", days: ["A"])
            #expect(throws: LiftLogError.validation("Plan '5x5' has no planned exercises yet.", remedy: .addPlannedExercise(plan: "5x5"))) {
                try store.createMesocycle(plan: "5x5", startDate: LocalDate("2025-01-20")!, weeks: 4)
            }
            _ = try store.setPlannedExercise(plan: "5x5", day: "A", exercise: "Back Squat", try PlanNotation.parse("5x5"))
            let created = try store.createMesocycle(plan: "5x5", startDate: LocalDate("2025-01-20")!, weeks: 4)
            #expect(created.mesocycle.status == .pending)
            let started = try store.startMesocycle()
            #expect(started.mesocycle.status == .active)
            #expect(try store.activePlan()?.plan.name == "5x5")
            #expect(try store.activeMesocycle()?.mesocycle.id == created.mesocycle.id)
            let report = try store.mesocycleReport()
            #expect(report.currentWeek == 1)
            #expect(report.exercises.map(\.exerciseName) == ["Back Squat"])
            #expect(try store.completeMesocycle().mesocycle.status == .completed)
            #expect(throws: LiftLogError.notFound("No mesocycle is active.", remedy: .startPendingMesocycle)) { try store.completeMesocycle() }
        }
    }

    @Test("today rotates through the days, and a planned session starts with its sets waiting")
    func todayAndPlannedSession() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            _ = try store.createPlan(name: "AB", days: ["A", "B"], activate: true)
            _ = try store.setPlannedExercise(plan: "AB", day: "A", exercise: "Back Squat", try PlanNotation.parse("3x5"))
            _ = try store.setPlannedExercise(plan: "AB", day: "B", exercise: "Deadlift", try PlanNotation.parse("1x5"))
            #expect(try store.today().day.name == "A")
            let started = try store.startPlannedSession(day: nil)
            #expect(started.session.planDay == "A")
            #expect(started.session.entries.first?.sets.map(\.status) == [.pending, .pending, .pending])
            #expect(started.session.entries.first?.sets.first?.targetReps == 5)
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5x3"], defaultUnit: .kg))
            clock.advance(seconds: 3600)
            _ = try store.finish()
            let today = try store.today()
            #expect(today.day.name == "B")
            #expect(today.lastPlanSession?.planDay == "A")
        }
    }
}
