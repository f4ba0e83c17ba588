import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Exercise library")
struct ExerciseLibraryTests {
    @Test("init seeds the default library, and seeding again adds nothing")
    func seeding() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let count = try store.exercises().count
            #expect(count == 34)
            let before = snapshot(root)
            let report = try store.seed(from: DefaultExercises.json, path: "DefaultExercises.json")
            #expect(report.added.isEmpty)
            #expect(report.skipped.count == 34)
            #expect(snapshot(root) == before)
        }
    }

    @Test("a changed seed file adds only the new names")
    func seedingNewNames() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let file = #"{"exercises": [{"name": "back squat"}, {"name": "Zercher Squat", "modality": "barbell", "muscleGroups": ["Quadriceps"]}]}"#
            let report = try store.seed(from: Array(file.utf8), path: "more.json")
            #expect(report.added == ["Zercher Squat"])
            #expect(try store.exercise(named: "zercher squat").muscleGroups == ["quadriceps"])
        }
    }

    @Test("a malformed seed file is rejected with its location and adds nothing")
    func malformedSeed() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let before = snapshot(root)
            let file = "{\"exercises\": [\n  {\"name\": \"A\"},\n  {\"name\": \"B\", \"modality\": \"laser\"}\n]}"
            #expect(throws: LiftLogError.corruptFile([FileProblem(path: "bad.json", line: 3, column: 29, message: "exercises[1].modality: \"laser\" is not one of barbell, dumbbell, machine, cable, bodyweight, cardio, climb or other", hint: "Use one of the values listed.")])) {
                try store.seed(from: Array(file.utf8), path: "bad.json")
            }
            #expect(throws: LiftLogError.corruptFile([FileProblem(path: "bad.json", line: 1, column: 16, message: "unexpected end of file inside an array; expected ']'", hint: "Fix the JSON syntax at this position.")])) {
                try store.seed(from: Array("{\"exercises\": [".utf8), path: "bad.json")
            }
            #expect(snapshot(root) == before)
        }
    }

    @Test("names are unique case-insensitively and checked for length")
    func nameRules() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let before = snapshot(root)
            #expect(throws: LiftLogError.conflict("An exercise named 'Bench Press' already exists.")) { try store.addExercise(name: "bench press") }
            #expect(throws: LiftLogError.validation("Exercise name cannot be empty.")) { try store.addExercise(name: "") }
            #expect(throws: LiftLogError.validation("Exercise name is 101 characters long; the limit is 100.")) { try store.addExercise(name: String(repeating: "x", count: 101)) }
            #expect(throws: LiftLogError.validation("Weight increment must be positive, got 0.")) { try store.addExercise(name: "Sled", weightIncrement: 0) }
            #expect(snapshot(root) == before)
        }
    }

    @Test("a name that looks like a path stays a name")
    func pathLikeName() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let exercise = try store.addExercise(name: "../../etc/x")
            #expect(allFiles(in: root) .contains("store/exercises/etc-x.json"))
            #expect(try store.exercise(named: "../../etc/x").id == exercise.id)
        }
    }

    @Test("renaming moves the file; deleting an exercise a plan uses is refused")
    func renameAndDelete() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            try store.updateExercise(named: "Back Squat", ExerciseChanges(name: "High-Bar Squat", weightIncrement: 2.5))
            #expect(allFiles(in: root + "/store/exercises").contains("high-bar-squat.json"))
            #expect(!allFiles(in: root + "/store/exercises").contains("back-squat.json"))
            #expect(try store.exercise(named: "high-bar squat").weightIncrement == 2.5)
            let plan = TrainingPlan(id: TrainingPlan.ID.nameBased("p"), name: "5x5", days: [TrainingPlan.Day(name: "A", exercises: [TrainingPlan.PlannedExercise(exerciseName: "Deadlift", sets: 1, reps: "5")])])
            try store.files.save(plan, to: "plans/5x5.json")
            #expect(throws: LiftLogError.conflict("Cannot delete exercise that is used in a plan ('5x5').")) { try store.deleteExercise(named: "deadlift") }
            try store.deleteExercise(named: "Plank")
            #expect(throws: LiftLogError.notFound("No exercise named 'Plank'.", suggestions: [])) { try store.exercise(named: "Plank") }
        }
    }

    @Test("searches by name, ranking exact, prefix and substring matches, and by muscle")
    func search() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let all = try store.exercises()
            #expect(ExerciseSearch(text: "squat").apply(to: all).map(\.name).prefix(2) == ["Back Squat", "Front Squat"])
            #expect(ExerciseSearch(text: "deadlift").apply(to: all).map(\.name).first == "Deadlift")
            #expect(ExerciseSearch(muscle: "glutes").apply(to: all).allSatisfy { $0.muscleGroups.contains("glutes") })
            #expect(ExerciseSearch(modality: .cable).apply(to: all).count == 6)
        }
    }

    @Test("ranks exact > prefix > word prefix > substring > muscle > close spelling, any case and spacing, ASCII or not")
    func ranking() {
        func exercise(_ name: String, _ muscles: [String] = []) -> Exercise {
            Exercise(id: .random(), name: name, muscleGroups: muscles)
        }
        let library = [
            exercise("Zercher Squat"), exercise("Squat"), exercise("Squat Jump"), exercise("Hack Squat Machine"),
            exercise("Assquatting Drill"), exercise("Leg Press", ["squat pattern"]), exercise("Sqat"),
            exercise("Élévation Latérale", ["épaules"]), exercise("Développé Couché"), exercise("Row"),
        ]
        #expect(ExerciseSearch(text: "  SQUAT ").apply(to: library).map(\.name) == [
            "Squat", "Squat Jump", "Hack Squat Machine", "Zercher Squat", "Assquatting Drill", "Leg Press", "Sqat",
        ])
        #expect(ExerciseSearch(text: "hack  squat").apply(to: library).map(\.name) == ["Hack Squat Machine"])
        #expect(ExerciseSearch(text: "ÉLÉV").apply(to: library).map(\.name) == ["Élévation Latérale"])
        #expect(ExerciseSearch(text: "couché").apply(to: library).map(\.name) == ["Développé Couché"])
        #expect(ExerciseSearch(text: "épaules").apply(to: library).map(\.name) == ["Élévation Latérale"])
        #expect(ExerciseSearch(text: "devloppé").apply(to: library).map(\.name) == ["Développé Couché"])
        #expect(ExerciseSearch(text: "xyz").apply(to: library).isEmpty)
        #expect(ExerciseSearch().apply(to: library).map(\.name).first == "Assquatting Drill")
    }
}
