import LiftLogKit
import LiftLogProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables a command sees: this process's own, each read when asked for, or
/// a given set (tests).
///
/// A command reads a dozen variables at most; a shell passes a few dozen. Reading them all
/// into a dictionary at every start, and freeing it at the end, cost about 120,000
/// instructions in a shell of 35 variables, more than the rest of `liftlog --version`. The
/// whole set is made only for a program this one starts (an editor, git), which needs it all.
public struct ProcessEnvironment: Sendable {
    /// `nil`: this process's environment.
    private let given: [String: String]?

    /// This process's environment.
    public static var process: ProcessEnvironment { ProcessEnvironment(given: nil) }

    private init(given: [String: String]?) {
        self.given = given
    }

    /// Exactly `variables`.
    public init(_ variables: [String: String]) {
        given = variables
    }

    /// The value of the variable `name`, if set.
    public subscript(name: String) -> String? {
        if let given { return given[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// Every variable, for a program this one starts.
    public var all: [String: String] {
        given ?? ProcessSupport.environment
    }
}
