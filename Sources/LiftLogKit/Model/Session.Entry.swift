extension Session {
    /// One exercise within a session and its sets.
    public struct Entry: Hashable, Sendable {
        /// How a group of entries sharing a superset label was performed.
        public enum Method: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
            case standard
            case restPause = "rest_pause"
            case timed
        }

        /// The library exercise, when linked.
        public var exerciseID: Exercise.ID?
        /// The exercise name when logged (a snapshot that survives renames and deletion).
        public var exerciseName: String
        /// Position in the session, from 1.
        public var order: Int
        /// Notes on the exercise in this session.
        public var notes: String?
        /// Entries with the same label were done as a superset.
        public var superset: String?
        /// How a superset was done, when the entry is in one.
        public var method: Method?
        /// The sets, in order.
        public var sets: [WorkoutSet]
        /// Keys this version does not know, kept as they were read.
        public var unknownFields: [String: JSONValue]

        /// An entry of the given sets.
        public init(
            exerciseID: Exercise.ID?, exerciseName: String, order: Int, notes: String? = nil, superset: String? = nil,
            method: Method? = nil, sets: [WorkoutSet] = [], unknownFields: [String: JSONValue] = [:]
        ) {
            self.exerciseID = exerciseID
            self.exerciseName = exerciseName
            self.order = order
            self.notes = notes
            self.superset = superset
            self.method = method
            self.sets = sets
            self.unknownFields = unknownFields
        }
    }
}
