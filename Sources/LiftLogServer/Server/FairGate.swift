import LiftLogKit

/// Lets at most `capacity` requests run their handler at once, the others waiting in the order
/// they arrived: with more connections than cores, requests are answered first come, first
/// served instead of by the scheduler's luck, which bounds the slowest answers (p99) and saves
/// the context switches of dozens of threads competing for two cores.
final class FairGate: @unchecked Sendable {
    /// One waiting thread: its own condition, so that a leaving request wakes exactly the next.
    private final class Waiter {
        let admission = Condition()
        var admitted = false
    }

    let capacity: Int
    private let mutex = Mutex()
    private var running = 0
    private var queue: [Waiter] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Runs `body` when its turn comes.
    func run<T>(_ body: () -> T) -> T {
        enter()
        defer { leave() }
        return body()
    }

    private func enter() {
        mutex.withLock {
            if running < capacity && head == queue.count {
                running += 1
                return
            }
            let waiter = Waiter()
            queue.append(waiter)
            while !waiter.admitted { waiter.admission.wait(mutex) }
        }
    }

    private func leave() {
        mutex.withLock {
            guard head < queue.count else {
                running -= 1
                return
            }
            // The place passes straight to the longest waiting request.
            let next = queue[head]
            head += 1
            if head > 64 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            next.admitted = true
            next.admission.signal()
        }
    }
}
