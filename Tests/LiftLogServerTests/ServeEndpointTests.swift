import Testing
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

/// The endpoint table of `liftlog serve` beyond the core lifecycle: sets by ID, changing and
/// skipping workouts, the calendar in a client's offset, the library, plans and mesocycles.
@Suite("The HTTP API's endpoints")
struct ServeEndpointTests {
    private func sets(_ reply: ServerProcess.Reply, entry: Int = 0) -> [JSONValue] {
        reply.json?["data"]?["entries"]?.arrayValue?[entry]["sets"]?.arrayValue ?? []
    }

    /// The session file on disk, parsed.
    private func onDisk(_ store: String, _ reply: ServerProcess.Reply) -> JSONValue? {
        guard let path = reply.json?["data"]?["path"]?.stringValue, let text = readText(store + "/" + path) else { return nil }
        return try? JSONParser.parse(Array(text.utf8))
    }

    @Test("a set whose weight and reps read as swapped against the last session is logged as sent, with a warning the client can ask about")
    func swappedNumbers() throws {
        try ServerProcess.withServer { server, _ in
            let first = server.request("POST", "/api/workouts", body: #"{"started_at": "2025-01-20T07:00:00Z"}"#)
            let firstID = try #require(first.json?["data"]?["id"]?.stringValue, "\(first.body)")
            #expect(server.request("POST", "/api/workouts/\(firstID)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5", "100x5"]}"#).status == 201)
            #expect(server.request("PUT", "/api/workouts/\(firstID)/complete").status == 200)
            let second = try #require(server.request("POST", "/api/workouts", body: "{}").json?["data"]?["id"]?.stringValue)
            let swapped = server.request("POST", "/api/workouts/\(second)/sets", body: #"{"exercise": "Back Squat", "weight": 5, "reps": 100}"#)
            #expect(swapped.status == 201, "\(swapped.body)")
            #expect(swapped.json?["data"]?["warnings"] == [.string("5 kg × 100 reads like 100 kg × 5 with its numbers swapped.")], "\(swapped.body)")
            let right = server.request("POST", "/api/workouts/\(second)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5"]}"#)
            #expect(right.status == 201 && right.json?["data"]?["warnings"] == nil, "\(right.body)")
        }
    }

    @Test("sets by their IDs: planned sets logged, skipped, un-logged, changed and removed; IDs survive rewrites; a client's request ID names its set")
    func setsByID() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("POST", "/api/plans", body: #"{"name": "Strength", "days": ["A", "B"], "active": true}"#).status == 201)
            let planned = server.request("POST", "/api/plans/Strength/days/A/exercises", body: #"{"exercise": "Back Squat", "scheme": "3x5"}"#)
            #expect(planned.status == 201 && planned.json?["data"]?["scheme"] == "3x5", "\(planned.body)")
            let id = "7a000000-0000-4000-8000-000000000001"
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\", \"plan_day\": \"next\"}")
            #expect(started.status == 201 && started.json?["data"]?["plan_day"] == "A", "\(started.body)")
            let pending = sets(started)
            #expect(pending.count == 3 && pending.allSatisfy { $0["status"] == "pending" })
            let refs = pending.compactMap { $0["set_id"]?.stringValue }
            #expect(refs.count == 3 && Set(refs).count == 3 && refs.allSatisfy { $0.hasPrefix(id + ".") })

            let logged = server.request("PUT", "/api/workout-sets/\(refs[0])/log", body: #"{"weight": 100, "reps": 5}"#)
            // Each answers with the set, as the seed API's client reads it.
            let done = logged.json?["data"]
            #expect(logged.status == 200 && done?["status"] == "completed" && done?["weight"] == 100 && done?["actual_weight"] == 100 && done?["actual_reps"] == 5
                    && done?["target_reps"] == 5 && done?["set_id"] == .string(refs[0]) && done?["workout_id"] == .string(id), "\(logged.body)")
            let skipped = server.request("PUT", "/api/workout-sets/\(refs[1])/skip")
            #expect(skipped.status == 200 && skipped.json?["data"]?["status"] == "skipped" && skipped.json?["data"]?["actual_reps"] == nil)
            let unlogged = server.request("PUT", "/api/workout-sets/\(refs[1])/unlog")
            #expect(unlogged.json?["data"]?["status"] == "pending")
            #expect(sets(server.request("GET", "/api/workouts/\(id)")).map { $0["status"] } == ["completed", "pending", "pending"])
            let changed = server.request("PUT", "/api/workout-sets/\(refs[0])", body: #"{"rpe": 8.5, "notes": "belt"}"#)
            #expect(sets(changed)[0]["rpe"] == 8.5 && sets(changed)[0]["notes"] == "belt" && sets(changed)[0]["set_id"] == .string(refs[0]))
            // null removes a value the set had; given and removed at once is refused, nothing changed.
            let cleared = server.request("PUT", "/api/workout-sets/\(refs[0])", body: #"{"rpe": null}"#)
            #expect(cleared.status == 200 && sets(cleared)[0]["rpe"] == nil && sets(cleared)[0]["notes"] == "belt", "\(cleared.body)")
            #expect(onDisk(store, cleared)?["entries"]?.arrayValue?[0]["sets"]?.arrayValue?[0]["rpe"] == nil)
            // Logging by notation completes the next planned set: its ID stays.
            let byNotation = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5"], "request_id": "r-1"}"#)
            #expect(byNotation.status == 201 && byNotation.json?["data"]?["logged_set_ids"] == .array([.string(refs[1])]), "\(byNotation.body)")
            // An extra set logged with a client's request ID is known by it before the server answers.
            let extra = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["80x8", "80x8"], "request_id": "c0ffee01-aaaa-4bbb-8ccc-000000000001"}"#)
            #expect(extra.json?["data"]?["logged_set_ids"]?.arrayValue?.count == 2)
            // The first completes the last planned set (its ID stays); the second is new and takes the request's ID.
            #expect(extra.json?["data"]?["logged_set_ids"] == .array([.string(refs[2]), .string(id + ".c0ffee01-aaaa-4bbb-8ccc-000000000001")]), "\(extra.body)")
            let own = server.request("GET", "/api/workout-sets/\(id).c0ffee01-aaaa-4bbb-8ccc-000000000001")
            #expect(own.status == 200 && own.json?["data"]?["exercise_name"] == "Back Squat" && own.json?["data"]?["session_id"] == .string(id), "\(own.body)")
            // Removing the first set renumbers the others; their IDs stay.
            let removed = server.request("DELETE", "/api/workout-sets/\(refs[0])")
            #expect(removed.status == 200 && sets(removed).count == 3 && sets(removed)[0]["set_id"] == .string(refs[1]) && sets(removed)[0]["set_number"] == 1, "\(removed.body)")
            #expect(server.request("GET", "/api/workout-sets/\(refs[0])").status == 404)
            // The file holds the IDs; a set written by hand without one is named by position.
            let disk = try #require(onDisk(store, removed))
            let diskSets = disk["entries"]?.arrayValue?[0]["sets"]?.arrayValue ?? []
            #expect(diskSets.map { $0["id"] } == sets(removed).map { $0["id"] } && diskSets[0]["id"] != nil && diskSets[0]["set_id"] == nil)
            let path = try #require(removed.json?["data"]?["path"]?.stringValue)
            let text = try #require(readText(store + "/" + path))
            let firstID = try #require(diskSets[0]["id"]?.stringValue)
            writeText(text.replacingOccurrences(of: "\"id\": \"\(firstID)\",\n", with: ""), to: store + "/" + path)
            let positional = server.request("GET", "/api/workout-sets/\(id).e1s1")
            #expect(positional.status == 200 && positional.json?["data"]?["set_id"] == .string(id + ".e1s1"), "\(positional.body)")
            // Bad references.
            let malformed = server.request("GET", "/api/workout-sets/nonsense")
            #expect(malformed.status == 400 && malformed.json?["error"]?["message"]?.stringValue?.hasPrefix("'nonsense' is not a set ID") == true)
            let missing = server.request("PUT", "/api/workout-sets/\(id).nope/log")
            #expect(missing.status == 404 && missing.json?["error"]?["message"] == "Session 7a000000 has no set 'nope'.", "\(missing.body)")
            let empty = server.request("PUT", "/api/workout-sets/\(refs[2])", body: "{}")
            #expect(empty.status == 400 && empty.json?["error"]?["code"] == "VALIDATION_ERROR")
            let badValue = server.request("PUT", "/api/workout-sets/\(refs[2])", body: #"{"reps": -3}"#)
            #expect(badValue.status == 400 && badValue.json?["error"]?["message"] == "Reps cannot be negative, found -3.", "\(badValue.body)")
            let wrongType = server.request("PUT", "/api/workout-sets/\(refs[2])", body: #"{"reps": "five"}"#)
            #expect(wrongType.status == 400 && wrongType.json?["error"]?["message"] == "reps must be a number.")
        }
    }

    @Test("a workout's fields change through PUT (a new start moves its file); start, skip and complete; the calendar in the client's offset")
    func workouts() throws {
        try ServerProcess.withServer { server, store in
            let id = "7b000000-0000-4000-8000-000000000001"
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\", \"started_at\": \"2025-01-31T22:30:00+01:00\"}")
            #expect(started.status == 201)
            _ = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5"]}"#)
            _ = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Bench Press", "sets": ["80x5"]}"#)
            let reordered = server.request("PUT", "/api/workouts/\(id)", body: #"{"order": [2, 1], "notes": "late one"}"#)
            #expect(reordered.status == 200 && reordered.json?["data"]?["entries"]?.arrayValue?.map { $0["exercise_name"] } == ["Bench Press", "Back Squat"], "\(reordered.body)")
            #expect(reordered.json?["data"]?["notes"] == "late one")
            let badOrder = server.request("PUT", "/api/workouts/\(id)", body: #"{"order": [1, 1]}"#)
            #expect(badOrder.status == 400 && badOrder.json?["error"]?["message"] == "order must list each of the 2 exercises' positions (1–2) once, got 1, 1.")
            #expect(server.request("PUT", "/api/workouts/\(id)/start").status == 200)
            let skipRefused = server.request("PUT", "/api/workouts/\(id)/skip")
            #expect(skipRefused.status == 409 && skipRefused.json?["error"]?["message"] == "Session 7b000000 has 2 logged sets; complete it instead of skipping it.")
            let done = server.request("PUT", "/api/workouts/\(id)/complete", body: #"{"completed_at": "2025-01-31T23:40:00+01:00", "session_rpe": 4}"#)
            #expect(done.status == 200 && done.json?["data"]?["status"] == "completed")
            let restart = server.request("PUT", "/api/workouts/\(id)/start")
            #expect(restart.status == 409 && restart.json?["error"]?["code"] == "CONFLICT")
            // The calendar: in the session's own offset it is the 31st; a phone at +05:00 sees the 1st of February.
            #expect(server.request("GET", "/api/calendar/2025/01").json?["data"]?["days"] == ["2025-01-31": ["lifting"]])
            #expect(server.request("GET", "/api/calendar/2025/01?tz=%2B05:00").json?["data"]?["days"] == [:])
            #expect(server.request("GET", "/api/calendar/2025/02?tz=%2B05:00").json?["data"]?["days"] == ["2025-02-01": ["lifting"]])
            #expect(server.request("GET", "/api/calendar/2025/01?tz=-08:00").json?["data"]?["days"] == ["2025-01-31": ["lifting"]])
            let badZone = server.request("GET", "/api/calendar/2025/01?tz=Europe/Paris")
            #expect(badZone.status == 400 && badZone.json?["error"]?["message"] == "tz must be a UTC offset such as +01:00, -05:30 or Z, or minutes east of UTC such as 60 or -300, got 'Europe/Paris'.", "\(badZone.body)")
            // A new start moves the file to its new day; the CLI finds it there.
            let moved = server.request("PUT", "/api/workouts/\(id)", body: #"{"started_at": "2025-01-30T18:00:00+01:00", "completed_at": "2025-01-30T19:00:00+01:00"}"#)
            #expect(moved.status == 200 && moved.json?["data"]?["path"] == "sessions/2025/01/2025-01-30-1800-7b000000.json", "\(moved.body)")
            #expect(allFiles(in: store + "/sessions") == ["2025/01/2025-01-30-1800-7b000000.json"])
            #expect(runBinary(["show", "7b000000", "--store", store, "--json"]).json?["data"]?["started_at"] == "2025-01-30T18:00:00+01:00")
            let backwards = server.request("PUT", "/api/workouts/\(id)", body: #"{"completed_at": "2025-01-29T19:00:00+01:00"}"#)
            #expect(backwards.status == 400 && backwards.json?["error"]?["code"] == "VALIDATION_ERROR")

            // Skipping a planned day: every planned set skipped, the rotation moves on.
            let lifted = try #require(server.request("GET", "/api/stats").json?["data"]?["lifting"]?["total_sessions"])
            #expect(server.request("POST", "/api/plans", body: #"{"name": "Split", "days": ["Upper", "Lower"], "active": true}"#).status == 201)
            _ = server.request("POST", "/api/plans/Split/days/1/exercises", body: #"{"exercise": "Bench Press", "scheme": "3x8-12"}"#)
            #expect(server.request("GET", "/api/today").json?["data"]?["next"]?["day"] == "Upper")
            let planned = server.request("POST", "/api/workouts", body: #"{"plan_day": "next"}"#)
            let plannedID = try #require(planned.json?["data"]?["id"]?.stringValue)
            let skipped = server.request("PUT", "/api/workouts/\(plannedID)/skip")
            #expect(skipped.status == 200 && sets(skipped).allSatisfy { $0["status"] == "skipped" } && sets(skipped).count == 3, "\(skipped.body)")
            #expect(skipped.json?["data"]?["status"] == "skipped")
            let today = server.request("GET", "/api/today")
            #expect(today.json?["data"]?["next"]?["day"] == "Lower" && today.json?["data"]?["active"] == .null)
            // Shown as skipped, and never counted as training.
            let history = runBinary(["history", "--store", store])
            #expect(history.output.contains("lifting (skipped)"), "\(history.output)")
            #expect(server.request("GET", "/api/stats").json?["data"]?["lifting"]?["total_sessions"] == lifted)
            let day = String(try #require(skipped.json?["data"]?["started_at"]?.stringValue).prefix(10))
            let month = server.request("GET", "/api/calendar/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))").json?["data"]
            #expect(month?["skipped"] == [.string(day)] && month?["days"]?[day] == nil, "\(String(describing: month))")
        }
    }

    @Test("the exercise library: add, search, change, chart, delete")
    func exercises() throws {
        try ServerProcess.withServer { server, store in
            let added = server.request("POST", "/api/exercises", body: #"{"name": "Zercher Squat", "modality": "barbell", "muscle_groups": ["quadriceps"]}"#)
            #expect(added.status == 201 && added.json?["data"]?["name"] == "Zercher Squat", "\(added.body)")
            let twice = server.request("POST", "/api/exercises", body: #"{"name": "zercher squat"}"#)
            #expect(twice.status == 409 && twice.json?["error"]?["code"] == "CONFLICT")
            let badModality = server.request("POST", "/api/exercises", body: #"{"name": "X", "modality": "rocket"}"#)
            #expect(badModality.status == 400 && badModality.json?["error"]?["message"]?.stringValue?.hasPrefix("modality must be barbell, dumbbell") == true)
            #expect(server.request("GET", "/api/exercises?q=zerch").json?["data"]?["exercises"]?.arrayValue?.first?["name"] == "Zercher Squat")
            let id = try #require(added.json?["data"]?["id"]?.stringValue)
            let renamed = server.request("PUT", "/api/exercises/\(id)", body: #"{"name": "Zercher Squat (paused)", "rest_seconds": 150}"#)
            #expect(renamed.status == 200 && renamed.json?["data"]?["name"] == "Zercher Squat (paused)" && renamed.json?["data"]?["rest_seconds"] == 150, "\(renamed.body)")
            #expect(runBinary(["exercise", "show", "Zercher Squat (paused)", "--store", store]).status == 0)
            // Aliases of its own: every lookup finds it by them; another's name is refused, as is a key the request does not take.
            let aliased = server.request("PUT", "/api/exercises/\(id)", body: #"{"aliases": ["zs", "Zerch"]}"#)
            #expect(aliased.status == 200 && aliased.json?["data"]?["aliases"] == ["zs", "Zerch"], "\(aliased.body)")
            #expect(server.request("GET", "/api/exercises/zs").json?["data"]?["id"] == .string(id))
            #expect(server.request("GET", "/api/exercises?q=zerch").json?["data"]?["exercises"]?.arrayValue?.first?["id"] == .string(id))
            let taken = server.request("PUT", "/api/exercises/\(id)", body: #"{"aliases": ["zs", "back squat"]}"#)
            #expect(taken.status == 409 && taken.json?["error"]?["message"] == "The alias 'back squat' is already the name of Back Squat.", "\(taken.body)")
            let misspelt = server.request("PUT", "/api/exercises/\(id)", body: #"{"alias": ["zs"]}"#)
            #expect(misspelt.status == 400 && misspelt.json?["error"]?["message"]?.stringValue?.hasPrefix("Unknown field \"alias\". Did you mean \"aliases\"?") == true, "\(misspelt.body)")
            #expect(runBinary(["exercise", "show", "zerch", "--store", store, "--json"]).json?["data"]?["aliases"] == ["zs", "Zerch"])
            // The weights it is set to (a machine's stack): kept, and refused out of order.
            let stack = server.request("PUT", "/api/exercises/\(id)", body: #"{"loads": [5, 10, 15, 20]}"#)
            #expect(stack.status == 200 && stack.json?["data"]?["loads"] == [5, 10, 15, 20], "\(stack.body)")
            let unordered = server.request("PUT", "/api/exercises/\(id)", body: #"{"loads": [10, 5]}"#)
            #expect(unordered.status == 400 && unordered.json?["error"]?["message"] == "Loads go lightest first, each once: 5 comes after 10.", "\(unordered.body)")
            let words = server.request("PUT", "/api/exercises/\(id)", body: #"{"loads": ["heavy"]}"#)
            #expect(words.status == 400 && words.json?["error"]?["message"] == "loads must be a list of numbers.", "\(words.body)")
            let none = server.request("GET", "/api/exercises/\(id)/chart.svg")
            #expect(none.status == 404 && none.json?["error"]?["code"] == "NOT_FOUND")
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "--store", store, "Zercher Squat (paused)", "80x5"]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let chart = server.request("GET", "/api/exercises/Zercher%20Squat%20(paused)/chart.svg?metric=weight")
            #expect(chart.status == 200 && chart.header("Content-Type") == "image/svg+xml; charset=utf-8" && chart.body.hasPrefix("<svg") && chart.body.contains("PR 80 kg"), "\(chart.head)")
            let badMetric = server.request("GET", "/api/exercises/\(id)/chart.svg?metric=speed")
            #expect(badMetric.status == 400 && badMetric.json?["error"]?["message"]?.stringValue?.hasPrefix("metric must be e1rm, weight") == true)
            let deleted = server.request("DELETE", "/api/exercises/\(id)")
            #expect(deleted.status == 200 || deleted.status == 409, "\(deleted.body)")
            #expect(server.request("GET", "/api/exercises/not-an-exercise").status == 404)
        }
    }

    @Test("plans, days and planned exercises: full CRUD; mesocycles created, started, completed")
    func plansAndMesocycles() throws {
        try ServerProcess.withServer { server, store in
            let created = server.request("POST", "/api/plans", body: #"{"name": "PPL", "days": ["Push", "Pull"], "days_per_week": 3}"#)
            #expect(created.status == 201 && created.json?["data"]?["days_per_week"] == 3)
            #expect(server.request("POST", "/api/plans", body: #"{"name": "ppl"}"#).status == 409)
            let day = server.request("POST", "/api/plans/PPL/days", body: #"{"name": "Legs", "position": 1}"#)
            #expect(day.status == 201 && day.json?["data"]?["position"] == 1, "\(day.body)")
            #expect(server.request("GET", "/api/plans/PPL/days").json?["data"]?["days"]?.arrayValue?.map { $0["name"] } == ["Legs", "Push", "Pull"])
            let moved = server.request("PUT", "/api/plans/PPL/days/Legs", body: #"{"position": 3}"#)
            #expect(moved.json?["data"]?["days"]?.arrayValue?.map { $0["name"] } == ["Push", "Pull", "Legs"])
            // A weekly schedule: a day on weekdays; a weekday another day has, or a word that is no weekday, is refused and changes nothing.
            let scheduled = server.request("PUT", "/api/plans/PPL/days/Push", body: #"{"weekdays": ["thu", "Monday"]}"#)
            #expect(scheduled.status == 200 && scheduled.json?["data"]?["days"]?.arrayValue?.first?["weekdays"] == ["mon", "thu"], "\(scheduled.body)")
            let before = server.request("GET", "/api/plans/PPL").body
            let taken = server.request("PUT", "/api/plans/PPL/days/Legs", body: #"{"weekdays": ["thu"], "name": "Lower"}"#)
            #expect(taken.status == 409 && taken.json?["error"]?["message"] == "Thursday is already the day of 'Push' in plan 'PPL': a weekday has one day of the plan.", "\(taken.body)")
            let notADay = server.request("PUT", "/api/plans/PPL/days/Legs", body: #"{"weekdays": ["caturday"]}"#)
            #expect(notADay.status == 400 && notADay.json?["error"]?["message"] == "'caturday' is not a day of the week: write mon, tue, wed, thu, fri, sat or sun.", "\(notADay.body)")
            #expect(server.request("GET", "/api/plans/PPL").body == before)
            #expect(server.request("GET", "/api/plans/PPL/days/Push").json?["data"]?["weekdays"] == ["mon", "thu"])
            #expect(server.request("PUT", "/api/plans/PPL/days/Push", body: #"{"weekdays": []}"#).json?["data"]?["days"]?.arrayValue?.first?["weekdays"] == nil)
            #expect(server.request("POST", "/api/plans/PPL/days/Push/exercises", body: #"{"exercise": "Bench Press", "scheme": "4x6-8"}"#).status == 201)
            let changed = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"scheme": "5x5"}"#)
            #expect(changed.status == 200 && changed.json?["data"]?["sets"] == 5 && changed.json?["data"]?["reps"] == "5")
            // A load and a progression rule; a broken rule is 400 with its column; an empty one removes it.
            let ruled = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"scheme": "3x8-12", "load": "60kg", "progress": "dp(2.5kg, 8, 12)"}"#)
            #expect(ruled.status == 200 && ruled.json?["data"]?["load"] == "60kg" && ruled.json?["data"]?["progress"] == "dp(2.5kg, 8, 12)", "\(ruled.body)")
            let badRule = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"progress": "dp(2.5kg, 12)"}"#)
            #expect(badRule.status == 400 && badRule.json?["error"]?["message"] == "progress 'dp(2.5kg, 12)', column 1: expected dp(INCREMENT, MIN, MAX), such as dp(2.5kg, 8, 12).", "\(badRule.body)")
            let unruled = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"progress": ""}"#)
            #expect(unruled.json?["data"]?["progress"] == .null && unruled.json?["data"]?["load"] == "60kg" && unruled.json?["data"]?["scheme"] == "3x8-12")
            // Sets one by one, in the store's unit: back-off sets.
            let backOff = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"scheme": "100x3, 80x8, 80x8", "load": ""}"#)
            #expect(backOff.status == 200 && backOff.json?["data"]?["scheme"] == "100kgx3, 80kgx8, 80kgx8" && backOff.json?["data"]?["sets"] == 3, "\(backOff.body)")
            let ruledBackOff = server.request("PUT", "/api/plans/PPL/days/1/exercises/Bench%20Press", body: #"{"progress": "lp(2.5kg)"}"#)
            #expect(ruledBackOff.status == 400 && ruledBackOff.json?["error"]?["message"] == "Sets planned one by one are done as written: a progression rule beside them would change them.", "\(ruledBackOff.body)")
            let badScheme = server.request("POST", "/api/plans/PPL/days/1/exercises", body: #"{"exercise": "Bench Press", "scheme": "lots"}"#)
            #expect(badScheme.status == 400 && badScheme.json?["error"]?["code"] == "VALIDATION_ERROR")
            #expect(server.request("GET", "/api/plans/PPL/days/1/exercises").json?["data"]?["exercises"]?.arrayValue?.count == 1)
            #expect(server.request("DELETE", "/api/plans/PPL/days/1/exercises/Bench%20Press").json?["data"]?["days"]?.arrayValue?[0]["exercises"] == [])
            #expect(server.request("GET", "/api/plans/PPL/days/9").status == 404)
            #expect(server.request("DELETE", "/api/plans/PPL/days/Legs").json?["data"]?["days"]?.arrayValue?.count == 2)
            let activated = server.request("PUT", "/api/plans/PPL", body: #"{"active": true}"#)
            #expect(activated.json?["data"]?["is_active"] == true || activated.json?["data"]?["active"] == true, "\(activated.body)")
            #expect(runBinary(["plan", "show", "--store", store, "--json"]).json?["data"]?["name"] == "PPL")

            let noExercises = server.request("POST", "/api/mesocycles", body: #"{"plan": "PPL", "start_date": "2025-02-03", "weeks": 4}"#)
            #expect(noExercises.status == 400 && noExercises.json?["error"]?["message"] == "Plan 'PPL' has no planned exercises yet. Add some with POST /api/plans/PPL/days/DAY/exercises.", "\(noExercises.body)")
            #expect(server.request("POST", "/api/plans/PPL/days/Pull/exercises", body: #"{"exercise": "Deadlift", "scheme": "1x5"}"#).status == 201)
            let meso = server.request("POST", "/api/mesocycles", body: #"{"plan": "PPL", "start_date": "2025-02-03", "weeks": 4}"#)
            #expect(meso.status == 201 && meso.json?["data"]?["status"] == "pending", "\(meso.body)")
            let mesoID = try #require(meso.json?["data"]?["id"]?.stringValue)
            #expect(server.request("PUT", "/api/mesocycles/\(mesoID)/complete").status == 409)
            #expect(server.request("PUT", "/api/mesocycles/\(mesoID)/start").json?["data"]?["status"] == "active")
            #expect(server.request("GET", "/api/mesocycles/active").json?["data"]?["weeks"]?.arrayValue?.count == 4)
            #expect(server.request("GET", "/api/mesocycles").json?["data"]?["mesocycles"]?.arrayValue?.count == 1)
            #expect(server.request("PUT", "/api/mesocycles/\(mesoID)/complete").json?["data"]?["status"] == "completed")
            let cancel = server.request("PUT", "/api/mesocycles/\(mesoID)/cancel")
            #expect(cancel.status == 409 && cancel.json?["error"]?["message"] == "That mesocycle is already completed.")
            #expect(server.request("GET", "/api/mesocycles/active").json?["data"] == .null)
            #expect(server.request("DELETE", "/api/plans/PPL").status == 200 && server.request("GET", "/api/plans").json?["data"]?["plans"] == [])
        }
    }

    @Test("POST /api/workouts with like repeats a session as start --like does; a retry starts nothing more; what it refuses changes nothing")
    func startLike() throws {
        try ServerProcess.withServer { server, store in
            let none = server.request("POST", "/api/workouts", body: #"{"like": "last"}"#)
            #expect(none.status == 404 && none.json?["error"]?["message"]?.stringValue?.hasPrefix("No sessions yet.") == true, "\(none.body)")
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Back Squat", "w:60x5", "100x5", "100x4", "--store", store]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let cliStarted = try #require(runBinary(["start", "--like", "last", "--json", "--store", store]).json?["data"])
            #expect(runBinary(["discard", "--yes", "--store", store]).status == 0)
            let id = "7c000000-0000-4000-8000-0000000000aa"
            let started = server.request("POST", "/api/workouts", body: "{\"like\": \"last\", \"id\": \"\(id)\"}")
            #expect(started.status == 201, "\(started.body)")
            func targets(_ session: JSONValue?) -> [[JSONValue?]] {
                session?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.map { [$0["set_type"], $0["target_weight"], $0["target_reps"], $0["status"]] } ?? []
            }
            #expect(targets(started.json?["data"]) == [["warmup", 60, 5, "pending"], ["normal", 100, 5, "pending"], ["normal", 100, 4, "pending"]], "\(started.body)")
            #expect(targets(started.json?["data"]) == targets(cliStarted), "the CLI's repeat")
            let again = server.request("POST", "/api/workouts", body: "{\"like\": \"last\", \"id\": \"\(id)\"}")
            #expect(again.status == 200 && again.json?["data"]?["id"] == .string(id), "\(again.body)")
            #expect(server.request("PUT", "/api/workouts/\(id)/complete").status == 200)
            let sessionsBefore = allFiles(in: store + "/sessions")
            for (body, status, message) in [
                (#"{"like": "last", "plan_day": "Day A"}"#, 400, "like repeats a session as it was: it goes without plan_day and kind."),
                (#"{"like": "deadbeef"}"#, 404, "No session with ID 'deadbeef'."),
            ] {
                let reply = server.request("POST", "/api/workouts", body: body)
                #expect(reply.status == status && reply.json?["error"]?["message"]?.stringValue?.hasPrefix(message) == true, "\(body): \(reply.body)")
            }
            #expect(allFiles(in: store + "/sessions") == sessionsBefore)
        }
    }

    @Test("POST /api/plans/:plan/days with from_session plans what the session did, as plan add-day --like does")
    func dayFromSession() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("POST", "/api/plans", body: #"{"name": "PPL", "days": ["Push"]}"#).status == 201)
            // A day that plans what a session did, as `plan add-day --like` plans it.
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5", "105x5", "--store", store]).status == 0)
            #expect(runBinary(["log", "Plank", "45s", "--store", store]).status == 0)
            let done = server.request("PUT", "/api/workouts/\(try #require(runBinary(["status", "--json", "--store", store]).json?["data"]?["id"]?.stringValue))/complete")
            let sessionID = try #require(done.json?["data"]?["id"]?.stringValue)
            let saved = server.request("POST", "/api/plans/PPL/days", body: "{\"name\": \"Saved\", \"from_session\": \"\(sessionID.prefix(8))\"}")
            #expect(saved.status == 201, "\(saved.body)")
            #expect(saved.json?["data"]?["exercises"]?.arrayValue?.map { [$0["exercise_name"], $0["scheme"], $0["load"]] } == [["Back Squat", "2x5", "105kg"]], "\(saved.body)")
            #expect(saved.json?["data"]?["left_out"] == [["exercise_name": "Plank", "reason": "no working set with reps"]])
            let cli = try #require(runBinary(["plan", "add-day", "PPL", "Saved again", "--like", sessionID, "--json", "--store", store]).json?["data"]?["days"]?.arrayValue?.last)
            #expect(cli["exercises"]?.arrayValue?.map { [$0["exercise_name"], $0["sets"], $0["reps"], $0["weight"], $0["unit"]] } == [["Back Squat", 2, "5", 105, "kg"]], "the CLI plans the same day: \(cli)")
            let unknown = server.request("POST", "/api/plans/PPL/days", body: #"{"name": "X", "from": "last"}"#)
            #expect(unknown.status == 400 && unknown.json?["error"]?["message"] == "Unknown field \"from\". Did you mean \"from_session\"? This request takes \"name\", \"position\", \"from_session\".", "\(unknown.body)")
        }
    }

    @Test("405 names the methods allowed; a broken file is CORRUPT_FILE 500 with its location; every code has its status")
    func statuses() throws {
        try ServerProcess.withServer { server, store in
            let wrong = server.request("DELETE", "/api/stats")
            #expect(wrong.status == 405 && wrong.header("Allow") == "GET" && wrong.json?["error"]?["code"] == "USAGE_ERROR")
            let id = "7c000000-0000-4000-8000-000000000001"
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\", \"started_at\": \"2025-01-24T07:30:00+01:00\"}")
            let path = try #require(started.json?["data"]?["path"]?.stringValue)
            let saved = try #require(readText(store + "/" + path))
            writeText("{\n  \"id\": \"\(id)\",\n  \"kind\": \"lifting\",\n  \"started_at\": 5\n}\n", to: store + "/" + path)
            let broken = server.request("GET", "/api/workouts/\(id)")
            #expect(broken.status == 500 && broken.json?["error"]?["code"] == "CORRUPT_FILE", "\(broken.body)")
            #expect(broken.json?["error"]?["details"]?["problems"]?.arrayValue?.first?["path"] == .string(path))
            #expect(broken.json?["error"]?["details"]?["problems"]?.arrayValue?.contains { $0["line"] == 4 && $0["column"] == 17 } == true, "\(broken.body)")
            let health = server.request("GET", "/api/health")
            #expect(health.json?["data"]?["index"] == "unreadable files" && health.json?["data"]?["unreadable_files"]?.arrayValue?.count == 1, "\(health.body)")
            // Answers resting on many sessions leave it out and say how many they left out.
            for target in ["/api/workouts", "/api/stats", "/api/records", "/api/calendar/2025/1", "/api/health"] {
                let reply = server.request("GET", target)
                #expect(reply.status == 200 && reply.header("Liftlog-Skipped-Files") == "1", "\(target): \(reply.head)")
            }
            #expect(server.request("GET", "/api/workouts").json?["data"]?["total"] == 0)
            writeText(saved, to: store + "/" + path)
            let mended = server.request("GET", "/api/workouts")
            #expect(mended.header("Liftlog-Skipped-Files") == "0" && mended.json?["data"]?["total"] == 1, "\(mended.head)\(mended.body)")
            // An answer that rests on no session file says nothing of them.
            #expect(server.request("GET", "/api/exercises").header("Liftlog-Skipped-Files") == nil)
        }
        // The mapping of SPEC §10, code by code.
        let expected: [ErrorCode: Int] = [.usage: 400, .validation: 400, .notFound: 404, .conflict: 409, .forbidden: 403, .corruptFile: 500, .io: 503, .internal: 500]
        for code in ErrorCode.allCases { #expect(APIResponse.status(of: code) == expected[code], "\(code)") }
    }

    @Test("GET /api/today says the rest after a set of each exercise: its own, else the store's, else 90 seconds")
    func rest() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("GET", "/api/today").json?["data"]?["rest"] == ["default": 90, "exercises": [:]])
            #expect(runBinary(["config", "rest", "150", "--store", store]).status == 0)
            #expect(runBinary(["exercise", "edit", "Back Squat", "--rest", "75", "--store", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(runBinary(["log", "Bench Press", "80x5", "--store", store]).status == 0)
            let rest = server.request("GET", "/api/today").json?["data"]?["rest"]
            #expect(rest == ["default": 150, "exercises": ["Back Squat": 75, "Bench Press": 150]], "\(String(describing: rest))")
        }
    }

    @Test("GET /api/plates loads a weight with the store's bar and plates, as liftlog plates does; a bad query is refused with its reason")
    func plates() throws {
        try ServerProcess.withServer { server, store in
            #expect(runBinary(["config", "plates", "20,10,5,2.5", "--store", store]).status == 0)
            for weight in ["100", "101", "62.5"] {
                let api = server.request("GET", "/api/plates?weight=\(weight)")
                let cli = runBinary(["plates", weight, "--json", "--store", store])
                #expect(api.status == 200 && cli.status == 0)
                let expected = try JSONParser.parse(Array(cli.output.utf8))["data"]
                #expect(api.json?["data"] == expected, "\(weight): \(api.body) against \(cli.output)")
            }
            #expect(server.request("GET", "/api/plates?weight=100").json?["data"]?["loadings"]?.arrayValue?.first?["per_side"] == [20, 20])
            #expect(server.request("GET", "/api/plates?weight=100&bar=15").json?["data"]?["loadings"]?.arrayValue?.first?["per_side"] == [20, 20, 2.5])
            #expect(server.request("GET", "/api/plates?weight=225&unit=lbs").json?["data"]?["loadings"]?.arrayValue?.first?["per_side"] == [45, 45])
            // An exercise's own bar (PUT /api/exercises/:id {"bar_weight"}): 40 kg on a 10 kg bar is 10 + 5 a side.
            let ez = server.request("PUT", "/api/exercises/Barbell%20Row", body: #"{"bar_weight": 10}"#)
            #expect(ez.status == 200 && ez.json?["data"]?["bar_weight"] == 10, "\(ez.body)")
            let onIt = server.request("GET", "/api/plates?weight=40&exercise=Barbell%20Row").json?["data"]?["loadings"]?.arrayValue?.first
            #expect(onIt?["bar"] == 10 && onIt?["per_side"] == [10, 5], "\(String(describing: onIt))")
            #expect(server.request("GET", "/api/plates?weight=40&exercise=Barbell%20Row").json?["data"] == runBinary(["plates", "40", "--exercise", "Barbell Row", "--json", "--store", store]).json?["data"])
            let tooHeavy = server.request("PUT", "/api/exercises/Barbell%20Row", body: #"{"bar_weight": 120}"#)
            #expect(tooHeavy.status == 400 && tooHeavy.json?["error"]?["message"] == "The bar must weigh more than 0 and at most 100, got 120 (0 removes the exercise's own bar).", "\(tooHeavy.body)")
            let unknown = server.request("GET", "/api/plates?weight=40&exercise=Zercher%20Curl")
            #expect(unknown.status == 404 && unknown.json?["error"]?["message"]?.stringValue?.hasPrefix("No exercise named 'Zercher Curl'.") == true, "\(unknown.body)")
            for (query, message) in [
                ("", "Give the weight to load, as in /api/plates?weight=142.5."),
                ("?weight=heavy", "weight must be a number, such as 142.5, got 'heavy'."),
                ("?weight=100&unit=stone", "unit must be kg or lbs, got 'stone'."),
                ("?weight=100&bar=light", "bar must be a weight, such as 20, got 'light'."),
                ("?weight=100&bar=-5", "The bar must weigh more than 0 and at most 100, got -5."),
                ("?weight=10", "10 kg is lighter than the bar (20 kg)."),
            ] {
                let reply = server.request("GET", "/api/plates\(query)")
                #expect(reply.status == 400 && reply.json?["error"]?["code"] == "VALIDATION_ERROR" && reply.json?["error"]?["message"] == .string(message),
                        "\(query): \(reply.body)")
            }
        }
    }

    @Test("what a set of each exercise is measured in: GET /api/today's measures for the workout, GET /api/exercises/:id's for one")
    func measures() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("GET", "/api/exercises/Plank").json?["data"]?["measure"] == "bodyweight")
            #expect(server.request("GET", "/api/exercises/Back%20Squat").json?["data"]?["measure"] == "load")
            #expect(runBinary(["start", "--at", "2025-01-24 07:30", "--store", store]).status == 0)
            #expect(runBinary(["log", "Plank", "60s", "45s", "--store", store]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            // Held before: a plank now asks for seconds.
            #expect(server.request("GET", "/api/exercises/Plank").json?["data"]?["measure"] == "time")
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(runBinary(["log", "Plank", "30s", "--store", store]).status == 0)
            #expect(runBinary(["log", "Pull-up", "bwx8", "--store", store]).status == 0)
            #expect(server.request("GET", "/api/today").json?["data"]?["distance_unit"] == "km")
            #expect(runBinary(["config", "distance", "mi", "--store", store]).status == 0)
            #expect(server.request("GET", "/api/today").json?["data"]?["distance_unit"] == "mi", "the unit the web app shows distances in")
            let measures = server.request("GET", "/api/today").json?["data"]?["measures"]
            #expect(measures == ["Back Squat": "load", "Plank": "time", "Pull-up": "bodyweight"], "\(String(describing: measures))")
        }
    }

    @Test("an exercise of the workout swapped for another, its place and targets kept; alternatives of the same muscles; what cannot be swapped is refused and changes nothing")
    func swap() throws {
        try ServerProcess.withServer { server, store in
            writeText("# Pull Day\n## A\nBack Squat / 3x5 / 100kg\nBarbell Row / 3x8 / 60kg\n", to: store + "/../plan.txt")
            #expect(runBinary(["plan", "import", store + "/../plan.txt", "--activate", "--store", store]).status == 0)
            let started = server.request("POST", "/api/workouts", body: "{\"plan_day\": \"next\"}")
            let id = try #require(started.json?["data"]?["id"]?.stringValue)
            let alternatives = try #require(server.request("GET", "/api/exercises/Barbell%20Row/alternatives").json?["data"]?["exercises"]?.arrayValue)
            let names = alternatives.compactMap { $0["name"]?.stringValue }
            #expect(names.contains("Seated Cable Row") && !names.contains("Barbell Row"), "\(names)")
            #expect(alternatives.allSatisfy { $0["muscle_groups"]?.arrayValue?.contains("lats") == true })
            let before = try #require(onDisk(store, started))
            let swapped = server.request("PUT", "/api/workouts/\(id)/entries/2", body: "{\"exercise\": \"seated cable row\"}")
            #expect(swapped.status == 200, "\(swapped.body)")
            let after = try #require(onDisk(store, started))
            let (old, new) = (try #require(before["entries"]?.arrayValue?[1]), try #require(after["entries"]?.arrayValue?[1]))
            #expect(new["exercise_name"] == "Seated Cable Row" && new["order"] == 2 && new["exercise_id"] != old["exercise_id"])
            #expect(new["sets"] == old["sets"], "the sets, their IDs and targets, are kept")
            #expect(after["entries"]?.arrayValue?[0] == before["entries"]?.arrayValue?[0])
            // A set of the squat done: it stays a squat.
            let squatSet = try #require(sets(started).first?["set_id"]?.stringValue)
            #expect(server.request("PUT", "/api/workout-sets/\(squatSet)/log").status == 200)
            let path = try #require(started.json?["data"]?["path"]?.stringValue)
            let saved = try #require(readText(store + "/" + path))
            for (target, body, status, message) in [
                ("1", "{\"exercise\": \"Front Squat\"}", 400, "Back Squat has sets done; they stay Back Squat. Add Front Squat as an exercise of its own instead."),
                ("2", "{\"exercise\": \"Back Squat\"}", 400, "Back Squat is already in this session; its sets go there."),
                ("3", "{\"exercise\": \"Dumbbell Row\"}", 404, "The active session has no exercise at position 3 (it has 2)."),
                ("0", "{\"exercise\": \"Dumbbell Row\"}", 400, "The position must be a whole number from 1, got '0'."),
                ("2", "{\"exercise\": \"Zercher Walk\"}", 404, nil),
                ("2", "{\"name\": \"Dumbbell Row\"}", 400, "Unknown field \"name\". This request takes \"exercise\"."),
                ("2", "{}", 400, "Exercise name is required, as in {\"exercise\": \"Seated Cable Row\"}."),
            ] {
                let reply = server.request("PUT", "/api/workouts/\(id)/entries/\(target)", body: body)
                #expect(reply.status == status, "\(target) \(body): \(reply.body)")
                if let message { #expect(reply.json?["error"]?["message"] == .string(message), "\(reply.body)") }
                #expect(readText(store + "/" + path) == saved)
            }
            // Only the active session's.
            #expect(server.request("PUT", "/api/workouts/\(id)/complete").status == 200)
            let ended = server.request("PUT", "/api/workouts/\(id)/entries/2", body: "{\"exercise\": \"Dumbbell Row\"}")
            #expect(ended.status == 404 && ended.json?["error"]?["message"] == "No active session.", "\(ended.body)")
            #expect(server.request("POST", "/api/workouts", body: "{\"plan_day\": \"next\"}").status == 201)
            let other = server.request("PUT", "/api/workouts/\(id)/entries/2", body: "{\"exercise\": \"Dumbbell Row\"}")
            #expect(other.status == 400 && other.json?["error"]?["message"] == .string("Only the active session's exercises can be swapped; session \(id.prefix(8)) is not active."),
                    "\(other.body)")
        }
    }

    @Test("exercises of the workout made a superset and split again: one label, the next free one, shown in rounds by status; what cannot be done is refused and changes nothing")
    func supersets() throws {
        try ServerProcess.withServer { server, store in
            writeText("# Upper\n## A\nBench Press / 2x8 / 60kg\nBarbell Row / 2x8 / 50kg\nDumbbell Curl / 2x10 / 12kg\nTricep Pushdown / 2x12 / 20kg\n", to: store + "/../plan.txt")
            #expect(runBinary(["plan", "import", store + "/../plan.txt", "--activate", "--store", store]).status == 0)
            let started = server.request("POST", "/api/workouts", body: "{\"plan_day\": \"next\"}")
            let id = try #require(started.json?["data"]?["id"]?.stringValue)
            let path = try #require(started.json?["data"]?["path"]?.stringValue)
            func labels() -> [String?] {
                let file = readText(store + "/" + path).flatMap { try? JSONParser.parse(Array($0.utf8)) }
                return file?["entries"]?.arrayValue?.map { $0["superset"]?.stringValue } ?? []
            }
            let joined = server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [1, 2]}")
            #expect(joined.status == 200, "\(joined.body)")
            #expect(joined.json?["data"]?["entries"]?.arrayValue?.map { $0["superset"]?.stringValue } == ["A", "A", nil, nil])
            #expect(labels() == ["A", "A", nil, nil])
            #expect(server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [3, 4]}").status == 200)
            #expect(labels() == ["A", "A", "B", "B"])
            // Joining one of B to A: it takes A's label; B, left with one exercise, is none.
            #expect(server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [2, 3]}").status == 200)
            #expect(labels() == ["A", "A", "A", nil])
            // The rounds, as status shows them: the n-th set of each.
            #expect(runBinary(["log", "Bench Press", "--store", store]).status == 0)
            let status = runBinary(["status", "--store", store]).output
            #expect(status.contains("Superset A: Bench Press + Barbell Row + Dumbbell Curl\n   Round 1  Bench Press 60 kg × 8 · Barbell Row planned: 8 reps @ 50 kg · Dumbbell Curl planned: 10 reps @ 12 kg\n"), "\(status)")
            #expect(runBinary(["check", "--store", store]).status == 0)
            let saved = try #require(readText(store + "/" + path))
            for (body, status, message) in [
                ("{\"positions\": [1]}", 400, "A superset needs at least two exercises: give two positions or more, such as 1 and 2."),
                ("{\"positions\": [1, 1]}", 400, "Position 1 is given twice; give each exercise once."),
                ("{\"positions\": [1, 5]}", 404, "The active session has no exercise at position 5 (it has 4)."),
                ("{\"positions\": [], \"apart\": true}", 400, "Give the position of the exercise to take out of its superset, such as 2."),
                ("{\"positions\": \"1,2\"}", 400, "positions must be a list of positions, such as [1, 2]."),
                ("{\"positions\": [1.5, 2]}", 400, "positions must be a list of positions, such as [1, 2]."),
                ("{}", 400, "positions is required, as in {\"positions\": [1, 2]}."),
                ("{\"positions\": [1, 2], \"label\": \"A\"}", 400, "Unknown field \"label\". This request takes \"positions\", \"apart\"."),
            ] {
                let reply = server.request("PUT", "/api/workouts/\(id)/supersets", body: body)
                #expect(reply.status == status, "\(body): \(reply.body)")
                #expect(reply.json?["error"]?["message"] == .string(message), "\(body): \(reply.body)")
                #expect(readText(store + "/" + path) == saved)
            }
            // Split: each leaves; a superset left with one is none.
            #expect(server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [3], \"apart\": true}").status == 200)
            #expect(labels() == ["A", "A", nil, nil])
            #expect(server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [1], \"apart\": true}").status == 200)
            #expect(labels() == [nil, nil, nil, nil])
            // Only the active session's.
            #expect(server.request("PUT", "/api/workouts/\(id)/complete").status == 200)
            let ended = server.request("PUT", "/api/workouts/\(id)/supersets", body: "{\"positions\": [1, 2]}")
            #expect(ended.status == 404 && ended.json?["error"]?["message"] == "No active session.", "\(ended.body)")
        }
    }

    @Test("POST /api/body records a weigh-in as liftlog weigh does, GET /api/body/chart.svg charts them as liftlog body --svg does; what they refuse changes nothing")
    func weighIn() throws {
        try ServerProcess.withServer { server, store in
            let none = server.request("GET", "/api/body/chart.svg")
            #expect(none.status == 404 && none.json?["error"]?["message"] == "There are no weigh-ins in the last 12 weeks to chart; record one with POST /api/body.", "\(none.body)")
            let saved = server.request("POST", "/api/body", body: "{\"weight\": 81.5}")
            #expect(saved.status == 201 && saved.json?["data"]?["measurements"]?["body_weight"] == ["unit": "kg", "value": 81.5], "\(saved.body)")
            let cli = runBinary(["body", "--json", "--store", store]).json?["data"]
            #expect(cli?["weigh_ins"]?.arrayValue?.map { $0["weight"] } == [81.5], "\(String(describing: cli))")
            #expect(server.request("GET", "/api/body").json?["data"]?["entries"]?.arrayValue?.first?["measurements"]?["body_weight"]?["value"] == 81.5)
            // The chart is the one `liftlog body --svg` draws, byte for byte.
            #expect(runBinary(["weigh", "82.3", "--at", "2000-01-01T07:00:00Z", "--store", store]).status == 0, "a weigh-in outside the weeks charted")
            #expect(runBinary(["body", "--svg", store + "/../body.svg", "--weeks", "26", "--store", store]).status == 0)
            let chart = server.request("GET", "/api/body/chart.svg?weeks=26")
            #expect(chart.status == 200 && chart.header("Content-Type") == "image/svg+xml; charset=utf-8", "\(chart.head)")
            #expect(chart.body == readText(store + "/../body.svg") && chart.body.contains("Body weight") && !chart.body.contains("82.3"), "\(chart.body.prefix(400))")
            for (query, message) in [("weeks=0", "Weeks must be 1–520, got 0."), ("weeks=521", "Weeks must be 1–520, got 521."), ("weeks=many", "weeks must be a whole number, got 'many'.")] {
                let reply = server.request("GET", "/api/body/chart.svg?\(query)")
                #expect(reply.status == 400 && reply.json?["error"]?["message"] == .string(message), "\(query): \(reply.body)")
            }
            let before = allFiles(in: store + "/body")
            for (body, message) in [
                ("{}", "Give the weight, as in {\"weight\": 82.4}."),
                ("{\"weight\": 81.5, \"wieght\": 1}", "Unknown field \"wieght\". Did you mean \"weight\"? This request takes \"weight\", \"unit\", \"measured_at\", \"notes\", \"id\"."),
                ("{\"weight\": 81.5, \"id\": \"x1\"}", "id must be a UUID, got 'x1'."),
                ("{\"weight\": \"heavy\"}", "weight must be a number."),
                ("{\"weight\": 80, \"unit\": \"stone\"}", "unit must be kg, lbs, got 'stone'."),
            ] {
                let reply = server.request("POST", "/api/body", body: body)
                #expect(reply.status == 400 && reply.json?["error"]?["message"] == .string(message), "\(body): \(reply.body)")
            }
            let tooHeavy = server.request("POST", "/api/body", body: "{\"weight\": 4000}")
            let weighed = runBinary(["weigh", "4000", "--store", store])
            #expect(tooHeavy.status == 400 && weighed.status != 0 && weighed.error.contains(tooHeavy.json?["error"]?["message"]?.stringValue ?? "?"), "\(tooHeavy.body) \(weighed.error)")
            #expect(allFiles(in: store + "/body") == before)
            // A client's ID makes it idempotent: the same weigh-in sent again (a queued change replayed) is one file.
            let queued = #"{"weight": 79.3, "measured_at": "2025-01-24T07:30:00+01:00", "id": "7b0e5f7c-6a53-4c2e-9d39-0d8f7e7d5c11"}"#
            let first = server.request("POST", "/api/body", body: queued)
            #expect(first.status == 201 && first.json?["data"]?["id"] == "7b0e5f7c-6a53-4c2e-9d39-0d8f7e7d5c11", "\(first.body)")
            let files = allFiles(in: store + "/body")
            let again = server.request("POST", "/api/body", body: queued)
            #expect(again.status == 201 && again.json?["data"] == first.json?["data"], "\(again.body)")
            #expect(allFiles(in: store + "/body") == files && files.count == before.count + 1)
            #expect(files.contains { $0.hasSuffix("2025/2025-01-24-0730-7b0e5f7c.json") }, "\(files)")
        }
    }

    @Test("UTC offsets of the calendar's tz, and the seed client's minutes east of UTC",
          arguments: [("+01:00", 3600), ("-05:30", -19_800), ("Z", 0), ("UTC", 0), (" 02:00", 7200), ("+0530", 19_800), ("+02", 7200),
                      ("60", 3600), ("-300", -18_000), ("-60", -3600), ("+330", 19_800), (" 60", 3600), ("0", 0), ("-840", -50_400)])
    func offsets(text: String, seconds: Int) {
        #expect(API.utcOffset(text) == seconds)
    }


    @Test("UTC offsets refused", arguments: ["Europe/Paris", "+1", "+25:00", "+01:60", "", "++01:00", "+15:00", "900", "-855", "+1:5", "1.5", "7"])
    func badOffsets(text: String) {
        #expect(API.utcOffset(text) == nil)
    }
}
