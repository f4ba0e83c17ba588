/// A rule a JSON document breaks, at the path of the offending value.
public struct DocumentProblem: Equatable, Hashable, Sendable {
    /// Where the offending value is.
    public var path: JSONPath
    /// What is wrong.
    public var message: String
    /// How to fix it, when there is something to say.
    public var hint: String?
    /// Whether the problem is the key itself (an unknown or misspelled key) rather than its value.
    public var isAboutKey: Bool

    /// A problem at `path` in a document.
    public init(path: JSONPath, message: String, hint: String? = nil, isAboutKey: Bool = false) {
        self.path = path
        self.message = message
        self.hint = hint
        self.isAboutKey = isAboutKey
    }
}

/// A document that parsed as JSON but does not describe a valid model value.
public struct DocumentError: Error, Equatable, Sendable {
    /// Every problem found, in document order of discovery.
    public var problems: [DocumentProblem]
    /// What may be a mistake, found on the way (shown with the problems).
    public var warnings: [DocumentProblem] = []
}

/// Collects problems while a document is decoded, so all of them are reported at once.
package final class ProblemList {
    package private(set) var problems: [DocumentProblem] = []
    /// What may be a mistake but does not stop the document from being read (a key that looks
    /// like a misspelling of a known one): `check` shows these as warnings.
    package private(set) var warnings: [DocumentProblem] = []

    package init() {}

    package func add(_ path: JSONPath, _ message: String, hint: String? = nil, isAboutKey: Bool = false) {
        problems.append(DocumentProblem(path: path, message: message, hint: hint, isAboutKey: isAboutKey))
    }

    package func warn(_ path: JSONPath, _ message: String, hint: String? = nil) {
        let warning = DocumentProblem(path: path, message: message, hint: hint, isAboutKey: true)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    package var isEmpty: Bool { problems.isEmpty }
}

/// A type that reads itself from a ``JSONValue``, reporting every problem it finds.
package protocol JSONDecodable {
    /// The value, or `nil` after recording why it could not be read. `path` is evaluated only
    /// when a problem is recorded or a nested object needs it, so reading costs no allocations
    /// for paths.
    static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Self?

    /// The value of a whole document read straight from its bytes, when the type has such a
    /// reader and the document reads without a problem; `nil` sends the document through
    /// ``decode(_:at:problems:)``, which must give the same value for it.
    static func decodeDirect(_ bytes: [UInt8]) -> Self?
}

extension JSONDecodable {
    package static func decodeDirect(_ bytes: [UInt8]) -> Self? { nil }
}

/// A type that writes itself as a ``JSONValue``.
package protocol JSONEncodable {
    var jsonValue: JSONValue { get }

    /// The value as a file in the store's canonical form: ``JSONWriter/canonicalBytes(_:)`` of
    /// ``jsonValue``, which a type may write without building the tree (a session).
    var canonicalBytes: [UInt8] { get }
}

extension JSONEncodable {
    package var canonicalBytes: [UInt8] { JSONWriter.canonicalBytes(jsonValue) }
}

extension JSONDecodable {
    /// Decodes a whole document, throwing ``DocumentError`` with every problem found.
    package static func decodeDocument(_ value: JSONValue) throws -> Self {
        try decodeDocumentWithWarnings(value).value
    }

    /// Decodes a whole document, with the warnings found on the way.
    package static func decodeDocumentWithWarnings(_ value: JSONValue) throws -> (value: Self, warnings: [DocumentProblem]) {
        let problems = ProblemList()
        let decoded = decode(value, at: JSONPath.root, problems: problems)
        guard let decoded, problems.isEmpty else { throw DocumentError(problems: problems.problems, warnings: problems.warnings) }
        return (decoded, problems.warnings)
    }
}

/// Reads the members of one JSON object, remembering which keys were read so the rest can be
/// kept as unknown keys.
package struct ObjectReader {
    package let members: JSONObject
    package let path: JSONPath
    package let problems: ProblemList
    /// Which members were read, by position: a bit each for the first 64 (every object of a
    /// store file), the rest in a list. No allocation for the common case.
    private var consumedBits: UInt64 = 0
    private var consumedBeyond: [Bool] = []
    /// The keys the model asked for that are absent (`problem` set for a required one, whose
    /// misspelling is reported as the error itself).
    private var absent: [(key: String, problem: Int?)] = []

    /// Starts reading `value`, or records that it is not an object and returns `nil`.
    package init?(_ value: JSONValue, at path: JSONPath, problems: ProblemList, describing what: String) {
        guard case .object(let members) = value else {
            problems.add(path, "expected \(what) (a JSON object), found \(value.typeDescription)")
            return nil
        }
        self.members = members
        self.path = path
        self.problems = problems
        if members.count > 64 { consumedBeyond = [Bool](repeating: false, count: members.count - 64) }
    }

    private func isConsumed(_ position: Int) -> Bool {
        position < 64 ? consumedBits & (1 << UInt64(position)) != 0 : consumedBeyond[position - 64]
    }

    private mutating func take(_ key: String) -> JSONValue? {
        guard let position = members.index(of: key) else {
            // Most objects lack most optional keys: room for them all at once, not by doubling.
            if absent.isEmpty { absent.reserveCapacity(16) }
            absent.append((key, nil))
            return nil
        }
        if position < 64 { consumedBits |= 1 << UInt64(position) } else { consumedBeyond[position - 64] = true }
        let value = members.members[position].value
        return value == .null ? nil : value
    }

    /// The value of a key that must be present.
    package mutating func required<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let value = take(key) else {
            // A present key that is a misspelling of it: the problem is there.
            if let typo = members.members.first(where: { ObjectReader.looksLikeMisspelling($0.key, of: key) })?.key {
                absent[absent.count - 1].problem = -1
                problems.add(path.appending(typo), "missing required key \"\(key)\"; \"\(typo)\" looks like a misspelling of it",
                             hint: "Rename \"\(typo)\" to \"\(key)\".", isAboutKey: true)
            } else {
                problems.add(path, "missing required key \"\(key)\"", hint: "Add \"\(key)\" to this object.")
            }
            return nil
        }
        return T.decode(value, at: path.appending(key), problems: problems)
    }

    /// The value of a key that may be absent (or `null`, read as absent).
    package mutating func optional<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let value = take(key) else { return nil }
        return T.decode(value, at: path.appending(key), problems: problems)
    }

    /// The value of a key that may be absent, else `defaultValue`.
    package mutating func optional<T: JSONDecodable>(_ key: String, default defaultValue: T) -> T {
        guard let value = take(key) else { return defaultValue }
        return T.decode(value, at: path.appending(key), problems: problems) ?? defaultValue
    }

    /// The path of `key` in this object, for problems found after decoding.
    package func path(_ key: String) -> JSONPath { path.appending(key) }

    /// The members whose keys were not read: kept as they are and written back unchanged.
    ///
    /// A kept key that looks like a misspelling of a key the model knows but did not find
    /// ("wieght" for "weight") is an error: the set would silently lose its weight otherwise
    /// (at a missing required key, the error is that key's). One that looks like a misspelling
    /// of a key the object has too is a warning: the value read is the known key's.
    package var unknownMembers: [String: JSONValue] {
        var unknown: [String: JSONValue] = [:]
        if members.count <= 64 && consumedBits == (members.count == 64 ? UInt64.max : (1 << UInt64(members.count)) - 1) { return [:] }
        // The keys read: the model's, a few dozen at most, however many unknown keys a file holds.
        var read: [String] = []
        for (position, member) in members.members.enumerated() {
            if isConsumed(position) { read.append(member.key) } else { unknown[member.key] = member.value }
        }
        guard !unknown.isEmpty else { return unknown }
        for key in unknown.keys.sorted() {
            if let known = absent.first(where: { ObjectReader.looksLikeMisspelling(key, of: $0.key) }) {
                guard known.problem == nil else { continue }
                problems.add(path.appending(key), "unknown key \"\(key)\" is not read; did you mean \"\(known.key)\"?",
                             hint: "Rename it to \"\(known.key)\".", isAboutKey: true)
            } else if let given = read.first(where: { ObjectReader.looksLikeMisspelling(key, of: $0) }) {
                problems.warn(path.appending(key), "unknown key \"\(key)\" is kept but not read; \"\(given)\" is the one read",
                              hint: "Remove one of the two if \"\(key)\" is a misspelling of \"\(given)\".")
            }
        }
        return unknown
    }

    /// Whether `key` is within a typo of `known`: another case, or one edit (two for keys of
    /// six or more letters).
    static func looksLikeMisspelling(_ key: String, of known: String) -> Bool {
        guard key != known else { return false }
        let lower = key.lowercased()
        if lower == known { return true }
        let allowed = known.count >= 6 ? 2 : 1
        guard abs(lower.count - known.count) <= allowed, known.count >= 3 else { return false }
        return Suggestions.editDistance(lower, known) <= allowed
    }
}

/// Builds the JSON object of a model: known keys on top of the unknown ones it was read with.
package struct ObjectBuilder {
    package private(set) var members: JSONObject
    /// Whether unknown keys were given (only then can a known key already be present).
    private let hasUnknown: Bool

    package init(unknown: [String: JSONValue] = [:]) {
        self.members = unknown.isEmpty ? JSONObject() : JSONObject(unknown)
        self.hasUnknown = !unknown.isEmpty
    }

    private mutating func put(_ key: String, _ value: JSONValue?) {
        if hasUnknown {
            members[key] = value
        } else if let value {
            // Each known key is set once: append without searching.
            members.appendUnchecked(key, value)
        }
    }

    /// Sets `key`, or leaves it out when `value` is `nil` (the format has no `null`s).
    package mutating func set(_ key: String, _ value: (some JSONEncodable)?) {
        put(key, value?.jsonValue)
    }

    /// Sets `key` to an array, left out when empty.
    package mutating func setNonEmpty<T: JSONEncodable>(_ key: String, _ values: [T]) {
        put(key, values.isEmpty ? nil : values.jsonValue)
    }

    package var value: JSONValue { .object(members) }
}

// MARK: - Conformances of basic types

extension String: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> String? {
        guard case .string(let text) = value else {
            problems.add(path(), "expected a string, found \(value.typeDescription)", hint: "Put the text in double quotes.")
            return nil
        }
        return text
    }

    package var jsonValue: JSONValue { .string(self) }
}

extension Int: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Int? {
        guard case .number(let number) = value else {
            problems.add(path(), "expected a whole number, found \(value.typeDescription)", hint: "Write a whole number without quotes, such as 5.")
            return nil
        }
        guard let int = number.intValue else {
            problems.add(path(), "expected a whole number, found \(number.text)", hint: "Remove the fraction, such as 5 instead of 5.5.")
            return nil
        }
        return int
    }

    package var jsonValue: JSONValue { .number(JSONNumber(self)) }
}

extension Double: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Double? {
        guard case .number(let number) = value else {
            problems.add(path(), "expected a number, found \(value.typeDescription)", hint: "Write a number without quotes, such as 102.5.")
            return nil
        }
        let double = number.doubleValue
        guard double.isPlausibleInDocument else {
            problems.add(path(), "number \(number.text) is out of range", hint: "Write a plausible value.")
            return nil
        }
        return double
    }

    package var jsonValue: JSONValue { .number(JSONNumber(self)) }
}

extension Double {
    /// Whether a document's number may stand for a quantity: finite and under 10¹² in size
    /// (anything else is "out of range", however a document is read).
    package var isPlausibleInDocument: Bool { isFinite && abs(self) < 1e12 }
}

extension Bool: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Bool? {
        guard case .bool(let flag) = value else {
            problems.add(path(), "expected true or false, found \(value.typeDescription)", hint: "Write true or false without quotes.")
            return nil
        }
        return flag
    }

    package var jsonValue: JSONValue { .bool(self) }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> [Element]? {
        guard case .array(let elements) = value else {
            problems.add(path(), "expected an array, found \(value.typeDescription)", hint: "Wrap the values in [ and ].")
            return nil
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        var failed = false
        let base = elements.isEmpty ? JSONPath.root : path()
        for (index, element) in elements.enumerated() {
            if let decoded = Element.decode(element, at: base.appending(index), problems: problems) {
                result.append(decoded)
            } else {
                failed = true
            }
        }
        return failed ? nil : result
    }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    package var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension JSONValue: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> JSONValue? { value }
    package var jsonValue: JSONValue { self }
}

/// A string enumeration stored as its raw value.
package protocol JSONStringEnum: RawRepresentable, CaseIterable, JSONDecodable, JSONEncodable where RawValue == String {}

extension JSONStringEnum {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Self? {
        guard case .string(let text) = value else {
            problems.add(path(), "expected one of \(allowedValues), found \(value.typeDescription)", hint: "Write one of the values in double quotes.")
            return nil
        }
        guard let decoded = Self(rawValue: text) else {
            problems.add(path(), "\"\(text)\" is not one of \(allowedValues)",
                         hint: Suggestions.closest(to: text, among: allCases.map(\.rawValue), limit: 1).first.map { "Did you mean \"\($0)\"?" } ?? "Use one of the values listed.")
            return nil
        }
        return decoded
    }

    package var jsonValue: JSONValue { .string(rawValue) }

    /// `barbell, dumbbell or other`.
    package static var allowedValues: String { allCases.map(\.rawValue).joinedAsAlternatives() }
}

/// The keys of one model's JSON object, declared once (`enum Key: String, JSONKey`) and used by
/// both its reader and its writer, so the two can never spell a key differently.
package protocol JSONKey: RawRepresentable where RawValue == String {}

extension ObjectReader {
    package mutating func required<T: JSONDecodable, K: JSONKey>(_ key: K, as type: T.Type = T.self) -> T? { required(key.rawValue, as: type) }
    package mutating func optional<T: JSONDecodable, K: JSONKey>(_ key: K, as type: T.Type = T.self) -> T? { optional(key.rawValue, as: type) }
    package mutating func optional<T: JSONDecodable, K: JSONKey>(_ key: K, default defaultValue: T) -> T { optional(key.rawValue, default: defaultValue) }
    package func path<K: JSONKey>(_ key: K) -> JSONPath { path(key.rawValue) }
}

extension ObjectBuilder {
    package mutating func set<K: JSONKey>(_ key: K, _ value: (some JSONEncodable)?) { set(key.rawValue, value) }
    package mutating func setNonEmpty<T: JSONEncodable, K: JSONKey>(_ key: K, _ values: [T]) { setNonEmpty(key.rawValue, values) }
}

extension JSONPath {
    package func appending<K: JSONKey>(_ key: K) -> JSONPath { appending(key.rawValue) }
}
