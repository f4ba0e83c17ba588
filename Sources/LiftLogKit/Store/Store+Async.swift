/// Calling the store from an app.
///
/// Every method of ``Store`` reads and writes files and may wait for the store's lock (another
/// process writing: the CLI, a sync). That must never happen on an app's main actor. Call the
/// store through ``perform(_:)``, which runs the work on a task of its own, and decide how long
/// a call may wait for the lock with ``Environment/lockTimeout`` (`0`: try once, and fail with
/// `CONFLICT` at once when another process holds it).
///
/// ```swift
/// @MainActor func logSet() async {
///     do {
///         let result = try await store.perform { store in
///             try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
///         }
///         show(result.stored.session)
///     } catch {
///         showError(error.message)
///     }
/// }
/// ```
extension Store {
    /// Runs `work` with this store away from the calling actor, and returns its result.
    ///
    /// - Throws: the ``LiftLogError`` `work` throws; `INTERNAL_ERROR` for any other error.
    ///
    /// Compiled into the app that calls it, not into the library: a program that never calls
    /// it (the `liftlog` command) links no concurrency runtime and starts without its set-up.
    @_alwaysEmitIntoClient
    public func perform<T: Sendable>(_ work: @escaping @Sendable (Store) throws -> T) async throws(LiftLogError) -> T {
        let store = self
        let task = Task.detached { () throws -> T in try work(store) }
        do {
            return try await task.value
        } catch let error as LiftLogError {
            throw error
        } catch {
            throw .internal("the store's work failed with \(error)")
        }
    }

    /// The same store, waiting at most `seconds` for another process's lock (`0`: not at all).
    public func waitingForLock(atMost seconds: Double) -> Store {
        var environment = self.environment
        environment.lockTimeout = max(0, seconds)
        return Store(files: files, manifest: manifest, environment: environment)
    }
}
