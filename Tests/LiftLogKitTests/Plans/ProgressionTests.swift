import Testing
@testable import LiftLogKit

@Suite("plan notation, rotation and the progression rule")
struct ProgressionTests {
    @Test("plan notation", arguments: [
        ("5x5", 5, "5"), ("3x8-12", 3, "8-12"), ("3X8-8", 3, "8"), ("2×AMRAP", 2, "AMRAP"), (" 4xamrap ", 4, "AMRAP"), ("20x100", 20, "100"),
    ])
    func notation(text: String, sets: Int, reps: String) throws {
        #expect(try PlanNotation.parse(text) == PlanNotation(sets: sets, reps: reps))
    }

    @Test("malformed plan notation", arguments: ["", "x", "3", "3x", "x5", "3x5x2", "-1x5", "21x5", "3x101", "3x-5", "3x5-", "3x8--12", "3x12-8", "3x1.5", "threex5"])
    func malformed(text: String) {
        #expect(throws: LiftLogError.self) { try PlanNotation.parse(text) }
    }

    @Test("target reps are the top of the range")
    func targetReps() {
        #expect(TrainingPlan.PlannedExercise(exerciseName: "A", sets: 3, reps: "8-12").targetReps == 12)
        #expect(TrainingPlan.PlannedExercise(exerciseName: "A", sets: 3, reps: "5").targetReps == 5)
        #expect(TrainingPlan.PlannedExercise(exerciseName: "A", sets: 3, reps: "AMRAP").targetReps == nil)
    }

    @Test("the next day follows the last one and wraps around")
    func rotation() {
        let plan = TrainingPlan(id: .random(), name: "P", days: ["A", "B", "C"].map { TrainingPlan.Day(name: $0) })
        #expect(Store.nextDayIndex(in: plan, after: nil) == 0)
        #expect(Store.nextDayIndex(in: plan, after: "a") == 1)
        #expect(Store.nextDayIndex(in: plan, after: "B") == 2)
        #expect(Store.nextDayIndex(in: plan, after: "C") == 0)
        #expect(Store.nextDayIndex(in: plan, after: "Removed day") == 0)
    }

    private func entry(_ sets: [WorkoutSet]) -> Session.Entry {
        Session.Entry(exerciseID: nil, exerciseName: "Squat", order: 1, sets: sets)
    }

    @Test("weeks: +increment after a hit, hold after a miss, hold through a week off")
    func weeks() {
        let planned = TrainingPlan.PlannedExercise(exerciseName: "Squat", sets: 3, reps: "5")
        let hit = entry((1...3).map { WorkoutSet(setNumber: $0, weight: 100, unit: .kg, reps: 5) })
        // Pounds: 225 lb = 102.06 kg, short one rep on the last set.
        let miss = entry([WorkoutSet(setNumber: 1, weight: 225, unit: .lbs, reps: 5), WorkoutSet(setNumber: 2, weight: 225, unit: .lbs, reps: 5),
                          WorkoutSet(setNumber: 3, weight: 225, unit: .lbs, reps: 4)])
        let planned102 = entry((1...3).map { WorkoutSet(setNumber: $0, unit: .kg, reps: $0 == 3 ? 6 : 5, targetReps: 5, targetWeight: 102.5) })
        let weeks = Progression.weeks(5, planned: planned, entries: [1: [hit], 2: [miss], 4: [planned102]], startWeight: 95, increment: 2.5, unit: .kg)
        #expect(weeks.map(\.targetWeight) == [95, 97.5, 97.5, 102.5, 102.5])
        #expect(weeks.map(\.performedWeight) == [100, 102.06, nil, nil, nil])
        // Week 1 hit at 100 ≥ 95: +2.5 on the target. Week 2: missed, holds. Week 3: no session,
        // holds. Week 4: the sets carry their own target (102.5 × 5), which is the week's; they
        // have no weight, and bodyweight does not reach 102.5: a miss, so week 5 stays at 102.5.
        #expect(weeks.map(\.hit) == [true, false, nil, false, nil])
        #expect(weeks.map(\.sessions) == [1, 1, 0, 1, 0])
    }

    @Test("sets with targets are judged against them; warm-ups and skipped sets do not hit")
    func targetedSets() {
        let planned = TrainingPlan.PlannedExercise(exerciseName: "Squat", sets: 2, reps: "8-12")
        var sets = [WorkoutSet(setNumber: 1, setType: .warmup, weight: 40, unit: .kg, reps: 5, targetReps: 12),
                    WorkoutSet(setNumber: 2, weight: 60, unit: .kg, reps: 12, targetReps: 12, targetWeight: 60),
                    WorkoutSet(setNumber: 3, weight: 60, unit: .kg, reps: 12, targetReps: 12, targetWeight: 60)]
        #expect(Progression.hitEveryTarget(entry(sets), planned: planned, weight: 60, unit: .kg))
        sets[2].status = .skipped
        #expect(!Progression.hitEveryTarget(entry(sets), planned: planned, weight: 60, unit: .kg))
        // A target is in its set's unit: 132.28 lb is 60 kg, and 130 lb falls short of it.
        sets[2] = WorkoutSet(setNumber: 3, weight: 130, unit: .lbs, reps: 12, targetReps: 12, targetWeight: 132.28)
        #expect(!Progression.hitEveryTarget(entry(sets), planned: planned, weight: 60, unit: .kg))
        sets[2].weight = 132.5
        #expect(Progression.hitEveryTarget(entry(sets), planned: planned, weight: 60, unit: .kg))
        // Logged without targets: needs 2 working sets of 12 at 60 or more.
        let free = entry([WorkoutSet(setNumber: 1, weight: 60, unit: .kg, reps: 12), WorkoutSet(setNumber: 2, weight: 62.5, unit: .kg, reps: 12)])
        #expect(Progression.hitEveryTarget(free, planned: planned, weight: 60, unit: .kg))
        #expect(!Progression.hitEveryTarget(free, planned: planned, weight: 62.5, unit: .kg))
        // AMRAP has no target reps: it never progresses by itself.
        #expect(!Progression.hitEveryTarget(free, planned: TrainingPlan.PlannedExercise(exerciseName: "Squat", sets: 2, reps: "AMRAP"), weight: 60, unit: .kg))
    }
}
