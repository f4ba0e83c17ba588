#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
@testable import LiftLogServer

@Suite("Requests in arrival order")
struct FairGateTests {
    @Test("beyond its capacity, the gate lets requests in first come, first served")
    func arrivalOrder() {
        let gate = FairGate(capacity: 1)
        let order = Order()
        let release = TimedLock()
        #expect(release.acquire(timeout: 0))
        // The first request holds the only place until released.
        let first = Threads.start {
            gate.run {
                order.append(0)
                _ = release.acquire(timeout: 10)
            }
        }
        usleep(50_000)
        var threads: [pthread_t] = []
        for number in 1...5 {
            if let thread = Threads.start({ gate.run { order.append(number) } }) { threads.append(thread) }
            usleep(30_000)
        }
        #expect(order.values == [0])
        release.release()
        if let first { pthread_join(first, nil) }
        for thread in threads { pthread_join(thread, nil) }
        #expect(order.values == [0, 1, 2, 3, 4, 5])
    }
}

private final class Order: @unchecked Sendable {
    private let lock = Mutex()
    private var list: [Int] = []
    func append(_ value: Int) { lock.withLock { list.append(value) } }
    var values: [Int] { lock.withLock { list } }
}
