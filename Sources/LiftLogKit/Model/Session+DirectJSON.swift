/// Sessions read straight from their file's bytes into the model (``JSONStreamReader``),
/// without the tree of JSON values in between: a reindex, `check`, `fmt` and the exports read
/// every session file, and parsing the tree and reading the model from it cost 0.035 ms of a
/// 9 KB session where this costs 0.013 ms (`liftlog-bench --profile-codec`), the difference
/// between meeting the reindex target of SPEC 9 and not. (Sessions are written through the
/// tree, ``JSONWriter``, as every other document is.)
///
/// Only a file that reads without a problem, every key known, takes this way, and gives what
/// the tree's decoder (``Session/decode(_:at:problems:)``) gives for it: a key this version
/// does not know (kept by the tree's decoder), a `null`, a value of another type, a syntax
/// error or a broken rule make it give up, and the file is read as a tree, which keeps what it
/// does not know and places each problem at its line and column.
extension Session {
    private static let directKeys = JSONKeyTable(Key.allCases.map(\.rawValue))

    package static func decodeDirect(_ bytes: [UInt8]) -> Session? {
        let session = JSONStreamReader.read(bytes) { reader -> Session? in
            var id: ID?, kind = Kind.lifting, status: Status?, startedAt: Timestamp?, completedAt: Timestamp?
            var plan: String?, planDay: String?, weekNumber: Int?, sessionRPE: Int?, painTags: [String] = [], notes: String?
            var source: String?, sourceDigest: String?, entries: [Entry] = [], durationSeconds: Int?, regions: [String] = []
            var meditationType: String?, mesocycleID: Mesocycle.ID?, skippedRegions: [String] = []
            let read = reader.readObject(keys: directKeys) { reader, position in
                switch Key.allCases[position] {
                case .id: id = reader.readString().flatMap(ID.init(rawValue:)); return id != nil
                case .kind: guard let value = reader.readString().flatMap(Kind.init(rawValue:)) else { return false }; kind = value
                case .status: status = reader.readString().flatMap(Status.init(rawValue:)); return status != nil
                case .startedAt: startedAt = reader.readTimestamp(); return startedAt != nil
                case .completedAt: completedAt = reader.readTimestamp(); return completedAt != nil
                case .plan: plan = reader.readString(); return plan != nil
                case .planDay: planDay = reader.readString(); return planDay != nil
                case .weekNumber: weekNumber = reader.readInt(); return weekNumber != nil
                case .sessionRpe: sessionRPE = reader.readInt(); return sessionRPE != nil
                case .painTags: guard let value = reader.readStrings() else { return false }; painTags = value
                case .notes: notes = reader.readString(); return notes != nil
                case .source: source = reader.readString(); return source != nil
                case .sourceDigest: sourceDigest = reader.readString(); return sourceDigest != nil
                case .entries:
                    return reader.readArray { reader in
                        guard let entry = Entry.decodeDirect(&reader) else { return false }
                        entries.append(entry)
                        return true
                    }
                case .durationSeconds: durationSeconds = reader.readInt(); return durationSeconds != nil
                case .regions: guard let value = reader.readStrings() else { return false }; regions = value
                case .regionsSkipped: guard let value = reader.readStrings() else { return false }; skippedRegions = value
                case .meditationType: meditationType = reader.readString(); return meditationType != nil
                case .mesocycleId: mesocycleID = reader.readString().flatMap(Mesocycle.ID.init(rawValue:)); return mesocycleID != nil
                }
                return true
            }
            guard read, let id, let status, let startedAt else { return nil }
            var session = Session(
                id: id, kind: kind, status: status, startedAt: startedAt, completedAt: completedAt, plan: plan,
                planDay: planDay, weekNumber: weekNumber, sessionRPE: sessionRPE, painTags: painTags, notes: notes,
                source: source, entries: entries, durationSeconds: durationSeconds, regions: regions,
                meditationType: meditationType)
            session.sourceDigest = sourceDigest
            session.mesocycleID = mesocycleID
            session.skippedRegions = skippedRegions
            return session
        }
        guard let session else { return nil }
        // A rule broken: the tree's decoder says where.
        let problems = ProblemList()
        session.validate(at: .root, into: problems)
        return problems.isEmpty ? session : nil
    }
}

extension Session.Entry {
    private static let directKeys = JSONKeyTable(Key.allCases.map(\.rawValue))

    /// An entry read as ``Session/decodeDirect(_:)`` reads its session.
    static func decodeDirect(_ reader: inout JSONStreamReader) -> Session.Entry? {
        var exerciseID: Exercise.ID?, exerciseName: String?, order = 0, notes: String?, superset: String?, method: Method?
        var sets: [WorkoutSet] = []
        let read = reader.readObject(keys: directKeys) { reader, position in
            switch Key.allCases[position] {
            case .exerciseId: exerciseID = reader.readString().flatMap(Exercise.ID.init(rawValue:)); return exerciseID != nil
            case .exerciseName: exerciseName = reader.readString(); return exerciseName != nil
            case .order: guard let value = reader.readInt() else { return false }; order = value
            case .notes: notes = reader.readString(); return notes != nil
            case .superset: superset = reader.readString(); return superset != nil
            case .method: method = reader.readString().flatMap(Method.init(rawValue:)); return method != nil
            case .sets:
                return reader.readArray { reader in
                    guard let set = WorkoutSet.decodeDirect(&reader) else { return false }
                    sets.append(set)
                    return true
                }
            }
            return true
        }
        guard read, let exerciseName else { return nil }
        return Session.Entry(exerciseID: exerciseID, exerciseName: exerciseName, order: order, notes: notes, superset: superset,
                             method: method, sets: sets)
    }
}

extension WorkoutSet {
    private static let directKeys = JSONKeyTable(Key.allCases.map(\.rawValue))
    // The values of a set's enumerations, in the order of `allCases`.
    private static let setTypes = JSONKeyTable(SetType.allCases.map(\.rawValue))
    private static let statuses = JSONKeyTable(Status.allCases.map(\.rawValue))
    private static let units = JSONKeyTable(WeightUnit.allCases.map(\.rawValue))

    /// A set read as ``Session/decodeDirect(_:)`` reads its session (the values' rules as
    /// ``decodePlain(_:)`` reads them).
    static func decodeDirect(_ reader: inout JSONStreamReader) -> WorkoutSet? {
        var set = WorkoutSet(setNumber: 1)
        func double(_ double: Double?) -> Double? {
            guard let double, double.isPlausibleInDocument else { return nil }
            return double
        }
        let read = reader.readObject(keys: directKeys) { reader, position in
            switch Key.allCases[position] {
            case .id: guard let text = reader.readString() else { return false }; set.id = text
            case .setNumber: guard let number = reader.readInt() else { return false }; set.setNumber = number
            case .setType: guard let type = reader.readCase(setTypes) else { return false }; set.setType = SetType.allCases[type]
            case .weight: guard let weight = double(reader.readDouble()) else { return false }; set.weight = weight
            case .unit: guard let unit = reader.readCase(units) else { return false }; set.unit = WeightUnit.allCases[unit]
            case .reps: guard let reps = reader.readInt() else { return false }; set.reps = reps
            case .bodyweight: guard let flag = reader.readBool() else { return false }; set.bodyweight = flag
            case .amrap: guard let flag = reader.readBool() else { return false }; set.amrap = flag
            case .rpe: guard let rpe = double(reader.readDouble()) else { return false }; set.rpe = rpe
            case .rir: guard let rir = reader.readInt() else { return false }; set.rir = rir
            case .restSeconds: guard let rest = reader.readInt() else { return false }; set.restSeconds = rest
            case .distanceM: guard let distance = double(reader.readDouble()) else { return false }; set.distanceMeters = distance
            case .durationSeconds: guard let duration = reader.readInt() else { return false }; set.durationSeconds = duration
            case .targetReps: guard let reps = reader.readInt() else { return false }; set.targetReps = reps
            case .targetWeight: guard let weight = double(reader.readDouble()) else { return false }; set.targetWeight = weight
            case .status: guard let status = reader.readCase(statuses) else { return false }; set.status = Status.allCases[status]
            case .completedAt: guard let time = reader.readTimestamp() else { return false }; set.completedAt = time
            case .notes: guard let notes = reader.readString() else { return false }; set.notes = notes
            case .requestId: guard let request = reader.readString() else { return false }; set.requestID = request
            }
            return true
        }
        return read ? set : nil
    }
}
