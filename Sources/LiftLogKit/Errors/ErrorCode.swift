/// The stable code of a failure, with the exit status the `liftlog` tool returns for it.
///
/// Codes and statuses are part of the product contract (SPEC §6): scripts and apps match on
/// them, so they never change meaning.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
    /// An unknown command or flag, or a missing flag or argument.
    case usage = "USAGE_ERROR"
    /// No such exercise, session or plan.
    case notFound = "NOT_FOUND"
    /// A value breaks a rule (name length, negative reps, unit, RPE range, page 0…).
    case validation = "VALIDATION_ERROR"
    /// A second active session, a duplicate name, deleting an exercise in use.
    case conflict = "CONFLICT"
    /// An action the rules forbid, such as logging into a completed session.
    case forbidden = "FORBIDDEN"
    /// A file in the store does not parse or validate.
    case corruptFile = "CORRUPT_FILE"
    /// The file system failed (permission, disk full); nothing was changed.
    case io = "IO_ERROR"
    /// A bug.
    case `internal` = "INTERNAL_ERROR"

    /// The process exit status the command-line tool uses for this code.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .notFound: 3
        case .validation: 4
        case .conflict: 5
        case .forbidden: 6
        case .corruptFile: 7
        case .io: 8
        case .internal: 70
        }
    }
}
