#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`: the one lock type of the package (the
/// library's caches, the CLI's output streams, the tests' shared counters).
package final class Mutex: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A condition variable over ``Mutex``: a thread waits on it, holding the mutex (inside
/// `withLock`), until another signals it.
package final class Condition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits for a signal; `mutex` must be held, and is held again on return.
    package func wait(_ mutex: Mutex) {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Waits for a signal at most until `deadline` on the wall clock; `false` when it passed.
    package func wait(_ mutex: Mutex, until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, mutex.mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes one waiting thread.
    package func signal() {
        pthread_cond_signal(condition)
    }
}
