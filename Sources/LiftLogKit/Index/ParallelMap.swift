#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The processors online, read once per process: glibc's `sysconf` reads
/// `/sys/devices/system/cpu/online` at every call (three system calls), and a server asks at
/// every request.
package let onlineProcessorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

/// `items.map(transform)` spread over the machine's cores, results in order. Used to read many
/// session files at once when the index is rebuilt; small inputs run on the calling thread.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], minimumPerThread: Int = 16, _ transform: @escaping @Sendable (T) -> R) -> [R] {
    parallelMap(items, minimumPerThread: minimumPerThread, state: { () }) { _, item in transform(item) }
}

/// ``parallelMap(_:minimumPerThread:_:)`` with a value of `State` for each thread, made by
/// `state` on the thread that uses it and passed to each of its calls of `transform` (a cache
/// that the items a thread takes share, without a lock).
func parallelMap<T: Sendable, R: Sendable, State>(_ items: [T], minimumPerThread: Int = 16, state: @escaping @Sendable () -> State,
                                                  _ transform: @escaping @Sendable (inout State, T) -> R) -> [R] {
    let threads = min(onlineProcessorCount, 8, items.count / minimumPerThread)
    guard threads > 1 else {
        var local = state()
        return items.map { transform(&local, $0) }
    }
    // The threads write each result straight into the array returned: no slot array to copy
    // from, so a map over 100,000 files holds its results once.
    return [R](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let work = ParallelWork(items: items, results: buffer.baseAddress!, state: state, transform: transform)
        var handles: [pthread_t] = []
        for _ in 1..<threads {
            if let handle = Threads.start(work.run) { handles.append(handle) }
        }
        work.run()
        for handle in handles { pthread_join(handle, nil) }
        initialized = items.count
    }
}

/// The shared state of one ``parallelMap(_:minimumPerThread:_:)``: threads take chunks of
/// indexes under a mutex and initialize each result in its own place of `results` (no two
/// threads touch one place; `pthread_join` makes their writes seen by the caller).
private final class ParallelWork<T: Sendable, R: Sendable, State>: @unchecked Sendable {
    let items: [T]
    let makeState: @Sendable () -> State
    let transform: @Sendable (inout State, T) -> R
    private let results: UnsafeMutablePointer<R>
    private var next = 0
    private var mutex = pthread_mutex_t()
    private static var chunk: Int { 8 }

    init(items: [T], results: UnsafeMutablePointer<R>, state: @escaping @Sendable () -> State, transform: @escaping @Sendable (inout State, T) -> R) {
        self.items = items
        self.results = results
        self.makeState = state
        self.transform = transform
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    func run() {
        var state = makeState()
        while true {
            pthread_mutex_lock(&mutex)
            let start = next
            next = min(next + ParallelWork.chunk, items.count)
            pthread_mutex_unlock(&mutex)
            guard start < items.count else { return }
            for index in start..<min(start + ParallelWork.chunk, items.count) {
                (results + index).initialize(to: transform(&state, items[index]))
            }
        }
    }
}
