import Foundation
import Testing
import LiftLogKit
import LiftLogTestSupport

/// The seed API's client, written from its request and response shapes, drives a real
/// `liftlog serve` through every endpoint of SPEC §10's seed table: each answer decodes with
/// the client's own types, and the store's files hold what was sent.
@Suite("the seed API's client against liftlog serve")
struct SeedClientTests {
    /// A server over a new store (made by `init`, seeded) and a client for it.
    private func withClient(_ body: (SeedClient, String) throws -> Void) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let made = runBinary(["init", store])
            #expect(made.status == 0, "\(made.error)")
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            try body(SeedClient(server: server), store)
        }
    }

    /// The store's file at `path` as JSON.
    private func file(_ store: String, _ path: String) throws -> JSONValue {
        try JSONParser.parse(Array(try #require(readText(store + "/" + path)).utf8))
    }

    /// The one session file of the store whose name ends in the session's short ID.
    private func sessionFile(_ store: String, id: String) throws -> JSONValue {
        let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(String(id.prefix(8)) + ".json") })
        return try file(store, path)
    }

    @Test("exercises: list, create, get, update, delete; every one has created_at; the seed's messages")
    func exercises() throws {
        try withClient { client, store in
            let library = try client.getExercises()
            #expect(library.count == 34 && library.allSatisfy { !$0.isCustom })
            let squat = try #require(library.first { $0.name == "Back Squat" })
            #expect(try client.getExercise(id: squat.id).createdAt == squat.createdAt)
            let made = try client.createExercise(CreateExerciseRequest(name: "Zercher Squat", modality: "barbell", weightIncrement: 2.5))
            #expect(made.isCustom && made.weightIncrement == 2.5)
            #expect(try file(store, "exercises/zercher-squat.json")["weight_increment"] == 2.5)
            let renamed = try client.updateExercise(id: made.id, name: "Zercher Box Squat")
            #expect(renamed.id == made.id && renamed.createdAt == made.createdAt)
            #expect(try file(store, "exercises/zercher-box-squat.json")["name"] == "Zercher Box Squat" && readText(store + "/exercises/zercher-squat.json") == nil)
            #expect(throws: APIErrorResponse.self) { try client.createExercise(CreateExerciseRequest(name: "", modality: nil, weightIncrement: nil)) }
            do {
                _ = try client.createExercise(CreateExerciseRequest(name: " ", modality: nil, weightIncrement: nil))
                Issue.record("an exercise without a name was created")
            } catch let refusal as APIErrorResponse {
                #expect(refusal.error.code == "VALIDATION_ERROR" && refusal.error.message.hasPrefix("Exercise name is required"), "\(refusal.error.message)")
            }
            do {
                _ = try client.updateExercise(id: made.id, weightIncrement: -1)
                Issue.record("a negative increment was saved")
            } catch let refusal as APIErrorResponse {
                #expect(refusal.error.code == "VALIDATION_ERROR" && refusal.error.message == "Weight increment must be positive, got -1.", "\(refusal.error.message)")
            }
            #expect(try client.deleteExercise(id: made.id).name == "Zercher Box Squat")
            #expect(readText(store + "/exercises/zercher-box-squat.json") == nil)
        }
    }

    @Test("plans with days and their exercises: create with its weeks, rename, change, rename a day, delete")
    func plans() throws {
        try withClient { client, store in
            let plan = try client.createPlan(name: "Upper Lower", durationWeeks: 8)
            #expect(plan.durationWeeks == 8 && plan.days.isEmpty && !plan.isActive)
            #expect(try file(store, "plans/upper-lower.json")["duration_weeks"] == 8)
            #expect(try client.createPlan(name: "Defaults").durationWeeks == 6)
            _ = try client.addPlanDay(planId: plan.id, name: "Upper")
            _ = try client.addPlanDay(planId: plan.id, name: "Lower")
            let planned = try client.addPlanExercise(planId: plan.id, day: 1, exercise: "Bench Press", scheme: "3x8-12", load: "60kg")
            #expect(planned.exerciseName == "Bench Press" && planned.sets == 3 && planned.reps == "8-12")
            #expect(try client.getPlan(id: plan.id).days.first?.exercises.map(\.exerciseName) == ["Bench Press"])
            let changed = try client.updatePlanExercise(planId: plan.id, day: 1, exercise: "Bench Press", scheme: "4x6")
            #expect(changed.sets == 4 && changed.reps == "6")
            #expect(try client.getPlanDay(planId: plan.id, day: 1).exercises.map(\.sets) == [4])
            #expect(try file(store, "plans/upper-lower.json")["days"]?.arrayValue?.first?["exercises"]?.arrayValue?.first?["sets"] == 4)
            let renamed = try client.updatePlan(id: plan.id, name: "Upper/Lower Split", durationWeeks: 5)
            #expect(renamed.id == plan.id && renamed.name == "Upper/Lower Split" && renamed.durationWeeks == 5 && renamed.createdAt == plan.createdAt)
            // The file moved with the name; the old name is kept for the sessions started under it.
            #expect(readText(store + "/plans/upper-lower.json") == nil)
            let moved = try file(store, "plans/upper-lower-split.json")
            #expect(moved["former_names"] == ["Upper Lower"] && moved["duration_weeks"] == 5)
            let day = try client.renamePlanDay(planId: plan.id, day: 1, name: "Push")
            #expect(day.days.map(\.name) == ["Push", "Lower"])
            #expect(try file(store, "plans/upper-lower-split.json")["days"]?.arrayValue?.first?["former_names"] == ["Upper"])
            #expect(try client.getPlans().map(\.name) == ["Defaults", "Upper/Lower Split"])
            #expect(try client.deletePlanExercise(planId: plan.id, day: 1, exercise: "Bench Press").days[0].exercises.isEmpty)
            #expect(try client.deletePlanDay(planId: plan.id, day: 2).days.map(\.name) == ["Push"])
            #expect(try client.deletePlan(id: plan.id).name == "Upper/Lower Split")
            #expect(readText(store + "/plans/upper-lower-split.json") == nil)
        }
    }

    @Test("a mesocycle from plan_id and start_date; today's workout, sets logged, skipped and un-logged; the history; skip and complete; the calendar")
    func training() throws {
        try withClient { client, store in
            let plan = try client.createPlan(name: "Strength", durationWeeks: 4)
            _ = try client.addPlanDay(planId: plan.id, name: "A")
            _ = try client.addPlanDay(planId: plan.id, name: "B")
            _ = try client.addPlanExercise(planId: plan.id, day: 1, exercise: "Back Squat", scheme: "3x5", load: "100kg")
            _ = try client.addPlanExercise(planId: plan.id, day: 2, exercise: "Deadlift", scheme: "1x5", load: "140kg")
            #expect(try client.getActiveMesocycle() == nil)
            let today = String(Timestamp.now().description.prefix(10))
            let meso = try client.createMesocycle(planId: plan.id, startDate: today)
            #expect(meso.durationWeeks == 4 && meso.planId == plan.id && meso.status == "pending")
            #expect(try client.startMesocycle(id: meso.id).status == "active")
            #expect(try client.getActiveMesocycle()?.id == meso.id)
            #expect(try client.getMesocycles().map(\.id) == [meso.id])

            #expect(try client.getTodaysWorkout() == nil)
            let id = UUID().uuidString.lowercased()
            let started = try client.startWorkout(id: id)
            #expect(started.id == id && started.status == "active" && started.planDay == "A" && started.weekNumber == 1 && started.mesocycleId == meso.id)
            #expect(try client.startWorkout(id: id).id == id, "the same start again is the same workout")
            let workout = try #require(try client.getTodaysWorkout())
            #expect(workout.id == id && workout.entries.first?.sets.count == 3)
            let sets = try #require(workout.entries.first?.sets)
            #expect(sets.allSatisfy { $0.status == "pending" && $0.targetReps == 5 && $0.targetWeight == 100 && $0.actualReps == nil })

            let logged = try client.logSet(id: sets[0].setId, actualReps: 4, actualWeight: 102.5)
            #expect(logged.actualReps == 4 && logged.actualWeight == 102.5 && logged.targetReps == 5 && logged.targetWeight == 100 && logged.status == "completed")
            #expect(logged.workoutId == id && logged.completedAt != nil)
            #expect(try client.skipSet(id: sets[1].setId).status == "skipped")
            let unlogged = try client.unlogSet(id: sets[1].setId)
            #expect(unlogged.status == "pending" && unlogged.actualReps == nil)
            _ = try client.logSet(id: sets[1].setId, actualReps: 5, actualWeight: 100)
            let onDisk = try sessionFile(store, id: id)
            let diskSets = try #require(onDisk["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            #expect(diskSets[0]["reps"] == 4 && diskSets[0]["weight"] == 102.5 && diskSets[0]["target_reps"] == 5 && diskSets[0]["status"] == "completed")
            #expect(onDisk["mesocycle_id"] == .string(meso.id) && onDisk["week_number"] == 1)
            let finished = try client.completeWorkout(id: id, sessionRpe: 4, notes: "heavy")
            #expect(finished.status == "completed" && finished.completedAt != nil)
            #expect(try client.getWorkout(id: id).notes == "heavy")

            let history = try client.getExerciseHistory(id: try #require(started.entries.first?.exerciseId))
            #expect(history.exercise.name == "Back Squat" && history.entries.count == 1)
            let entry = try #require(history.entries.first)
            #expect(entry.workoutId == id && entry.weekNumber == 1 && entry.mesocycleId == meso.id && entry.date == today)
            #expect(entry.sets.map(\.status) == ["completed", "completed", "skipped"])
            #expect(entry.sets.map(\.actualReps) == [4, 5, nil] && entry.sets.map(\.targetReps) == [5, 5, 5])
            #expect(history.personalRecord?.weight == 102.5 && history.personalRecord?.reps == 4)

            // Day B skipped: shown as skipped, never counted as training.
            let planned = try client.startWorkout()
            #expect(planned.planDay == "B")
            let skipped = try client.skipWorkout(id: planned.id)
            #expect(skipped.status == "skipped" && skipped.entries.first?.sets.allSatisfy { $0.status == "skipped" } == true)
            #expect(try sessionFile(store, id: planned.id)["status"] == "skipped")
            #expect(try client.getTodaysWorkout() == nil)
            let now = Timestamp.now()
            let minutes = now.utcOffsetSeconds / 60
            let calendar = try client.getCalendarData(year: now.localDate.year, month: now.localDate.month, timezoneOffset: minutes)
            #expect(calendar.startDate.hasSuffix("-01") && calendar.endDate.hasPrefix(calendar.startDate.prefix(8)))
            #expect(calendar.days[today] == ["lifting"] && calendar.skipped.isEmpty, "a trained day with a skipped session is a trained day")
            #expect(try client.completeMesocycle(id: meso.id).status == "completed")
            // A second run of the plan, planned and then called off.
            let next = try client.createMesocycle(planId: plan.id, startDate: today)
            #expect(try client.cancelMesocycle(id: next.id).status == "cancelled")
            #expect(try client.getMesocycles().map(\.status).sorted() == ["cancelled", "completed"])
            #expect(try client.getActiveMesocycle() == nil)
        }
    }

    @Test("stretch and meditation sessions as the seed's app encodes them: create (a retry is harmless), list, latest, stats")
    func stretchAndMeditation() throws {
        try withClient { client, store in
            #expect(try client.getLatestStretchSession() == nil && client.getLatestMeditationSession() == nil)
            let id = UUID().uuidString.lowercased()
            let end = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded(.down) + 0.25)
            let stretch = StretchSession(id: id, completedAt: end, totalDurationSeconds: 900, regionsCompleted: ["hips", "hamstrings"], regionsSkipped: ["neck"])
            let recorded = try client.createStretchSession(stretch)
            #expect(recorded.id == id && recorded.kind == "stretch" && recorded.totalDurationSeconds == 900)
            #expect(recorded.regionsCompleted == ["hips", "hamstrings"] && recorded.regionsSkipped == ["neck"])
            // Kept to the second: the seed's fractional seconds are dropped.
            #expect(recorded.completedAt == end.addingTimeInterval(-0.25) && recorded.startedAt == end.addingTimeInterval(-900.25))
            #expect(try client.createStretchSession(stretch).id == id)
            let onDisk = try sessionFile(store, id: id)
            #expect(onDisk["duration_seconds"] == 900 && onDisk["regions"] == ["hips", "hamstrings"] && onDisk["regions_skipped"] == ["neck"] && onDisk["status"] == "completed")
            #expect(try client.getStretchSessions().total == 1)
            #expect(try client.getLatestStretchSession()?.id == id)
            #expect(try client.getStretchStats().totalSessions == 1)

            let meditation = MeditationSession(id: UUID().uuidString.lowercased(), completedAt: end, durationSeconds: 600, meditationType: "breath")
            #expect(try client.createMeditationSession(meditation).meditationType == "breath")
            #expect(try client.getMeditationSessions().sessions.map(\.id) == [meditation.id])
            #expect(try client.getLatestMeditationSession()?.totalDurationSeconds == 600)
            let stats = try client.getMeditationStats()
            #expect(stats.totalSessions == 1 && stats.totalMinutes == 10)
        }
    }
}

/// Every refusal of the endpoints the seed's client reaches, with its status, code and message,
/// and the store unchanged.
@Suite("the seed endpoints refuse bad input and change nothing")
struct SeedRefusalTests {
    @Test("plans, days, mesocycles, stretch and meditation sessions and the calendar refuse with the code and the message")
    func refusals() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["plan", "create", "Strength", "--days", "A", "--store", store]).status == 0)
            #expect(runBinary(["plan", "create", "Other", "--store", store]).status == 0)
            #expect(runBinary(["plan", "create", "Push Pull/Legs", "--store", store]).status == 0)
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            let before = snapshot(store)
            let refusals: [(method: String, path: String, body: String?, status: Int, code: String, message: String)] = [
                ("PUT", "/api/plans/Strength", #"{"nmae": "X"}"#, 400, "VALIDATION_ERROR",
                 #"Unknown field "nmae". Did you mean "name"? This request takes "name", "notes", "days_per_week", "duration_weeks", "active"."#),
                ("PUT", "/api/plans/Strength", "{}", 400, "VALIDATION_ERROR",
                 #"Give what changes: name, notes, days_per_week, duration_weeks, or {"active": true} to make it the active plan."#),
                ("PUT", "/api/plans/Strength", #"{"duration_weeks": 60}"#, 400, "VALIDATION_ERROR", "Duration must be 1–52 weeks, got 60."),
                ("PUT", "/api/plans/Strength", #"{"name": "other"}"#, 409, "CONFLICT", "A plan named 'Other' already exists."),
                ("PUT", "/api/plans/Strength", #"{"active": false}"#, 400, "VALIDATION_ERROR", "A plan stops being active when another is activated; activate that one instead."),
                ("POST", "/api/plans", #"{"duration_weeks": 6}"#, 400, "VALIDATION_ERROR", #"Plan name is required, as in {"name": "Upper Lower", "days": ["Upper", "Lower"]}."#),
                ("POST", "/api/plans", #"{"name": "Long", "duration_weeks": 0}"#, 400, "VALIDATION_ERROR", "Duration must be 1–52 weeks, got 0."),
                ("PUT", "/api/plans/Strength/days/1", "{}", 400, "VALIDATION_ERROR", #"Give what changes: {"name": "Push"} renames the day, {"position": 1} moves it first, {"weekdays": ["mon", "thu"]} puts it on those days."#),
                ("PUT", "/api/plans/Strength/days/1", #"{"title": "Push"}"#, 400, "VALIDATION_ERROR", #"Unknown field "title". This request takes "name", "position", "weekdays"."#),
                ("POST", "/api/mesocycles", #"{"plan_id": "Strength"}"#, 400, "VALIDATION_ERROR", #"Start date is required, as in {"plan_id": "…", "start_date": "2025-02-03"}."#),
                ("POST", "/api/mesocycles", #"{"plan_id": "Strength", "start_date": "2025-02-03"}"#, 400, "VALIDATION_ERROR",
                 "Plan 'Strength' has no planned exercises yet. Add some with POST /api/plans/Strength/days/DAY/exercises."),
                ("POST", "/api/mesocycles", #"{"plan": "Push Pull/Legs", "start_date": "2025-02-03"}"#, 400, "VALIDATION_ERROR",
                 "Plan 'Push Pull/Legs' has no planned exercises yet. Add some with POST /api/plans/Push%20Pull%2FLegs/days/DAY/exercises."),
                ("POST", "/api/mesocycles", #"{"plan": "Strength", "plan_id": "Other", "start_date": "2025-02-03"}"#, 400, "VALIDATION_ERROR",
                 "plan and plan_id say the same; give one of them."),
                ("POST", "/api/stretch-sessions", #"{"total_duration_seconds": 0}"#, 400, "VALIDATION_ERROR", "duration_seconds must be 1–86400 (24 hours), got 0."),
                ("POST", "/api/stretch-sessions", #"{"minutes": 15, "total_duration_seconds": 900}"#, 400, "VALIDATION_ERROR", "minutes and total_duration_seconds say the same; give one of them."),
                ("POST", "/api/stretch-sessions", #"{"minutes": 15, "duration_seconds": 900}"#, 400, "VALIDATION_ERROR", "minutes and duration_seconds say the same; give one of them."),
                ("POST", "/api/stretch-sessions", #"{"minutes": 1441}"#, 400, "VALIDATION_ERROR", "Minutes must be more than 0 and at most 1440, got 1441."),
                ("POST", "/api/stretch-sessions", #"{"total_duration_seconds": 900, "started_at": "2025-01-20T07:00:00Z", "completed_at": "2025-01-20T07:30:00Z"}"#, 400, "VALIDATION_ERROR",
                 "started_at and completed_at are 1800 seconds apart, not the 900 of the duration; give two of the three."),
                ("POST", "/api/stretch-sessions", #"{"total_duration_seconds": 900, "completed_at": "2999-01-20T07:30:00Z"}"#, 400, "VALIDATION_ERROR",
                 "Start time 2999-01-20 07:15 is in the future."),
                ("POST", "/api/stretch-sessions", #"{"total_duration_seconds": 900, "regions_done": ["hips"]}"#, 400, "VALIDATION_ERROR",
                 #"Unknown field "regions_done". Did you mean "regions"? This request takes "id", "minutes", "duration_seconds", "total_duration_seconds", "started_at", "completed_at", "notes", "regions", "regions_completed", "regions_skipped", "meditation_type"."#),
                ("POST", "/api/meditation-sessions", #"{"id": "nope", "duration_seconds": 600}"#, 400, "VALIDATION_ERROR", "id must be a UUID, got 'nope'."),
                ("GET", "/api/calendar/2025/1?tz=7", nil, 400, "VALIDATION_ERROR",
                 "tz must be a UTC offset such as +01:00, -05:30 or Z, or minutes east of UTC such as 60 or -300, got '7'."),
            ]
            for refusal in refusals {
                let reply = server.request(refusal.method, refusal.path, body: refusal.body)
                #expect(reply.status == refusal.status, "\(refusal.path) \(refusal.body ?? ""): \(reply.body)")
                #expect(reply.json?["error"]?["code"]?.stringValue == refusal.code, "\(refusal.path) \(refusal.body ?? "")")
                #expect(reply.json?["error"]?["message"]?.stringValue == refusal.message, "\(refusal.path) \(refusal.body ?? "")")
            }
            #expect(snapshot(store) == before)
            // A meditation recorded by its ID once; the same ID as a stretch is another session's.
            let id = "7c000000-0000-4000-8000-000000000001"
            #expect(server.request("POST", "/api/meditation-sessions", body: "{\"id\": \"\(id)\", \"duration_seconds\": 600}").status == 201)
            // Its length changed later follows the same rule as when it was recorded.
            let tooLong = server.request("PUT", "/api/workouts/\(id)", body: #"{"duration_seconds": 90000}"#)
            #expect(tooLong.status == 400 && tooLong.json?["error"]?["message"] == "duration_seconds must be 1–86400 (24 hours), got 90000.", "\(tooLong.body)")
            let other = server.request("POST", "/api/stretch-sessions", body: "{\"id\": \"\(id)\", \"duration_seconds\": 600}")
            #expect(other.status == 409 && other.json?["error"]?["message"] == "Session 7c000000 is a meditation session, not a stretch one.", "\(other.body)")
        }
    }
}
