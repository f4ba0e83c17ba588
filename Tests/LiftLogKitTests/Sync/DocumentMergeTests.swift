import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("merging two versions of a store file")
struct DocumentMergeTests {
    private func json(_ text: String) -> JSONValue { try! JSONParser.parse(Array(text.utf8)) }

    /// Merges both ways round and expects the same result without conflicts.
    private func merged(_ base: String?, _ ours: String, _ theirs: String) -> JSONValue? {
        let one = DocumentMerge(base: base.map(json), ours: json(ours), theirs: json(theirs))
        let other = DocumentMerge(base: base.map(json), ours: json(theirs), theirs: json(ours))
        #expect(one.conflicts.isEmpty, "\(one.conflicts)")
        #expect(one.merged == other.merged, "the merge depends on which side is ours")
        return one.merged
    }

    @Test("what one side changed is taken, keys added and removed, unknown keys kept")
    func fields() {
        let result = merged(#"{"a": 1, "b": 2, "c": 3, "x_custom": {"k": 1}}"#,
                            #"{"a": 10, "b": 2, "c": 3, "x_custom": {"k": 1}, "new": true}"#,
                            #"{"a": 1, "b": 2, "x_custom": {"k": 1, "j": 2}}"#)
        #expect(result == json(#"{"a": 10, "b": 2, "new": true, "x_custom": {"j": 2, "k": 1}}"#))
    }

    @Test("sets logged on two devices are united by their IDs, numbered again, in the order they were done")
    func sets() {
        let base = #"{"entries": [{"exercise_name": "Bench Press", "order": 1, "sets": [{"id": "a1", "set_number": 1, "reps": 5, "completed_at": "2025-01-24T07:00:00+01:00"}]}]}"#
        let laptop = #"{"entries": [{"exercise_name": "Bench Press", "order": 1, "sets": [{"id": "a1", "set_number": 1, "reps": 5, "completed_at": "2025-01-24T07:00:00+01:00"}, {"id": "b2", "set_number": 2, "reps": 4, "completed_at": "2025-01-24T07:05:00+01:00"}]}]}"#
        let phone = #"{"entries": [{"exercise_name": "Bench Press", "order": 1, "sets": [{"id": "a1", "set_number": 1, "reps": 6, "completed_at": "2025-01-24T07:00:00+01:00"}, {"id": "c3", "set_number": 2, "reps": 3, "completed_at": "2025-01-24T07:03:00+01:00"}]}, {"exercise_name": "Dip", "order": 2, "sets": []}]}"#
        let result = merged(base, laptop, phone)
        let sets = result?["entries"]?.arrayValue?[0]["sets"]?.arrayValue ?? []
        #expect(sets.map { $0["id"]?.stringValue } == ["a1", "c3", "b2"])
        #expect(sets.map { $0["set_number"] } == [.number(JSONNumber(1)), .number(JSONNumber(2)), .number(JSONNumber(3))])
        #expect(sets[0]["reps"] == .number(JSONNumber(6)))
        #expect(result?["entries"]?.arrayValue?.map { $0["exercise_name"]?.stringValue } == ["Bench Press", "Dip"])
    }

    @Test("a set removed on one side and left alone on the other is removed; changed on the other, it is a conflict")
    func removals() {
        let base = #"{"sets": [{"id": "a", "reps": 5}, {"id": "b", "reps": 5}]}"#
        #expect(merged(base, #"{"sets": [{"id": "a", "reps": 5}]}"#, base) == json(#"{"sets": [{"id": "a", "reps": 5}]}"#))
        let merge = DocumentMerge(base: json(base), ours: json(#"{"sets": [{"id": "a", "reps": 5}]}"#), theirs: json(#"{"sets": [{"id": "a", "reps": 5}, {"id": "b", "reps": 6}]}"#))
        #expect(merge.conflicts == [DocumentMerge.Conflict(path: "sets[1]", base: json(#"{"id": "b", "reps": 5}"#), ours: nil, theirs: json(#"{"id": "b", "reps": 6}"#))])
    }

    @Test("the same exercise created on two devices becomes one: the earlier time, the smaller ID, the muscles given")
    func createdTwice() {
        let laptop = #"{"created_at": "2025-01-24T07:00:00+01:00", "id": "b0000000-0000-4000-8000-000000000000", "is_custom": true, "muscle_groups": ["glutes"], "name": "Hip Airplane"}"#
        let phone = #"{"created_at": "2025-01-24T06:30:00+00:00", "id": "a0000000-0000-4000-8000-000000000000", "is_custom": true, "muscle_groups": [], "name": "Hip Airplane", "notes": "Slow"}"#
        #expect(merged(nil, laptop, phone) == json(#"{"created_at": "2025-01-24T07:00:00+01:00", "id": "a0000000-0000-4000-8000-000000000000", "is_custom": true, "muscle_groups": ["glutes"], "name": "Hip Airplane", "notes": "Slow"}"#))
    }

    @Test("a plan renamed on one device and its day edited on the other keeps both")
    func renamedPlan() {
        let base = #"{"days": [{"exercises": [{"exercise_name": "Back Squat", "sets": 3}], "name": "Day A"}], "name": "Strength"}"#
        let renamed = #"{"days": [{"exercises": [{"exercise_name": "Back Squat", "sets": 3}], "former_names": ["Day A"], "name": "Legs"}], "former_names": ["Strength"], "name": "Power"}"#
        let edited = #"{"days": [{"exercises": [{"exercise_name": "Back Squat", "sets": 5}, {"exercise_name": "Deadlift", "sets": 1}], "name": "Day A"}], "name": "Strength", "notes": "Heavy"}"#
        #expect(merged(base, renamed, edited) == json(#"{"days": [{"exercises": [{"exercise_name": "Back Squat", "sets": 5}, {"exercise_name": "Deadlift", "sets": 1}], "former_names": ["Day A"], "name": "Legs"}], "former_names": ["Strength"], "name": "Power", "notes": "Heavy"}"#))
    }

    @Test("two different edits of one value are a conflict, listed with its path and settled by a side")
    func conflicts() {
        let base = json(#"{"notes": "x", "preferences": {"unit": "kg", "rest_seconds": 90}}"#)
        let ours = json(#"{"notes": "Low bar", "preferences": {"unit": "kg", "rest_seconds": 120}}"#)
        let theirs = json(#"{"notes": "High bar", "preferences": {"unit": "lbs", "rest_seconds": 90}}"#)
        let open = DocumentMerge(base: base, ours: ours, theirs: theirs)
        #expect(open.conflicts == [DocumentMerge.Conflict(path: "notes", base: .string("x"), ours: .string("Low bar"), theirs: .string("High bar"))])
        #expect(open.merged == json(#"{"notes": "Low bar", "preferences": {"unit": "lbs", "rest_seconds": 120}}"#))
        let settled = DocumentMerge(base: base, ours: ours, theirs: theirs) { _ in .theirs }
        #expect(settled.conflicts.isEmpty)
        #expect(settled.merged?["notes"] == .string("High bar"))
    }

    @Test("a merged file is refused when it breaks its kind's rules, and written in canonical form when not")
    func mergedFile() {
        let base = Array(#"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}}}"#.utf8)
        let ours = Array(#"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}}, "notes": "Morning"}"#.utf8)
        let theirs = Array(#"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 800}}}"#.utf8)
        let file = MergedFile(path: "body/2025/2025-01-24-0700-0b8f4d1e.json", base: base, ours: ours, theirs: theirs)
        #expect(file.conflicts.isEmpty)
        #expect(file.problems.map(\.message) == ["measurements.body_weight: body_weight 800 kg is outside 20–400 kg"])
        #expect(!file.isClean)
        let good = MergedFile(path: "body/2025/2025-01-24-0700-0b8f4d1e.json", base: base, ours: ours, theirs: base)
        #expect(good.isClean)
        #expect(good.bytes.map { String(decoding: $0, as: UTF8.self) } == JSONWriter.canonicalString(try! JSONParser.parse(ours)))
        let broken = MergedFile(path: "liftlog.json", base: nil, ours: Array("{".utf8), theirs: ours)
        #expect(broken.problems.first?.message.hasPrefix("this side's version of liftlog.json is not JSON") == true)
    }

    @Test("an exercise or plan added under one name on two devices gets one ID; a name freed by a rename gets a new one")
    func namesGiveIDs() throws {
        try withTemporaryDirectory { root throws in
            let laptop = try Store.create(at: root + "/laptop", seed: false), phone = try Store.create(at: root + "/phone", seed: false)
            let first = try laptop.addExercise(name: "Hip Airplane"), second = try phone.addExercise(name: "hip  airplane ")
            #expect(first.id == second.id)
            #expect(first.id == Exercise.ID.nameBased("exercise:" + Exercise.nameKey("Hip Airplane")))
            #expect(try laptop.createPlan(name: "Strength").plan.id == (try phone.createPlan(name: "STRENGTH").plan.id))
            _ = try laptop.updateExercise(named: "Hip Airplane", { var changes = ExerciseChanges(); changes.name = "Airplane"; return changes }())
            let again = try laptop.addExercise(name: "Hip Airplane")
            #expect(again.id != first.id)
            #expect(try laptop.exerciseFiles().map(\.exercise.id).count == 2)
        }
    }
}
