#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body(0)` … `body(count - 1)` each on a thread of its own, all at once, and waits for
/// all of them (for tests that need more simultaneous blocking work than the machine has cores).
public func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Box: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    #if canImport(Darwin)
    var threads: [pthread_t?] = []
    #else
    var threads: [pthread_t] = []
    #endif
    for index in 0..<count {
        let box = Unmanaged.passRetained(Box { body(index) }).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, box)
        #else
        var thread = pthread_t()
        pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, box)
        #endif
        threads.append(thread)
    }
    for thread in threads {
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
}

/// A counter several threads may bump.
public final class SharedCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = 0
    public init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    public func add(_ amount: Int = 1) { pthread_mutex_lock(&mutex); value += amount; pthread_mutex_unlock(&mutex) }
    public var count: Int { pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }; return value }
}

/// Whether the long versions of the reliability tests were asked for (`LIFTLOG_LONG=1`).
public var longRun: Bool { getenv("LIFTLOG_LONG").map { String(cString: $0) == "1" } ?? false }
