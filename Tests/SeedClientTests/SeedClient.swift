import Foundation
import LiftLogTestSupport

/// The seed API's Swift client, method for method, over a `liftlog serve` on loopback.
///
/// It encodes as the seed's app does (snake_case keys, times in ISO 8601 with fractional
/// seconds and `Z`) and decodes as its client does (`.convertFromSnakeCase`, `.iso8601`);
/// `getOptional` answers are `T?`. A refusal is thrown as the ``APIErrorResponse`` it decodes to.
struct SeedClient {
    let server: ServerProcess

    /// What each request sent and the status it got, for a test's message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            var container = encoder.singleValueContainer()
            try container.encode(formatter.string(from: date))
        }
        return encoder
    }()

    private struct Empty: Encodable {}

    /// Sends a request and decodes `data` as `T`.
    func send<T: Decodable>(_ method: String, _ path: String, _ body: some Encodable = Empty(), as: T.Type = T.self) throws -> T {
        let text = method == "GET" || method == "DELETE" ? nil : String(decoding: try SeedClient.encoder.encode(body), as: UTF8.self)
        let reply = server.request(method, "/api" + path, body: text)
        let bytes = Data(reply.body.utf8)
        guard (200..<300).contains(reply.status) else {
            if let refusal = try? SeedClient.decoder.decode(APIErrorResponse.self, from: bytes) { throw refusal }
            throw Failure(description: "\(method) \(path): \(reply.status) \(reply.body)")
        }
        do {
            return try SeedClient.decoder.decode(APIResponse<T>.self, from: bytes).data
        } catch {
            throw Failure(description: "\(method) \(path): \(reply.status), cannot decode \(T.self): \(error)\n\(reply.body)")
        }
    }

    /// `getOptional`: `data` may be `null`.
    func getOptional<T: Decodable>(_ path: String, as: T.Type = T.self) throws -> T? {
        try send("GET", path, as: T?.self)
    }

    // MARK: Workouts

    func getTodaysWorkout() throws -> Workout? { try getOptional("/workouts/today") }
    func getWorkout(id: String) throws -> Workout { try send("GET", "/workouts/\(id)") }

    struct StartRequest: Encodable { let id: String?; let planDay: String? }
    func startWorkout(id: String? = nil, planDay: String? = "next") throws -> Workout { try send("POST", "/workouts", StartRequest(id: id, planDay: planDay)) }
    func startAgain(id: String) throws -> Workout { try send("PUT", "/workouts/\(id)/start") }

    struct CompleteRequest: Encodable { let sessionRpe: Int?; let notes: String? }
    func completeWorkout(id: String, sessionRpe: Int? = nil, notes: String? = nil) throws -> Workout {
        try send("PUT", "/workouts/\(id)/complete", CompleteRequest(sessionRpe: sessionRpe, notes: notes))
    }
    func skipWorkout(id: String) throws -> Workout { try send("PUT", "/workouts/\(id)/skip") }

    // MARK: Workout sets

    struct LogSetRequest: Encodable { let actualReps: Int; let actualWeight: Double }
    func logSet(id: String, actualReps: Int, actualWeight: Double) throws -> WorkoutSet {
        try send("PUT", "/workout-sets/\(id)/log", LogSetRequest(actualReps: actualReps, actualWeight: actualWeight))
    }
    func skipSet(id: String) throws -> WorkoutSet { try send("PUT", "/workout-sets/\(id)/skip") }
    func unlogSet(id: String) throws -> WorkoutSet { try send("PUT", "/workout-sets/\(id)/unlog") }

    // MARK: Exercises

    func getExercises() throws -> [Exercise] { try send("GET", "/exercises", as: ExerciseList.self).exercises }
    func getExercise(id: String) throws -> Exercise { try send("GET", "/exercises/\(id)") }
    func createExercise(_ request: CreateExerciseRequest) throws -> Exercise { try send("POST", "/exercises", request) }
    struct UpdateExerciseRequest: Encodable { let name: String?; let weightIncrement: Double? }
    func updateExercise(id: String, name: String? = nil, weightIncrement: Double? = nil) throws -> Exercise {
        try send("PUT", "/exercises/\(id)", UpdateExerciseRequest(name: name, weightIncrement: weightIncrement))
    }
    func deleteExercise(id: String) throws -> Exercise { try send("DELETE", "/exercises/\(id)") }
    func getExerciseHistory(id: String) throws -> ExerciseHistory { try send("GET", "/exercises/\(id)/history") }

    // MARK: Plans

    func getPlans() throws -> [Plan] { try send("GET", "/plans", as: PlanList.self).plans }
    func getPlan(id: String) throws -> Plan { try send("GET", "/plans/\(id)") }
    func createPlan(name: String, durationWeeks: Int = 6) throws -> Plan { try send("POST", "/plans", CreatePlanRequest(name: name, durationWeeks: durationWeeks)) }
    func updatePlan(id: String, name: String? = nil, durationWeeks: Int? = nil) throws -> Plan {
        try send("PUT", "/plans/\(id)", UpdatePlanRequest(name: name, durationWeeks: durationWeeks))
    }
    struct ActivateRequest: Encodable { let active: Bool }
    func activatePlan(id: String) throws -> Plan { try send("PUT", "/plans/\(id)", ActivateRequest(active: true)) }
    func deletePlan(id: String) throws -> Plan { try send("DELETE", "/plans/\(id)") }

    struct DayRequest: Encodable { let name: String }
    func addPlanDay(planId: String, name: String) throws -> PlanDay { try send("POST", "/plans/\(planId)/days", DayRequest(name: name)) }
    func renamePlanDay(planId: String, day: Int, name: String) throws -> Plan { try send("PUT", "/plans/\(planId)/days/\(day)", DayRequest(name: name)) }
    func deletePlanDay(planId: String, day: Int) throws -> Plan { try send("DELETE", "/plans/\(planId)/days/\(day)") }

    struct PlanExerciseRequest: Encodable { let exercise: String; let scheme: String; let load: String? }
    func addPlanExercise(planId: String, day: Int, exercise: String, scheme: String, load: String? = nil) throws -> PlanDayExercise {
        try send("POST", "/plans/\(planId)/days/\(day)/exercises", PlanExerciseRequest(exercise: exercise, scheme: scheme, load: load))
    }
    struct PlanExerciseChange: Encodable { let scheme: String }
    func updatePlanExercise(planId: String, day: Int, exercise: String, scheme: String) throws -> PlanDayExercise {
        try send("PUT", "/plans/\(planId)/days/\(day)/exercises/\(exercise.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? exercise)", PlanExerciseChange(scheme: scheme))
    }
    func getPlanDay(planId: String, day: Int) throws -> PlanDay { try send("GET", "/plans/\(planId)/days/\(day)") }
    func deletePlanExercise(planId: String, day: Int, exercise: String) throws -> Plan {
        try send("DELETE", "/plans/\(planId)/days/\(day)/exercises/\(exercise.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? exercise)")
    }

    // MARK: Mesocycles

    func getMesocycles() throws -> [Mesocycle] { try send("GET", "/mesocycles", as: MesocycleList.self).mesocycles }
    func getActiveMesocycle() throws -> Mesocycle? { try getOptional("/mesocycles/active") }
    func createMesocycle(planId: String, startDate: String) throws -> Mesocycle {
        try send("POST", "/mesocycles", CreateMesocycleRequest(planId: planId, startDate: startDate))
    }
    func startMesocycle(id: String) throws -> Mesocycle { try send("PUT", "/mesocycles/\(id)/start") }
    func completeMesocycle(id: String) throws -> Mesocycle { try send("PUT", "/mesocycles/\(id)/complete") }
    func cancelMesocycle(id: String) throws -> Mesocycle { try send("PUT", "/mesocycles/\(id)/cancel") }

    // MARK: Stretch and meditation

    func createStretchSession(_ session: StretchSession) throws -> RecordedSession { try send("POST", "/stretch-sessions", session) }
    func getStretchSessions() throws -> SessionPage { try send("GET", "/stretch-sessions") }
    func getLatestStretchSession() throws -> RecordedSession? { try getOptional("/stretch-sessions/latest") }
    func getStretchStats() throws -> SessionStats { try send("GET", "/stretch-sessions/stats") }
    func createMeditationSession(_ session: MeditationSession) throws -> RecordedSession { try send("POST", "/meditation-sessions", session) }
    func getMeditationSessions() throws -> SessionPage { try send("GET", "/meditation-sessions") }
    func getLatestMeditationSession() throws -> RecordedSession? { try getOptional("/meditation-sessions/latest") }
    func getMeditationStats() throws -> SessionStats { try send("GET", "/meditation-sessions/stats") }

    // MARK: Calendar

    func getCalendarData(year: Int, month: Int, timezoneOffset: Int) throws -> CalendarData {
        try send("GET", "/calendar/\(year)/\(month)?tz=\(timezoneOffset)")
    }
}
