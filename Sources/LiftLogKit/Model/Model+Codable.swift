// The models are Codable through their one JSON form: encoding writes what the store file holds
// (the same keys and values, unknown keys included; sorted keys and pretty printing give the
// canonical text), decoding applies every rule the store's reader applies, and the unknown keys
// of a decoded value are kept for its next encoding. A value the rules refuse is a
// `DecodingError.dataCorrupted` naming the path, the rule and the fix of each problem.

extension Session: FileModelCodable {}
extension Exercise: FileModelCodable {}
extension TrainingPlan: FileModelCodable {}
extension Mesocycle: FileModelCodable {}
extension BodyEntry: FileModelCodable {}

/// A model that is Codable through its file form.
package protocol FileModelCodable: JSONDecodable, JSONEncodable, Codable {}

extension FileModelCodable {
    /// Decodes the model from its file's JSON, unknown keys kept.
    public init(from decoder: any Decoder) throws { self = try decodeModel(from: decoder) }
    /// Encodes the model as its file's canonical JSON.
    public func encode(to encoder: any Encoder) throws { try CodableJSON(jsonValue).encode(to: encoder) }
}

/// Reads a model from `decoder` by the store's rules.
private func decodeModel<T: JSONDecodable>(from decoder: any Decoder) throws -> T {
    let value = try CodableJSON(from: decoder).value
    do {
        return try T.decodeDocument(value)
    } catch let error as DocumentError {
        let problems = error.problems.map { "\($0.path): \($0.message)" + ($0.hint.map { " (\($0))" } ?? "") }.joined(separator: "; ")
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problems, underlyingError: error))
    }
}

/// A JSON value as any coder holds it. Numbers are read as whole numbers where they are, else
/// as doubles, and written back the same way.
private struct CodableJSON: Codable {
    var value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(CodableJSON.self, forKey: key).value }
            value = .object(JSONObject(members))
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(CodableJSON.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let bool = try? single.decode(Bool.self) {
                value = .bool(bool)
            } else if let whole = try? single.decode(Int.self) {
                value = .number(JSONNumber(whole))
            } else if let number = try? single.decode(Double.self) {
                value = .number(JSONNumber(number))
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let whole = Int(number.text) { try single.encode(whole) } else { try single.encode(Double(number.text) ?? 0) }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(CodableJSON(element)) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for member in object.members { try container.encode(CodableJSON(member.value), forKey: Key(stringValue: member.key)) }
        }
    }
}
