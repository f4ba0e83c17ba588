import LiftLogKit

/// The exercise library: list and search, add, change (a new name renames it in plans too),
/// delete; an exercise's history, records and progress chart.
extension API {
    static let exerciseRoutes: [Route] = [
        Route("exercises", [
            "GET": { call throws(LiftLogError) in
                let store = try call.store()
                let query = call.request.query
                var search = ExerciseSearch(text: query["q"], muscle: query["muscle"])
                if let text = query["category"] {
                    guard let value = Exercise.Category(rawValue: text) else { throw .validation("category must be \(Exercise.Category.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'.") }
                    search.category = value
                }
                if let text = query["modality"] {
                    guard let value = Exercise.Modality(rawValue: text) else { throw .validation("modality must be \(Exercise.Modality.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'.") }
                    search.modality = value
                }
                let list = search.apply(to: try store.exercises())
                return APIResponse.ok(["exercises": .array(list.map(\.json))])
            },
            "POST": { call throws(LiftLogError) in
                let store = try call.store()
                let exercise = try store.addExercise(
                    name: try call.requiredString("name", what: "Exercise name", example: "{\"name\": \"Zercher Squat\", \"modality\": \"barbell\"}"),
                    modality: try call.enumeration("modality", Exercise.Modality.self) ?? .other,
                    category: try call.enumeration("category", Exercise.Category.self),
                    muscleGroups: try call.strings("muscle_groups") ?? [], secondaryMuscles: try call.strings("secondary_muscles") ?? [],
                    notes: try call.string("notes"), weightIncrement: try call.number("weight_increment") ?? Exercise.defaultWeightIncrement,
                    media: try call.string("media"))
                return APIResponse.ok(exercise.json, status: 201)
            },
        ]),
        Route("exercises/:id", [
            // The exercise, with the `measure` a set of it is logged in now (``Store/setMeasure(of:)``).
            "GET": { call throws(LiftLogError) in
                let store = try call.store()
                let found = try exercise(call[0], in: store)
                guard case .object(var object) = found.json else { return APIResponse.ok(found.json) }
                object["measure"] = .string(try store.setMeasure(of: found).rawValue)
                return APIResponse.ok(.object(object))
            },
            "PUT": { call throws(LiftLogError) in
                let store = try call.store()
                try call.refuseUnknownKeys(["name", "modality", "category", "muscle_groups", "secondary_muscles", "notes", "weight_increment", "media",
                                            "rest_seconds", "bar_weight", "loads", "aliases"])
                let current = try exercise(call[0], in: store)
                let changes = ExerciseChanges(
                    name: try call.string("name"), modality: try call.enumeration("modality", Exercise.Modality.self),
                    category: try call.enumeration("category", Exercise.Category.self), muscleGroups: try call.strings("muscle_groups"),
                    secondaryMuscles: try call.strings("secondary_muscles"), notes: try call.string("notes"),
                    weightIncrement: try call.number("weight_increment"), media: try call.string("media"), restSeconds: try call.integer("rest_seconds"),
                    barWeight: try call.number("bar_weight"), aliases: try call.strings("aliases"), loads: try call.numbers("loads"))
                return APIResponse.ok(try store.updateExercise(named: current.name, changes).json)
            },
            "DELETE": { call throws(LiftLogError) in
                let store = try call.store()
                return APIResponse.ok(try store.deleteExercise(named: try exercise(call[0], in: store).name).json)
            },
        ]),
        Route("exercises/:id/alternatives", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            return APIResponse.ok(["exercises": .array(try store.alternatives(to: try exercise(call[0], in: store)).map(\.json))])
        }]),
        Route("exercises/:id/records", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            return APIResponse.ok(DataShapes.exerciseRecordsJSON(try store.exerciseReport(try exercise(call[0], in: store).name)))
        }]),
        Route("exercises/:id/history", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            let found = try exercise(call[0], in: store)
            return APIResponse.ok(try DataShapes.exerciseHistory(try store.exerciseReport(found.name), exercise: found, store: store))
        }]),
        Route("exercises/:id/chart.svg", ["GET": chart]),
    ]

    /// An exercise by its ID or its name.
    static func exercise(_ key: String, in store: Store) throws(LiftLogError) -> Exercise {
        if let id = Exercise.ID(rawValue: key.lowercased()), let found = try store.exercises().first(where: { $0.id == id }) { return found }
        return try store.exercise(named: key)
    }

    /// `GET /exercises/:id/chart.svg?metric=`: the chart `progress --svg` draws, as SVG.
    @Sendable static func chart(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let report = try store.exerciseReport(try exercise(call[0], in: store).name)
        var metric = ProgressMetric.natural(for: report)
        if let text = call.request.query["metric"] {
            guard let given = ProgressMetric(rawValue: text.lowercased()) else {
                throw .validation("metric must be \(ProgressMetric.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'.")
            }
            metric = given
        }
        let points = ProgressChart.points(report, metric: metric)
        guard !points.isEmpty else { throw .notFound("There is no \(metric.rawValue) history of \(report.exerciseName) to chart yet.") }
        return APIResponse.svg(ProgressChart.svg(points, title: "\(report.exerciseName) — \(metric.title)", unit: metric.unit(of: report)))
    }
}
