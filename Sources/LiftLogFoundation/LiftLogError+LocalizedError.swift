import Foundation
import LiftLogKit

/// An app shows a ``LiftLogError`` as any other error: `localizedDescription` is its message,
/// `recoverySuggestion` what to do, in words that name no command or flag of the tool.
extension LiftLogError: LocalizedError {
    /// What went wrong, in words that name no command or flag.
    public var errorDescription: String? { message }

    /// What to do about it, from the error's remedy, in an app's words.
    public var recoverySuggestion: String? {
        if let remedy { return remedy.suggestion }
        if case .corruptFile(let problems) = self { return problems.first?.hint }
        return nil
    }
}
