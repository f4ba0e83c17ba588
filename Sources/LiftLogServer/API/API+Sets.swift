import LiftLogKit

/// One set by its ID (`SESSION.KEY`, see ``SetID``): change it,
/// complete, skip or un-log it, remove it.
extension API {
    static let setRoutes: [Route] = [
        Route("workout-sets/:id", [
            "GET": { call throws(LiftLogError) in
                let store = try call.store()
                let found = try store.set(SetID.parse(call[0]))
                return APIResponse.ok(setJSON(found.stored, entry: found.entry, set: found.set))
            },
            "PUT": { call throws(LiftLogError) in try changeSet(call, action: nil) },
            "DELETE": { call throws(LiftLogError) in
                let store = try call.store()
                return try APIResponse.ok(session: try store.removeSet(SetID.parse(call[0])), store: store)
            },
        ]),
        Route("workout-sets/:id/log", ["PUT": { call throws(LiftLogError) in try changeSet(call, action: .complete) }]),
        Route("workout-sets/:id/skip", ["PUT": { call throws(LiftLogError) in try changeSet(call, action: .skip) }]),
        Route("workout-sets/:id/unlog", ["PUT": { call throws(LiftLogError) in try changeSet(call, action: .undo) }]),
    ]

    /// The set (``DataShapes/set(_:entry:set:)``) with its exercise and its session's ID (also
    /// as the seed API's `workout_id`).
    static func setJSON(_ stored: StoredSession, entry: Int, set: Int) -> JSONValue {
        guard case .object(var object) = DataShapes.set(stored.session, entry: entry, set: set) else { return .null }
        object["session_id"] = .string(stored.session.id.rawValue)
        object["workout_id"] = .string(stored.session.id.rawValue)
        object["exercise_name"] = .string(stored.session.entries[entry].exerciseName)
        object["exercise_id"] = stored.session.entries[entry].exerciseID.map { .string($0.rawValue) } ?? .null
        return .object(object)
    }

    /// The fields of `PUT /workout-sets/:id[/log|/skip|/unlog]`: `weight` (or the seed client's
    /// `actual_weight`), `unit`, `reps` (or `actual_reps`), `bodyweight`, `duration_seconds`,
    /// `distance_m`, `rpe`, `rir`, `set_type`, `notes`. A weight without a unit is in the set's
    /// unit, else the store's; `null` for `rpe`, `rir`, `duration_seconds` or `distance_m`
    /// removes that value. Any other key is refused: nothing is half-applied.
    static let setFields = ["weight", "actual_weight", "unit", "reps", "actual_reps", "bodyweight", "duration_seconds", "distance_m",
                            "rpe", "rir", "set_type", "notes"]

    static func changeSet(_ call: Call, action: SetChange.Action?) throws(LiftLogError) -> HTTPResponse {
        try call.refuseUnknownKeys(setFields)
        var change = SetChange(weight: try call.alias("weight", "actual_weight", call.number),
                               unit: try call.enumeration("unit", WeightUnit.self), reps: try call.alias("reps", "actual_reps", call.integer),
                               rpe: try call.number("rpe"), rir: try call.integer("rir"), setType: try call.enumeration("set_type", WorkoutSet.SetType.self),
                               note: try call.string("notes"), action: action)
        change.bodyweight = try call.bool("bodyweight")
        change.durationSeconds = try call.integer("duration_seconds")
        change.distanceMeters = try call.number("distance_m")
        let body = try call.body()
        for (key, field) in [("rpe", SetChange.Removable.rpe), ("rir", .rir), ("duration_seconds", .seconds), ("distance_m", .distance)]
        where body[key] == .null {
            change.removing.insert(field)
        }
        guard !change.isEmpty else {
            throw .validation("Give what changes: weight, unit, reps, bodyweight, duration_seconds, distance_m, rpe, rir, set_type or notes.")
        }
        let store = try call.store()
        let id = try SetID.parse(call[0])
        let changed = try store.changeSet(id, change)
        // Logged, skipped or un-logged: the set, as the seed API's client reads it.
        guard action != nil else { return try APIResponse.ok(session: changed, store: store) }
        let (entry, set) = try Store.locateSet(id.key, in: changed.session)
        return APIResponse.ok(setJSON(changed, entry: entry, set: set))
    }
}
