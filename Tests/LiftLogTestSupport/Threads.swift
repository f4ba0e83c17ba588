#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

/// Runs `body(0)` … `body(count - 1)` each on a thread of its own, all at once, and waits for
/// all of them (for tests that need more simultaneous blocking work than the machine has cores).
public func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let threads = (0..<count).map { index in Threads.start { body(index) } }
    for (index, thread) in threads.enumerated() {
        if let thread { pthread_join(thread, nil) } else { body(index) }
    }
}

/// A counter several threads may bump.
public final class SharedCounter: @unchecked Sendable {
    private let mutex = Mutex()
    private var value = 0
    public init() {}
    public func add(_ amount: Int = 1) { mutex.withLock { value += amount } }
    public var count: Int { mutex.withLock { value } }
}

/// Whether the long versions of the reliability tests were asked for (`LIFTLOG_LONG=1`).
public var longRun: Bool { getenv("LIFTLOG_LONG").map { String(cString: $0) == "1" } ?? false }
