import Foundation
import LiftLogFoundation
import LiftLogKit
import Observation

/// What a workout screen shows, kept up to date with the store's files: the active session,
/// the history, the unit, and the last problem in words for the user.
///
/// Every call goes through `store.perform` (never blocking the main actor), and ``follow()``
/// keeps the state in step with writes from anywhere: this app, the `liftlog` tool, a sync, a
/// hand in an editor.
@MainActor @Observable public final class WorkoutModel {
    public private(set) var store: Store?
    /// The session being logged, if any.
    public private(set) var active: Session?
    /// The newest sessions, newest first.
    public private(set) var history: [SessionSummary] = []
    /// The unit weights are typed in.
    public private(set) var unit: WeightUnit = .kg
    /// Whether a call is under way (waiting for the lock, say).
    public private(set) var isBusy = false
    /// The last error, with what to do, in the user's words.
    public var problem: String?
    /// How long a call waits for another process's lock.
    private var lockTimeout = 10.0

    public init() {}

    /// Opens the store at `path` and reads what the screen shows.
    public func open(_ path: String, lockTimeout: Double = 10) async {
        self.lockTimeout = lockTimeout
        await run {
            let store = try await Store.open(at: path).waitingForLock(atMost: lockTimeout)
            self.store = store
            self.unit = store.preferences.unit
        }
        await refresh()
    }

    /// Starts a session.
    public func start() async {
        await perform { store in _ = try store.startSession() }
    }

    /// Logs `sets` (`100x5`, `225x5x3`, `bw+20x8`) of `exercise` in the active session.
    public func log(_ exercise: String, _ sets: String) async {
        let unit = unit
        await perform { store in _ = try store.log(exercise: exercise, sets: SetNotation.parse([sets], defaultUnit: unit)) }
    }

    /// The ID of set `set` (from 0) of exercise `entry` (from 0) of the active session.
    public func setID(entry: Int, set: Int) -> SetID? {
        guard let active, active.entries.indices.contains(entry), active.entries[entry].sets.indices.contains(set) else { return nil }
        return Store.setID(in: active, entry: entry, set: set)
    }

    /// Changes the weight and reps of a logged set.
    public func edit(_ id: SetID, weight: Double?, reps: Int?) async {
        let unit = unit
        await perform { store in _ = try store.changeSet(id, SetChange(weight: weight, unit: weight == nil ? nil : unit, reps: reps)) }
    }

    /// Deletes a logged set.
    public func delete(_ id: SetID) async {
        await perform { store in _ = try store.removeSet(id) }
    }

    /// Finishes the active session.
    public func finish(feel: Int?) async {
        await perform { store in _ = try store.finish(feel: feel) }
    }

    /// Reads the active session and the first page of the history again.
    public func refresh() async {
        guard let store else { return }
        do {
            let (active, page) = try await store.perform { store in
                (try store.activeSession()?.session, try store.history(HistoryQuery(page: 1, perPage: 20)))
            }
            self.active = active
            history = page.sessions
        } catch {
            show(error)
        }
    }

    /// Follows the store's changes until the calling task is cancelled (`.task { await model.follow() }`).
    public func follow() async {
        guard let store else { return }
        do {
            for await change in try await store.changes() {
                if change.preferences != nil, let reopened = try? await Store.open(at: store.root).waitingForLock(atMost: lockTimeout) {
                    self.store = reopened
                    unit = reopened.preferences.unit
                }
                if change.activeSession || !change.sessions.isEmpty { await refresh() }
            }
        } catch {
            show(error)
        }
    }

    // MARK: Calling the store

    /// Runs `work` with the store off the main actor, then reads the screen's state again.
    private func perform(_ work: @escaping @Sendable (Store) throws -> Void) async {
        guard let store else { return }
        await run { try await store.perform(work) }
        await refresh()
    }

    private func run(_ body: () async throws -> Void) async {
        isBusy = true
        defer { isBusy = false }
        do {
            try await body()
            problem = nil
        } catch {
            show(error)
        }
    }

    private func show(_ error: any Error) {
        problem = [error.localizedDescription, (error as? LocalizedError)?.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
    }
}
