/// A plan run for a number of weeks from a start date, stored in its plan's file under
/// `"mesocycles"`.
///
/// Sessions logged while it is active record their `week_number`; the next week's target
/// weight of an exercise rises by the exercise's `weight_increment` when every target rep was
/// hit the week before (see ``Store/mesocycleReport(plan:)``).
public struct Mesocycle: Identifiable, Hashable, Sendable {
    /// A mesocycle's ID: a UUID.
    public typealias ID = Identifier<Mesocycle>

    /// Where the mesocycle is in its life: pending → active → completed, or cancelled.
    public enum Status: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case pending, active, completed, cancelled
    }

    /// The longest mesocycle accepted, in weeks.
    public static let maximumWeeks = 52

    /// The mesocycle's ID.
    public var id: ID
    /// The first day of week 1.
    public var startDate: LocalDate
    /// How many weeks it lasts.
    public var durationWeeks: Int
    /// Pending, active, completed or cancelled.
    public var status: Status
    /// When it was created.
    public var createdAt: Timestamp?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// A mesocycle of `durationWeeks` from `startDate`.
    public init(id: ID, startDate: LocalDate, durationWeeks: Int, status: Status = .pending, createdAt: Timestamp? = nil, unknownFields: [String: JSONValue] = [:]) {
        self.id = id
        self.startDate = startDate
        self.durationWeeks = durationWeeks
        self.status = status
        self.createdAt = createdAt
        self.unknownFields = unknownFields
    }

    /// The last day of the last week.
    public var endDate: LocalDate { startDate.adding(days: durationWeeks * 7 - 1) }

    /// The week (from 1) that `date` falls in, or `nil` before the start or after the end.
    public func week(of date: LocalDate) -> Int? {
        let days = date.dayNumber - startDate.dayNumber
        guard days >= 0 else { return nil }
        let week = days / 7 + 1
        return week <= durationWeeks ? week : nil
    }

    /// The first day of `week` (from 1).
    public func firstDay(ofWeek week: Int) -> LocalDate { startDate.adding(days: (week - 1) * 7) }
}

extension Mesocycle: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case createdAt = "created_at"
        case durationWeeks = "duration_weeks"
        case id
        case startDate = "start_date"
        case status
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Mesocycle? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a mesocycle") else { return nil }
        let id: ID? = reader.required(Key.id)
        let startDate: LocalDate? = reader.required(Key.startDate)
        let weeks: Int? = reader.required(Key.durationWeeks)
        let status = reader.optional(Key.status, default: Status.pending)
        let createdAt: Timestamp? = reader.optional(Key.createdAt)
        guard let id, let startDate, let weeks else { return nil }
        if !(1...maximumWeeks).contains(weeks) {
            problems.add(reader.path(Key.durationWeeks), "duration_weeks must be 1–\(maximumWeeks), found \(weeks)")
        }
        return Mesocycle(id: id, startDate: startDate, durationWeeks: weeks, status: status, createdAt: createdAt, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.id, id)
        object.set(Key.startDate, startDate)
        object.set(Key.durationWeeks, durationWeeks)
        object.set(Key.status, status)
        object.set(Key.createdAt, createdAt)
        return object.value
    }
}
