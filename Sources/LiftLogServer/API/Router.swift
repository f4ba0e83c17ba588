import LiftLogKit

/// One request being answered: the request, the path's parameters (`:id` segments, in
/// order) and typed readers of its query and JSON body that refuse a wrong type with
/// `VALIDATION_ERROR` naming the field.
struct Call {
    let request: HTTPRequest
    let parameters: [String]
    let api: API
    private let parsedBody: Result<JSONObject, LiftLogError>
    /// The store this call opened last, for what its reads left out.
    private let opened = LastOpenedStore()

    init(request: HTTPRequest, parameters: [String], api: API) {
        self.request = request
        self.parameters = parameters
        self.api = api
        if request.body.isEmpty {
            parsedBody = .success(JSONObject())
        } else if let value = try? JSONParser.parse(request.body), case .object(let object) = value {
            parsedBody = .success(object)
        } else {
            parsedBody = .failure(.validation("The body must be a JSON object (UTF-8)."))
        }
    }

    /// The `index`-th `:parameter` of the path.
    subscript(_ index: Int) -> String { parameters[index] }

    func store() throws(LiftLogError) -> Store {
        let store = try Store.open(at: api.storePath)
        opened.add(store)
        return store
    }

    /// The session files the reads of this call left out because they do not read
    /// (``Store/skippedSessionFiles``), or `nil` when it read none.
    var skippedSessionFiles: [String]? { opened.skippedSessionFiles }

    func body() throws(LiftLogError) -> JSONObject { try parsedBody.get() }

    /// Refuses a body with a key outside `known` (a misspelt or unsupported field would
    /// otherwise be ignored and the request half-applied), naming the keys it takes.
    func refuseUnknownKeys(_ known: [String]) throws(LiftLogError) {
        let unknown = try body().members.map(\.key).filter { !known.contains($0) }
        guard let first = unknown.first else { return }
        let closest = Suggestions.closest(to: first, among: known).first.map { " Did you mean \"\($0)\"?" } ?? ""
        throw .validation("Unknown field\(unknown.count == 1 ? "" : "s") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")).\(closest) This request takes \(known.map { "\"\($0)\"" }.joined(separator: ", ")).")
    }

    func has(_ key: String) throws(LiftLogError) -> Bool {
        guard let value = try body()[key] else { return false }
        return value != .null
    }

    func string(_ key: String) throws(LiftLogError) -> String? {
        guard let value = try body()[key], value != .null else { return nil }
        guard let text = value.stringValue else { throw .validation("\(key) must be text.") }
        return text
    }

    /// The non-empty text under `key`, or `VALIDATION_ERROR` "`what` is required" (the seed
    /// API's words, "Exercise name is required") with an example of the body.
    func requiredString(_ key: String, what: String, example: String) throws(LiftLogError) -> String {
        guard let text = try string(key), !text.trimmingWhitespace().isEmpty else { throw .validation("\(what) is required, as in \(example).") }
        return text
    }

    func number(_ key: String) throws(LiftLogError) -> Double? {
        guard let value = try body()[key], value != .null else { return nil }
        guard let number = value.numberValue, number.isFinite else { throw .validation("\(key) must be a number.") }
        return number
    }

    func integer(_ key: String) throws(LiftLogError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e9 else { throw .validation("\(key) must be a whole number, got \(JSONNumber(number)).") }
        return Int(number)
    }

    /// A client's session ID under `key` (any case), or `nil` without one.
    func sessionID(_ key: String) throws(LiftLogError) -> Session.ID? { try identifier(key) }

    /// The UUID of `key`, as an ID of `Subject`; `nil` when absent.
    func identifier<Subject>(_ key: String, of subject: Subject.Type = Subject.self) throws(LiftLogError) -> Identifier<Subject>? {
        guard let text = try string(key) else { return nil }
        guard let id = Identifier<Subject>(rawValue: text.lowercased()) else { throw .validation("\(key) must be a UUID, got '\(text)'.") }
        return id
    }

    /// The value of `key` or of its other name `other` (a client's), read by `read`; both
    /// given with different values is refused.
    func alias<T: Equatable>(_ key: String, _ other: String, _ read: (String) throws(LiftLogError) -> T?) throws(LiftLogError) -> T? {
        let first = try read(key), second = try read(other)
        if let first, let second, first != second { throw .validation("\(key) and \(other) say the same; give one of them.") }
        return first ?? second
    }

    /// The session the path's first parameter names: a whole ID as it is (the caller's work
    /// finds its file once), a prefix resolved in `store`.
    func pathSessionID(in store: Store) throws(LiftLogError) -> Session.ID {
        if let whole = Session.ID(rawValue: parameters[0].lowercased()) { return whole }
        return try store.session(idPrefix: parameters[0]).session.id
    }

    func bool(_ key: String) throws(LiftLogError) -> Bool? {
        guard let value = try body()[key], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw .validation("\(key) must be true or false.") }
        return flag
    }

    /// The list of positions (whole numbers) under `key`, as in `example`.
    func positions(_ key: String, example: String) throws(LiftLogError) -> [Int]? {
        guard let value = try body()[key], value != .null else { return nil }
        let invalid = LiftLogError.validation("\(key) must be a list of positions, such as \(example).")
        guard let items = value.arrayValue else { throw invalid }
        var positions: [Int] = []
        for item in items {
            guard let number = item.numberValue, number == number.rounded(), abs(number) < 1e6 else { throw invalid }
            positions.append(Int(number))
        }
        return positions
    }

    func numbers(_ key: String) throws(LiftLogError) -> [Double]? {
        guard let value = try body()[key], value != .null else { return nil }
        guard let items = value.arrayValue, let numbers = Optional(items.compactMap(\.numberValue)), numbers.count == items.count else {
            throw .validation("\(key) must be a list of numbers.")
        }
        return numbers
    }

    func strings(_ key: String) throws(LiftLogError) -> [String]? {
        guard let value = try body()[key], value != .null else { return nil }
        guard let items = value.arrayValue, let texts = Optional(items.compactMap(\.stringValue)), texts.count == items.count else {
            throw .validation("\(key) must be a list of texts.")
        }
        return texts
    }

    /// The ISO 8601 time under `key`, kept to the second as liftlog's own clock is: a client's
    /// fractional seconds (`2025-01-24T06:30:00.123Z`) are dropped, so every time the API
    /// answers reads with any ISO 8601 parser, the seed API's `.iso8601` among them.
    func timestamp(_ key: String) throws(LiftLogError) -> Timestamp? {
        guard let text = try string(key) else { return nil }
        guard let time = Timestamp(text) else { throw .validation("\(key) must be an ISO 8601 time like 2025-01-24T07:30:00+01:00, got '\(text)'.") }
        return Timestamp(millisecondsSince1970: time.secondsSince1970 * 1000, utcOffsetSeconds: time.utcOffsetSeconds)
    }

    func date(_ key: String) throws(LiftLogError) -> LocalDate? {
        guard let text = try string(key) else { return nil }
        guard let date = LocalDate(text) else { throw .validation("\(key) must be a date like 2025-01-24, got '\(text)'.") }
        return date
    }

    func enumeration<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(LiftLogError) -> T? where T.RawValue == String, T: CaseIterable {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text.lowercased()) else {
            throw .validation("\(key) must be \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'.")
        }
        return value
    }

    func queryInteger(_ name: String) throws(LiftLogError) -> Int? {
        guard let text = request.query[name] else { return nil }
        guard let value = Int(text) else { throw .validation("\(name) must be a whole number, got '\(text)'.") }
        return value
    }

    func queryDate(_ name: String) throws(LiftLogError) -> LocalDate? {
        guard let text = request.query[name] else { return nil }
        guard let value = LocalDate(text) else { throw .validation("\(name) must be a date like 2025-01-24, got '\(text)'.") }
        return value
    }
}

/// A path pattern (`workouts/:id/sets`, under `/api`) and what each method does there.
struct Route: Sendable {
    typealias Handler = @Sendable (Call) throws(LiftLogError) -> HTTPResponse

    let pattern: [String]
    let handlers: [String: Handler]

    init(_ pattern: String, _ handlers: [String: Handler]) {
        self.pattern = pattern.split(separator: "/").map(String.init)
        self.handlers = handlers
    }

    /// The `:parameter` segments of `segments` when the pattern matches them.
    func match(_ segments: ArraySlice<String>) -> [String]? {
        guard segments.count == pattern.count else { return nil }
        var parameters: [String] = []
        for (part, segment) in zip(pattern, segments) {
            if part.hasPrefix(":") { parameters.append(segment) } else if part != segment { return nil }
        }
        return parameters
    }

    /// Whether the pattern has no parameter where `other` has a literal: literal routes
    /// (`workouts/today`) are tried before parameter ones (`workouts/:id`).
    var literalCount: Int { pattern.filter { !$0.hasPrefix(":") }.count }
}

/// The store a call opened last (its answer's reads).
private final class LastOpenedStore: @unchecked Sendable {
    private let lock = Mutex()
    private var last: Store?

    func add(_ store: Store) { lock.withLock { last = store } }

    var skippedSessionFiles: [String]? { lock.withLock { last?.skippedSessionFilesIfRead } }
}
