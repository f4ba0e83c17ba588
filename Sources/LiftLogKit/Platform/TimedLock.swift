#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that a thread can wait for with a time limit: the threads of one process (a server
/// answering several requests at once) queue for a store here, sleeping until the holder
/// leaves, before they take the store's file lock, which can only be polled.
package final class TimedLock: @unchecked Sendable {
    private let mutex = Mutex()
    private let released = Condition()
    private var held = false

    package init() {}

    /// Takes the lock, waiting at most `timeout` seconds; whether it was taken.
    package func acquire(timeout: Double) -> Bool {
        mutex.withLock {
            if held {
                guard timeout > 0 else { return false }
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                let end = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + timeout
                var deadline = timespec()
                deadline.tv_sec = time_t(end.rounded(.down))
                deadline.tv_nsec = Int((end - end.rounded(.down)) * 1e9)
                while held, released.wait(mutex, until: deadline) {}
                if held { return false }
            }
            held = true
            return true
        }
    }

    package func release() {
        mutex.withLock {
            held = false
            released.signal()
        }
    }
}

/// One ``TimedLock`` per key (a store's root), created on first use and kept.
package final class TimedLockTable: @unchecked Sendable {
    private let lock = Mutex()
    private var locks: [String: TimedLock] = [:]

    package init() {}

    package func lock(for key: String) -> TimedLock {
        lock.withLock {
            if let existing = locks[key] { return existing }
            let created = TimedLock()
            locks[key] = created
            return created
        }
    }
}

/// Nanoseconds since 1970 on the wall clock, the clock file times are set from.
package func wallClockNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// Seconds on the monotonic clock (not the wall clock, which can jump): for durations.
package func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
