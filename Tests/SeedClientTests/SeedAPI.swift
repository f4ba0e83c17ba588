import Foundation

// The seed API's data types as its Swift client declares them: snake_case on the wire
// (`.convertFromSnakeCase`), dates as ISO 8601 (`.iso8601`), `APIResponse<T>` around every
// answer and `APIErrorResponse` for a refusal. The one change from the seed: IDs are UUID
// strings, not integers. Calendar dates (`2025-02-03`) stay strings, as `.iso8601` reads only
// whole times.

/// `{"success": true, "data": T}`.
struct APIResponse<T: Decodable>: Decodable {
    let success: Bool
    let data: T
}

/// `{"success": false, "error": {"code", "message"}}`.
struct APIErrorResponse: Decodable, Error {
    struct Body: Decodable {
        let code: String
        let message: String
    }
    let success: Bool
    let error: Body
}

struct Workout: Decodable {
    let id: String
    let kind: String
    let status: String
    let startedAt: Date
    let completedAt: Date?
    let plan: String?
    let planDay: String?
    let weekNumber: Int?
    let mesocycleId: String?
    let notes: String?
    let entries: [WorkoutExercise]
}

struct WorkoutExercise: Decodable {
    let exerciseName: String
    let exerciseId: String?
    let sets: [WorkoutSet]
}

struct WorkoutSet: Decodable {
    let setId: String
    let workoutId: String?
    let setNumber: Int
    let targetReps: Int?
    let targetWeight: Double?
    let actualReps: Int?
    let actualWeight: Double?
    let status: String
    let unit: String?
    let completedAt: Date?
}

struct Exercise: Decodable {
    let id: String
    let name: String
    let modality: String
    let muscleGroups: [String]?
    let weightIncrement: Double
    let isCustom: Bool
    let createdAt: Date
}

struct ExerciseList: Decodable {
    let exercises: [Exercise]
}

struct CreateExerciseRequest: Encodable {
    let name: String
    let modality: String?
    let weightIncrement: Double?
}

struct HistorySet: Decodable {
    let setNumber: Int
    let targetReps: Int?
    let targetWeight: Double?
    let actualReps: Int?
    let actualWeight: Double?
    let status: String
}

struct ExerciseHistoryEntry: Decodable {
    let workoutId: String
    let date: String
    let weekNumber: Int?
    let mesocycleId: String?
    let sets: [HistorySet]
}

struct PersonalRecord: Decodable {
    let weight: Double
    let reps: Int
    let date: String
}

struct ExerciseHistory: Decodable {
    let exercise: Exercise
    let entries: [ExerciseHistoryEntry]
    let personalRecord: PersonalRecord?
}

struct PlanDayExercise: Decodable {
    let exerciseName: String
    let exerciseId: String?
    let sets: Int
    let reps: String
}

struct PlanDay: Decodable {
    let name: String
    let exercises: [PlanDayExercise]
}

struct Plan: Decodable {
    let id: String
    let name: String
    let durationWeeks: Int
    let daysPerWeek: Int?
    let notes: String?
    let isActive: Bool
    let days: [PlanDay]
    let createdAt: Date
}

struct PlanList: Decodable {
    let plans: [Plan]
}

struct CreatePlanRequest: Encodable {
    let name: String
    let durationWeeks: Int
}

struct UpdatePlanRequest: Encodable {
    let name: String?
    let durationWeeks: Int?
}

struct Mesocycle: Decodable {
    let id: String
    let planId: String
    let startDate: String
    let endDate: String
    let durationWeeks: Int
    let status: String
}

struct MesocycleList: Decodable {
    let mesocycles: [Mesocycle]
}

struct CreateMesocycleRequest: Encodable {
    let planId: String
    let startDate: String
}

struct CalendarData: Decodable {
    let year: Int
    let month: Int
    let startDate: String
    let endDate: String
    let days: [String: [String]]
    let skipped: [String]
}

/// A stretch session as the app the seed was written for encodes it.
struct StretchSession: Codable {
    let id: String
    let completedAt: Date
    let totalDurationSeconds: Int
    let regionsCompleted: [String]
    let regionsSkipped: [String]
}

/// A meditation session as that app encodes it.
struct MeditationSession: Codable {
    let id: String
    let completedAt: Date
    let durationSeconds: Int
    let meditationType: String?
}

/// A stretch or meditation session as the server answers it.
struct RecordedSession: Decodable {
    let id: String
    let kind: String
    let startedAt: Date
    let completedAt: Date
    let totalDurationSeconds: Int
    let regionsCompleted: [String]
    let regionsSkipped: [String]
    let meditationType: String?
}

struct SessionPage: Decodable {
    struct Item: Decodable {
        let id: String
        let kind: String
        let startedAt: Date
    }
    let sessions: [Item]
    let total: Int
}

struct SessionStats: Decodable {
    let totalSessions: Int
    let totalMinutes: Int
    let currentStreak: Int
    let longestStreak: Int
}
