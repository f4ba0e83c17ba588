#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting threads of the C library (no Foundation on Linux): for reading many files at once,
/// and for the HTTP server's connections.
package enum Threads {
    /// Runs `body` on a new thread to be joined with `pthread_join`; `nil` when no thread could
    /// be started (the caller runs the work itself).
    package static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        guard pthread_create(&handle, nil, runThreadBody, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        return handle
        #else
        return handle
        #endif
    }

    /// The calling thread, as a number no other running thread has.
    package static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `body` on a new thread nobody joins; `false` when no thread could be started.
    @discardableResult
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let handle = start(body) else { return false }
        pthread_detach(handle)
        return true
    }
}

/// A closure to run on a new thread (a C thread entry point cannot be generic).
private final class ThreadBody: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

#if canImport(Darwin)
private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#else
private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
    return nil
}
#endif
