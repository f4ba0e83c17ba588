import Dispatch
import Foundation
import LiftLogKit

/// Calling the store from an app: nothing here blocks the calling actor.
///
/// Every method of `Store` reads and writes files and may wait for the store's lock (another
/// process writing: the `liftlog` tool, a sync). Open the store with ``LiftLogKit/Store/open(at:environment:)-swift.type.method``
/// `async`, run its work with ``LiftLogKit/Store/perform(_:)``, and follow its files with
/// ``LiftLogKit/Store/changes()``. The work runs on a thread of Dispatch's, never on the
/// cooperative pool that `async` code shares, and the wait for another process's lock is a
/// series of tries with sleeps in between that the caller's cancellation ends.
extension Store {
    /// Opens the store at `path` away from the caller.
    ///
    /// It never waits for the lock: a change another process's crash interrupted is completed
    /// by the next call that takes it.
    ///
    /// - Throws: what the synchronous `open(at:environment:)` throws.
    public static func open(at path: String, environment: Environment = .live) async throws(LiftLogError) -> Store {
        let once = { var once = environment; once.lockTimeout = 0; return once }()
        let opened = try await awayFromCaller { () throws(LiftLogError) in try Store.open(at: path, environment: once) }
        return opened.waitingForLock(atMost: environment.lockTimeout)
    }

    /// Creates a store at `path` away from the caller (see the synchronous
    /// `create(at:unit:seed:environment:)`).
    public static func create(at path: String, unit: WeightUnit = .kg, seed: Bool = true, environment: Environment = .live) async throws(LiftLogError) -> Store {
        try await awayFromCaller { () throws(LiftLogError) in try Store.create(at: path, unit: unit, seed: seed, environment: environment) }
    }

    /// Runs `work` with this store, holding its lock, away from the caller, and returns its
    /// result.
    ///
    /// The lock is waited for without blocking a thread (tried every 20 ms), for at most the store's
    /// ``LiftLogKit/Store/Environment/lockTimeout`` (see ``LiftLogKit/Store/waitingForLock(atMost:)``);
    /// cancelling the calling task ends the wait. Once `work` has started it runs to its end: a
    /// change is written whole or not at all, and its result is returned even if the task was
    /// cancelled meanwhile.
    ///
    /// - Throws: `CancellationError` when the task was cancelled before `work` started;
    ///   `CONFLICT` when another process held the lock for longer than the timeout; the
    ///   ``LiftLogKit/LiftLogError`` `work` throws; `INTERNAL_ERROR` for any other error.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (Store) throws -> T) async throws -> T {
        let store = self
        let start = ContinuousClock.now
        while true {
            try Task.checkCancellation()
            // The lock is taken and released on the thread that does the work, within one
            // call: never held while a task is suspended (an app sent to the background
            // would keep the `liftlog` tool waiting).
            let attempt = try await awayFromCaller { () throws(LiftLogError) -> Attempt<T> in
                try store.withLockIfFree { (haveLock: Bool) throws(LiftLogError) -> Attempt<T> in
                    guard haveLock else { return .lockHeld }
                    do {
                        return .done(try work(store))
                    } catch let error as LiftLogError {
                        throw error
                    } catch {
                        throw .internal("the store's work failed with \(error)")
                    }
                }
            }
            if case .done(let result) = attempt { return result }
            guard ContinuousClock.now - start < .seconds(environment.lockTimeout) else { throw lockTimedOut }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// What changes in the store's files from now on, as it changes: made by this process,
    /// another process (the `liftlog` tool, a sync) or by hand (see ``LiftLogKit/StoreWatcher``).
    ///
    /// ```swift
    /// for await change in try await store.changes() {
    ///     if change.activeSession { active = try await store.perform { try $0.activeSession() } }
    /// }
    /// ```
    ///
    /// The watch ends when the sequence is no longer iterated (the loop left, its task cancelled).
    ///
    /// - Throws: `IO_ERROR` when the store's folders cannot be read.
    public func changes() async throws(LiftLogError) -> AsyncStream<StoreChange> {
        let store = self
        let watcher = try await awayFromCaller { () throws(LiftLogError) in try StoreWatcher(store: store) }
        let ended = Flag()
        return AsyncStream { continuation in
            continuation.onTermination = { _ in ended.set() }
            Thread.detachNewThread {
                while !ended.isSet {
                    if let change = watcher.next(timeout: 0.1) { continuation.yield(change) }
                }
            }
        }
    }
}

/// What one try of ``LiftLogKit/Store/perform(_:)`` came to.
private enum Attempt<T: Sendable>: Sendable {
    case done(T)
    case lockHeld
}

/// Runs `work` on a thread of Dispatch's and returns its result to the caller.
private func awayFromCaller<T: Sendable>(_ work: @escaping @Sendable () throws(LiftLogError) -> T) async throws(LiftLogError) -> T {
    let result: Result<T, LiftLogError> = await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: Result { () throws(LiftLogError) -> T in try work() })
        }
    }
    return try result.get()
}

/// A flag that one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = Mutex()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
