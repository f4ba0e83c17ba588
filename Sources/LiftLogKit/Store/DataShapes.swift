/// The JSON shapes every surface answers with (the CLI's `--json`, the HTTP API): SPEC §7.1.
package enum DataShapes {
    /// A session as stored, plus `duration_seconds`, `total_volume`, `volume_unit`,
    /// `exercise_count`, `set_count` and `path`, and in each entry its `best_e1rm` (in
    /// `volume_unit`; `null` without a set of 1 to 12 reps with a load).
    package static func session(_ stored: StoredSession, store: Store) throws(LiftLogError) -> JSONValue {
        let numbers = try store.derivedNumbers(of: stored.session)
        return tree(of: stored, adding: derivedMembers(of: stored, numbers.metrics), progress: numbers.progress)
    }

    /// ``session(_:store:)`` with `members` added (each replacing the member of its key), as
    /// ``JSONWriter/compactBytes(_:)`` writes it: what the HTTP server answers for a session.
    package static func sessionCompactBytes(_ stored: StoredSession, store: Store, adding members: JSONObject = [:]) throws(LiftLogError) -> [UInt8] {
        let numbers = try store.derivedNumbers(of: stored.session)
        var added = derivedMembers(of: stored, numbers.metrics)
        added.merge(members)
        return JSONWriter.compactBytes(tree(of: stored, adding: added, progress: numbers.progress))
    }

    /// The session's tree with `members` set in it, each entry with its best e1RM from
    /// `progress`, each set with its `set_id`.
    private static func tree(of stored: StoredSession, adding members: JSONObject, progress: [ProgressEntry]) -> JSONValue {
        guard case .object(var object) = stored.session.json else { return stored.session.json }
        object.merge(members)
        // Each set with the ID clients name it by (`SESSION.KEY`).
        if case .array(var entries)? = object["entries"] {
            for entryIndex in entries.indices where entryIndex < stored.session.entries.count {
                guard case .object(var entry) = entries[entryIndex] else { continue }
                entry["sets"] = .array(stored.session.entries[entryIndex].sets.indices.map { set(stored.session, entry: entryIndex, set: $0) })
                entry["best_e1rm"] = progress.indices.contains(entryIndex) ? progress[entryIndex].e1rm.map { .number(JSONNumber($0)) } ?? .null : .null
                entries[entryIndex] = .object(entry)
            }
            object["entries"] = .array(entries)
        }
        return .object(object)
    }

    /// The members ``session(_:store:)`` adds to (or sets in) the session's own.
    private static func derivedMembers(of stored: StoredSession, _ metrics: SessionMetrics) -> JSONObject {
        var object = JSONObject()
        object["duration_seconds"] = metrics.durationSeconds.map { .number(JSONNumber($0)) } ?? .null
        object["total_volume"] = .number(JSONNumber(metrics.totalVolume))
        object["volume_unit"] = .string(metrics.unit.rawValue)
        object["exercise_count"] = .number(JSONNumber(metrics.exerciseCount))
        object["set_count"] = .number(JSONNumber(metrics.setCount))
        object["path"] = .string(stored.path)
        return object
    }

    /// A set as stored plus `set_id`, the ID clients name it by (``Store/setID(in:entry:set:)``),
    /// and once it is logged `actual_reps` and `actual_weight` (``WorkoutSet/actualReps``).
    package static func set(_ session: Session, entry: Int, set: Int) -> JSONValue {
        let value = session.entries[entry].sets[set]
        guard case .object(var object) = value.jsonValue else { return .null }
        object["set_id"] = .string(Store.setID(in: session, entry: entry, set: set).description)
        // What was done, as the seed API names it, once the set is logged.
        if let reps = value.actualReps { object["actual_reps"] = .number(JSONNumber(reps)) }
        if let weight = value.actualWeight { object["actual_weight"] = .number(JSONNumber(weight)) }
        return .object(object)
    }

    /// `GET /api/exercises/:id/history`: ``progressJSON(_:)`` with the exercise itself
    /// (`exercise`), and each entry with its session as `workout_id`, its `mesocycle_id`, and
    /// `sets`, every set of the exercise in that session (``set(_:entry:set:)``, planned,
    /// skipped and warm-ups included), where `progress --json` counts the working sets
    /// (`set_count` here). Reads the file of every session in the history.
    package static func exerciseHistory(_ report: ExerciseReport, exercise: Exercise, store: Store) throws(LiftLogError) -> JSONValue {
        guard case .object(var object) = progressJSON(report), case .array(let entries)? = object["entries"] else { return progressJSON(report) }
        var detailed: [JSONValue] = []
        for (entry, item) in zip(report.entries, entries) {
            guard case .object(var members) = item else { continue }
            let session = try store.session(idPrefix: entry.sessionID.rawValue).session
            var sets: [JSONValue] = []
            for index in session.entries.indices where exercise.isRecorded(as: session.entries[index].exerciseID, name: session.entries[index].exerciseName) {
                for number in session.entries[index].sets.indices { sets.append(self.set(session, entry: index, set: number)) }
            }
            members["set_count"] = members["sets"]
            members["sets"] = .array(sets)
            members["workout_id"] = .string(session.id.rawValue)
            members["mesocycle_id"] = session.mesocycleID.map { .string($0.rawValue) } ?? .null
            detailed.append(.object(members))
        }
        object["entries"] = .array(detailed)
        object["exercise"] = exercise.json
        return .object(object)
    }

    /// A session of a history page: ``summaryMembers(of:_:)`` as a tree.
    package static func summary(_ summary: SessionSummary) -> JSONValue {
        tree(members: { summaryMembers(of: summary, $0) })
    }

    /// A page of history: ``historyMembers(of:_:)`` as a tree.
    package static func history(_ page: HistoryPage) -> JSONValue {
        tree(members: { historyMembers(of: page, $0) })
    }

    /// ``history(_:)`` as ``JSONWriter/compactBytes(_:)`` writes it, byte for byte, written
    /// straight from the page without building the tree: what the HTTP server answers for every
    /// page of history (the tree and its writing were a third of a page's work).
    package static func historyCompactBytes(_ page: HistoryPage) -> [UInt8] {
        var output = ByteBuffer(capacity: 256 + 448 * page.sessions.count)
        writeCompact(members: { historyMembers(of: page, $0) }, into: &output)
        return output.bytes()
    }

    /// A value of a page of history: text, a time or a number, absent (`null`) but for a
    /// total, or the page's sessions. Each kind is written without making a `String` where it
    /// can be.
    private enum MemberValue {
        case string(String?)
        case timestamp(Timestamp?)
        case integer(Int?)
        case double(Double)
        case summaries([SessionSummary])
    }

    /// The members of a page of history, in the order they are written (code point order of
    /// their keys): the one list both the tree (``history(_:)``) and the compact bytes
    /// (``historyCompactBytes(_:)``) are made from.
    private static func historyMembers(of page: HistoryPage, _ member: (StaticString, MemberValue) -> Void) {
        member("page", .integer(page.page))
        member("per_page", .integer(page.perPage))
        member("sessions", .summaries(page.sessions))
        member("total", .integer(page.total))
        member("total_pages", .integer(page.totalPages))
    }

    /// The members of a session of a history page, in the order they are written (code point
    /// order of their keys), as ``historyMembers(of:_:)`` lists the page's.
    private static func summaryMembers(of summary: SessionSummary, _ member: (StaticString, MemberValue) -> Void) {
        member("completed_at", .timestamp(summary.completedAt))
        member("duration_seconds", .integer(summary.durationSeconds))
        member("exercise_count", .integer(summary.exerciseCount))
        member("id", .string(summary.id.rawValue))
        member("kind", .string(summary.kind.rawValue))
        member("path", .string(summary.path))
        member("plan", .string(summary.plan))
        member("plan_day", .string(summary.planDay))
        member("set_count", .integer(summary.setCount))
        member("started_at", .timestamp(summary.startedAt))
        member("status", .string(summary.status.rawValue))
        member("total_distance_m", .double(summary.totalDistanceMeters))
        member("total_volume", .double(summary.totalVolume))
        member("volume_unit", .string(summary.unit.rawValue))
        member("week_number", .integer(summary.weekNumber))
    }

    /// The object whose members `members` lists, as a tree (as ``writeCompact(members:into:)``
    /// writes it), made in the order the keys are written: the writer need not sort them.
    private static func tree(members: ((StaticString, MemberValue) -> Void) -> Void) -> JSONValue {
        var list: [JSONObject.Member] = []
        list.reserveCapacity(15)
        members { key, value in list.append(.init(key: key.description, value: tree(value))) }
        return .object(JSONObject(uniqueMembers: list))
    }

    /// A member's value as a tree.
    private static func tree(_ value: MemberValue) -> JSONValue {
        switch value {
        case .string(let text): text.map { .string($0) } ?? .null
        case .timestamp(let time): time.map { .string($0.description) } ?? .null
        case .integer(let number): number.map { .number(JSONNumber($0)) } ?? .null
        case .double(let number): .number(JSONNumber(number))
        case .summaries(let summaries): .array(summaries.map(summary))
        }
    }

    /// The object whose members `members` lists, written compactly.
    private static func writeCompact(members: ((StaticString, MemberValue) -> Void) -> Void, into output: inout ByteBuffer) {
        var separator: UInt8 = 0x7B // `{`, then `,`
        members { key, value in
            output.append(separator)
            separator = 0x2C
            output.append(0x22)
            output.append(key)
            output.append("\":")
            switch value {
            case .string(let text?): JSONWriter.writeString(text, into: &output)
            case .timestamp(let time?):
                // Digits, signs and separators only: nothing to escape.
                output.append(0x22)
                time.appendText(to: &output)
                output.append(0x22)
            case .integer(let number?): JSONNumber.appendText(of: number, to: &output)
            case .double(let number): JSONNumber.appendText(of: number, to: &output)
            case .string(nil), .timestamp(nil), .integer(nil): output.append("null")
            case .summaries(let summaries):
                output.append(0x5B)
                for (offset, summary) in summaries.enumerated() {
                    if offset > 0 { output.append(0x2C) }
                    writeCompact(members: { summaryMembers(of: summary, $0) }, into: &output)
                }
                output.append(0x5D)
            }
        }
        output.append(0x7D)
    }

    /// What an error gives a client to act on (`error.details`): close names, the problems of a
    /// corrupt file (each as `problem` renders it), the path of an I/O failure, the caret of a
    /// set's notation, and the remedy's code.
    package static func errorDetails(_ error: LiftLogError, problem: (FileProblem) -> JSONValue) -> JSONObject {
        var details = JSONObject()
        switch error {
        case .notFound(_, let suggestions, _) where !suggestions.isEmpty:
            details["suggestions"] = .array(suggestions.map { .string($0) })
        case .corruptFile(let problems):
            details["problems"] = .array(problems.map(problem))
        case .io(let path, _, _, _):
            details["path"] = .string(path)
        case .validation(_, .correctSet(let token, let offset, let suggestion)?):
            details["token"] = .string(token)
            details["column"] = .number(JSONNumber(offset + 1))
            if let suggestion { details["suggestion"] = .string(suggestion) }
        default:
            break
        }
        if let remedy = error.remedy { details["remedy"] = .string(remedy.code) }
        return details
    }

    // MARK: Records

    /// A personal record (the heaviest set), or `null`.
    package static func recordJSON(_ record: PersonalRecord?) -> JSONValue {
        guard let record else { return .null }
        return ["weight": .number(JSONNumber(record.weight)), "unit": .string(record.unit.rawValue), "reps": .number(JSONNumber(record.reps)),
                "date": .string(record.date.description), "session_id": .string(record.sessionID.rawValue)]
    }

    /// The most reps without added weight, or `null`.
    package static func maxRepsJSON(_ report: ExerciseReport) -> JSONValue {
        guard let best = report.maxReps else { return .null }
        return ["reps": .number(JSONNumber(best.reps)), "date": .string(best.date.description), "session_id": .string(best.sessionID.rawValue)]
    }

    /// One kind's totals and streaks, as `stats --json` gives each kind (the skipped sessions
    /// apart from those trained).
    package static func kindStats(_ value: KindStats) -> JSONValue {
        ["total_sessions": .number(JSONNumber(value.totalSessions)), "skipped_sessions": .number(JSONNumber(value.skippedSessions)),
         "total_minutes": .number(JSONNumber(value.totalMinutes)),
         "current_streak": .number(JSONNumber(value.currentStreak)), "longest_streak": .number(JSONNumber(value.longestStreak))]
    }

    /// An exercise's history, as `progress --json` gives it.
    package static func progressJSON(_ report: ExerciseReport) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        return [
            "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
            "exercise_name": .string(report.exerciseName),
            "unit": .string(report.unit.rawValue),
            "entries": .array(report.entries.map { entry in
                ["session_id": .string(entry.sessionID.rawValue), "date": .string(entry.date.description),
                 "week_number": entry.weekNumber.map { .number(JSONNumber($0)) } ?? .null, "sets": .number(JSONNumber(entry.sets)),
                 "best_weight": number(entry.bestWeight), "best_set_reps": entry.bestSetReps.map { .number(JSONNumber($0)) } ?? .null,
                 "e1rm": number(entry.e1rm), "volume": .number(JSONNumber(entry.volume)),
                 "max_reps": entry.maxReps.map { .number(JSONNumber($0)) } ?? .null,
                 "longest_seconds": entry.longestSeconds.map { .number(JSONNumber($0)) } ?? .null,
                 "distance_m": number(entry.distanceMeters), "seconds_per_km": number(entry.secondsPerKilometre.map { ($0 * 10).rounded() / 10 })]
            }),
            "personal_record": recordJSON(report.personalRecord),
            "max_reps": maxRepsJSON(report),
        ]
    }

    /// The records of every kind of set, as `pr --json` gives them.
    package static func kindRecordsJSON(_ report: ExerciseReport) -> JSONObject {
        func hold(_ record: HoldRecord?) -> JSONValue {
            guard let record else { return .null }
            return ["seconds": .number(JSONNumber(record.seconds)), "weight": record.weight.map { .number(JSONNumber($0)) } ?? .null,
                    "unit": record.unit.map { .string($0.rawValue) } ?? .null, "date": .string(record.date.description),
                    "session_id": .string(record.sessionID.rawValue)]
        }
        func distance(_ record: DistanceRecord) -> JSONObject {
            ["meters": .number(JSONNumber(record.meters)), "seconds": record.seconds.map { .number(JSONNumber($0)) } ?? .null,
             "seconds_per_km": record.secondsPerKilometre.map { .number(JSONNumber(($0 * 10).rounded() / 10)) } ?? .null,
             "date": .string(record.date.description), "session_id": .string(record.sessionID.rawValue)]
        }
        return [
            "best_added_load": recordJSON(report.bestAddedLoad),
            "longest_hold": hold(report.longestHold),
            "heaviest_hold": hold(report.heaviestHold),
            "longest_distance": report.longestDistance.map { .object(distance($0)) } ?? .null,
            "paces": .array(report.paces.map { pace in
                var object = distance(pace.record)
                object["distance"] = .string(pace.label)
                object["distance_m"] = .number(JSONNumber(pace.standardMeters))
                return .object(object)
            }),
        ]
    }

    /// One exercise's records, as `pr EXERCISE --json` gives them.
    package static func exerciseRecordsJSON(_ report: ExerciseReport) -> JSONValue {
        var object: JSONObject = [
            "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
            "exercise_name": .string(report.exerciseName),
            "personal_record": recordJSON(report.personalRecord),
            "best_e1rm": report.bestE1RM.map { ["value": .number(JSONNumber($0.value)), "unit": .string(report.unit.rawValue), "date": .string($0.date.description), "session_id": .string($0.sessionID.rawValue)] } ?? .null,
            "rep_records": .array(report.repRecords.map { ["reps": .number(JSONNumber($0.reps)), "weight": .number(JSONNumber($0.weight)), "unit": .string($0.unit.rawValue), "date": .string($0.date.description)] }),
            "max_reps": maxRepsJSON(report),
        ]
        object.merge(kindRecordsJSON(report))
        return .object(object)
    }

    // MARK: Trends

    /// Trends, as `trends --json` gives them.
    package static func trendsJSON(_ report: TrendsReport) -> JSONValue {
        .object([
            "unit": .string(report.unit.rawValue),
            "this_week": .array(report.thisWeek.map { day in
                .object(["date": .string(day.date.description), "kinds": .array(day.kinds.map { .string($0.rawValue) })])
            }),
            "weeks": .array(report.weeks.map { week in
                .object(["start_date": .string(week.start.description), "sessions": .number(JSONNumber(week.sessions)),
                         "volume": .number(JSONNumber(week.volume)), "minutes": .number(JSONNumber(week.minutes)),
                         "muscle_sets": muscleSetsJSON(week.muscleSets)])
            }),
            "sessions_per_week": .number(JSONNumber((report.sessionsPerWeek * 100).rounded() / 100)),
            "current_streak": .number(JSONNumber(report.currentStreak)),
            "longest_streak": .number(JSONNumber(report.longestStreak)),
            "main_lifts": .array(report.lifts.map { lift in
                var object: JSONObject = [
                    "exercise_name": .string(lift.exerciseName),
                    "sessions": .number(JSONNumber(lift.sessions)),
                    "e1rm": .array(lift.weekly.map { $0.map { .number(JSONNumber($0)) } ?? .null }),
                ]
                object["exercise_id"] = lift.exerciseID.map { .string($0.rawValue) } ?? .null
                return .object(object)
            }),
        ])
    }

    /// Hard sets per muscle group.
    package static func muscleSetsJSON(_ sets: [String: Double]) -> JSONValue {
        .object(JSONObject(sets.mapValues { .number(JSONNumber($0)) }))
    }

    /// `today --json`: the active plan's next day and its targets, with the plates per side of
    /// each target when `plates` is given (``Store/plates(for:)``).
    package static func today(_ report: TodayReport, plates: [Int: PlateLoading]? = nil) -> JSONValue {
        var object: JSONObject = [
            "plan": .string(report.plan.name),
            "plan_id": .string(report.plan.id.rawValue),
            "day": .string(report.day.name),
            "day_number": .number(JSONNumber(report.dayIndex + 1)),
            "unit": .string(report.unit.rawValue),
            "exercises": .array(report.targets.map { target in
                var item: JSONObject = [
                    "exercise_name": .string(target.exerciseName),
                    "sets": .number(JSONNumber(target.planned.sets)),
                    "reps": .string(target.planned.reps),
                    "progressed": .bool(target.progressed),
                ]
                item["exercise_id"] = target.exerciseID.map { .string($0.rawValue) } ?? .null
                item["target_reps"] = target.planned.targetReps.map { .number(JSONNumber($0)) } ?? .null
                item["target_weight"] = target.weight.map { .number(JSONNumber($0)) } ?? .null
                item["target_unit"] = target.weight == nil ? .null : .string(target.unit.rawValue)
                item["progress"] = target.planned.progress.map { .string($0.text) } ?? .null
                item["prescription"] = target.prescription.map(prescription) ?? .null
                return .object(item)
            }),
        ]
        object["last_plan_session"] = report.lastPlanSession.map(summary) ?? .null
        object["last_session"] = report.lastSession.map(summary) ?? .null
        object["last_session_feel"] = report.lastSessionFeel.map { .number(JSONNumber($0)) } ?? .null
        object["active_session"] = report.activeSession.map(summary) ?? .null
        object["mesocycle_id"] = report.mesocycle.map { .string($0.id.rawValue) } ?? .null
        object["week_number"] = report.week.map { .number(JSONNumber($0)) } ?? .null
        object["scheduled_on"] = report.scheduledOn.map { .string($0.description) } ?? .null
        object["rest_day"] = .bool(report.isRestDay)
        if let plates, case .array(var exercises)? = object["exercises"] {
            for index in exercises.indices {
                guard case .object(var item) = exercises[index] else { continue }
                item["plates_per_side"] = plates[index].map { .array($0.perSide.map { .number(JSONNumber($0)) }) } ?? .null
                exercises[index] = .object(item)
            }
            object["exercises"] = .array(exercises)
        }
        return .object(object)
    }

    /// What a progression rule prescribes: `{"summary": "3x5 @ 100kg", "unit", "reason",
    /// "sets": [{"reps", "amrap", "weight", "percent"}]}`.
    package static func prescription(_ prescription: Prescription) -> JSONValue {
        .object([
            "summary": .string(prescription.summary),
            "unit": .string(prescription.unit.rawValue),
            "reason": .string(prescription.reason),
            "sets": .array(prescription.sets.map { set in
                .object([
                    "reps": .number(JSONNumber(set.reps)),
                    "amrap": .bool(set.amrap),
                    "weight": set.weight.map { .number(JSONNumber($0)) } ?? .null,
                    "percent": set.percent.map { .number(JSONNumber(($0 * 1000).rounded() / 10)) } ?? .null,
                ])
            }),
        ])
    }

    /// `plan simulate --json`: the sessions ahead, each with its exercises' prescriptions.
    package static func simulation(_ simulation: ProgramSimulation) -> JSONValue {
        .object([
            "plan": .string(simulation.plan.name),
            "weeks": .number(JSONNumber(simulation.weeks)),
            "assume": .string(simulation.assumption.rawValue),
            "sessions": .array(simulation.sessions.map { session in
                .object([
                    "week": .number(JSONNumber(session.week)),
                    "cycle": .number(JSONNumber(session.cycle)),
                    "date": .string(session.date.description),
                    "day": .string(session.day),
                    "exercises": .array(session.exercises.map { exercise in
                        .object([
                            "exercise_name": .string(exercise.name),
                            "planned": .string(exercise.planned.notation),
                            "prescription": exercise.prescription.map(prescription) ?? .null,
                            "missed": .bool(exercise.missed),
                        ])
                    }),
                ])
            }),
        ])
    }

    /// A plan as stored plus `path`, and `duration_weeks` always (``TrainingPlan/mesocycleWeeks``).
    package static func plan(_ stored: StoredPlan) -> JSONValue {
        guard case .object(var object) = stored.plan.json else { return stored.plan.json }
        object["path"] = .string(stored.path)
        // The weeks a mesocycle of it lasts when none are given (the plan's, else the default).
        object["duration_weeks"] = .number(JSONNumber(stored.plan.mesocycleWeeks))
        return .object(object)
    }

    /// A mesocycle as stored plus its plan and `end_date`.
    package static func mesocycle(_ item: PlannedMesocycle) -> JSONValue {
        guard case .object(var object) = item.mesocycle.jsonValue else { return item.mesocycle.jsonValue }
        object["plan"] = .string(item.plan.name)
        object["plan_id"] = .string(item.plan.id.rawValue)
        object["end_date"] = .string(item.mesocycle.endDate.description)
        return .object(object)
    }

    /// `meso show --json`.
    package static func mesocycleReport(_ report: MesocycleReport) -> JSONValue {
        guard case .object(var object) = mesocycle(PlannedMesocycle(plan: report.plan, mesocycle: report.mesocycle)) else { return .null }
        object["current_week"] = report.currentWeek.map { .number(JSONNumber($0)) } ?? .null
        object["unit"] = .string(report.unit.rawValue)
        object["weeks"] = .array((1...report.mesocycle.durationWeeks).map { week in
            .object([
                "week_number": .number(JSONNumber(week)),
                "start_date": .string(report.mesocycle.firstDay(ofWeek: week).description),
                "sessions": .number(JSONNumber(report.sessionsPerWeek[week - 1])),
            ])
        })
        object["exercises"] = .array(report.exercises.map { exercise in
            var item: JSONObject = [
                "exercise_name": .string(exercise.exerciseName),
                "sets": .number(JSONNumber(exercise.planned.sets)),
                "reps": .string(exercise.planned.reps),
                "weight_increment": .number(JSONNumber(exercise.increment)),
                "unit": .string(exercise.unit.rawValue),
                "weeks": .array(exercise.weeks.map { week in
                    var cell: JSONObject = ["week_number": .number(JSONNumber(week.number)), "sessions": .number(JSONNumber(week.sessions))]
                    cell["target_weight"] = week.targetWeight.map { .number(JSONNumber($0)) } ?? .null
                    cell["performed_weight"] = week.performedWeight.map { .number(JSONNumber($0)) } ?? .null
                    cell["hit"] = week.hit.map { .bool($0) } ?? .null
                    return .object(cell)
                }),
            ]
            item["exercise_id"] = exercise.exerciseID.map { .string($0.rawValue) } ?? .null
            return .object(item)
        })
        object["changes"] = .array(report.changes.map { change in
            .object([
                "week_number": .number(JSONNumber(change.week)),
                "date": .string(change.date.description),
                "exercise_name": .string(change.exerciseName),
                "prescribed": change.prescribed.map { .string($0) } ?? .null,
                "reason": .string(change.reason),
            ])
        })
        return .object(object)
    }
}
