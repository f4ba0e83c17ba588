/// Every failure LiftLogKit reports: a stable ``ErrorCode`` and a one-line message that says
/// what was wrong and what to do.
///
/// The cases carry what a user needs to act: the file and position of a corrupt value, the
/// names that come close to an unknown one. Compare errors in tests with `==`.
///
/// ```swift
/// do { try store.startSession() }
/// catch let error as LiftLogError where error.code == .conflict { … }
/// ```
public enum LiftLogError: Error, Equatable, Sendable {
    /// A command line that does not parse. `command` names the command whose help applies.
    case usage(String, command: String? = nil)
    /// No such thing. `suggestions` lists close matches, best first; `remedy` says what to do.
    case notFound(String, suggestions: [String] = [], remedy: Remedy? = nil)
    /// A value breaks a rule.
    case validation(String, remedy: Remedy? = nil)
    /// The change contradicts the current state of the store.
    case conflict(String, remedy: Remedy? = nil)
    /// The rules forbid this action.
    case forbidden(String, remedy: Remedy? = nil)
    /// A file in the store does not parse or validate; every problem found, first one first.
    case corruptFile([FileProblem])
    /// The file system failed. `path` is relative to the store where possible; `reason` says
    /// what the system reported; `nothingChanged` that the store is as it was before.
    case io(path: String, operation: String, reason: String, nothingChanged: Bool = false)
    /// A bug: an invariant did not hold.
    case `internal`(String)

    /// The stable code of this error.
    public var code: ErrorCode {
        switch self {
        case .usage: .usage
        case .notFound: .notFound
        case .validation: .validation
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .corruptFile: .corruptFile
        case .io: .io
        case .internal: .internal
        }
    }

    /// What the user can do about it, when there is something to say; each surface words it
    /// (``message`` does not include it).
    public var remedy: Remedy? {
        switch self {
        case .notFound(_, _, let remedy), .validation(_, let remedy), .conflict(_, let remedy), .forbidden(_, let remedy): remedy
        default: nil
        }
    }

    /// The one-line message of what was wrong (a surface adds the ``remedy`` in its own words).
    public var message: String {
        switch self {
        case .usage(let message, _):
            return message
        case .notFound(let message, let suggestions, _):
            guard !suggestions.isEmpty else { return message }
            let quoted = suggestions.map { "'\($0)'" }
            return "\(message) Did you mean \(quoted.joinedAsAlternatives())?"
        case .validation(let message, _), .conflict(let message, _), .forbidden(let message, _):
            return message
        case .corruptFile(let problems):
            guard let first = problems.first else { return "A file in the store is corrupt." }
            let more = problems.count > 1 ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" : ""
            return first.description + more
        case .io(let path, let operation, let reason, let nothingChanged):
            return "Cannot \(operation) '\(path)': \(reason)\(nothingChanged ? "; nothing was changed" : "")."
        case .internal(let message):
            return "Internal error: \(message). Please report this bug."
        }
    }
}

extension LiftLogError {
    /// The error of a step that failed after earlier steps were written: `what` replaces the
    /// "nothing was changed" of a file-system error, or follows the message of another.
    package func replacingNothingChanged(with what: String) -> LiftLogError {
        switch self {
        case .io(let path, let operation, let reason, _):
            return .io(path: path, operation: operation, reason: reason + "; " + what)
        case .validation(let message, let remedy): return .validation(message + " (" + what + ".)", remedy: remedy)
        case .conflict(let message, let remedy): return .conflict(message + " (" + what + ".)", remedy: remedy)
        default: return self
        }
    }
}

extension LiftLogError: CustomStringConvertible {
    /// `CODE: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

extension Array where Element == String {
    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (`and` with `conjunction: "and"`).
    package func joinedAsAlternatives(conjunction: String = "or") -> String {
        switch count {
        case 0: return ""
        case 1: return self[0]
        default:
            // Joined by hand: `joined` of a slice looks up the slice's conformances at run time
            // the first time, and the choices of an option are written out on every run.
            var text = self[0]
            for index in 1..<(count - 1) { text += ", " + self[index] }
            return text + " \(conjunction) " + self[count - 1]
        }
    }
}
