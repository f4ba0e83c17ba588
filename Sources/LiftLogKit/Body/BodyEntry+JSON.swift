extension BodyEntry: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case id
        case measuredAt = "measured_at"
        case measurements
        case notes
        case source
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> BodyEntry? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a body entry") else { return nil }
        let id: ID? = reader.required(Key.id)
        let measuredAt: Timestamp? = reader.required(Key.measuredAt)
        let raw: JSONValue? = reader.required(Key.measurements)
        let notes: String? = reader.optional(Key.notes)
        let source: String? = reader.optional(Key.source)
        var measurements: [String: Value] = [:]
        let base = path().appending(Key.measurements)
        if let raw {
            if case .object(let members) = raw {
                for member in members {
                    guard let value = Value.decode(member.value, at: base.appending(member.key), problems: problems) else { continue }
                    if let problem = BodyEntry.problem(name: member.key, value: value) {
                        problems.add(base.appending(member.key), problem.message, hint: problem.hint)
                    }
                    measurements[member.key] = value
                }
                if members.isEmpty {
                    problems.add(base, "measurements cannot be empty", hint: "Add one, such as \"body_weight\": {\"unit\": \"kg\", \"value\": 82.4}.")
                }
            } else {
                problems.add(base, "expected measurements (a JSON object of name → {unit, value}), found \(raw.typeDescription)")
            }
        }
        guard let id, let measuredAt else { return nil }
        return BodyEntry(id: id, measuredAt: measuredAt, measurements: measurements, notes: notes, source: source, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.id, id)
        object.set(Key.measuredAt, measuredAt)
        var members = JSONObject()
        for name in measurements.keys.sorted() { members[name] = measurements[name]!.jsonValue }
        object.set(Key.measurements, JSONValue.object(members))
        object.set(Key.notes, notes)
        object.set(Key.source, source)
        return object.value
    }

    /// The entry as the JSON object stored in its file.
    public var json: JSONValue { jsonValue }
}

extension BodyEntry.Value: JSONDecodable, JSONEncodable {
    enum Key: String, JSONKey {
        case unit
        case value
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> BodyEntry.Value? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a measurement") else { return nil }
        let unit: String? = reader.required(Key.unit)
        let number: Double? = reader.required(Key.value)
        guard let unit, let number else { return nil }
        return BodyEntry.Value(value: number, unit: unit, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.unit, unit)
        object.set(Key.value, value)
        return object.value
    }
}
