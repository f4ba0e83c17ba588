import Foundation
import LiftLogKit
import SpotterModel
import Testing

/// The view model as an app uses it, against a real store and the real `liftlog` tool
/// (`LIFTLOG` names its path; the repository's tests pass the one they built).
@MainActor @Suite("A workout app's view model on LiftLogKit")
struct WorkoutModelTests {
    /// Waits up to 20 s for `condition` on the main actor.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < end else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    private func liftlog(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["LIFTLOG"], "LIFTLOG is not set"))
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("log a workout: start, log, edit and delete a set, finish; the history has it")
    func workout() async throws {
        let store = try Store.temporary(unit: .lbs)
        defer { try? store.removeTemporary() }
        let model = WorkoutModel()
        await model.open(store.root)
        #expect(model.unit == .lbs && model.problem == nil)
        await model.start()
        await model.log("Back Squat", "225x5x3")
        #expect(model.active?.entries.first?.sets.map(\.weight) == [225, 225, 225])
        let second = try #require(model.setID(entry: 0, set: 1))
        await model.edit(second, weight: 235, reps: 4)
        #expect(model.active?.entries.first?.sets[1].weight == 235 && model.active?.entries.first?.sets[1].unit == .lbs)
        await model.delete(try #require(model.setID(entry: 0, set: 2)))
        #expect(model.active?.entries.first?.sets.count == 2)
        await model.finish(feel: 4)
        #expect(model.active == nil && model.problem == nil)
        #expect(model.history.count == 1 && model.history.first?.setCount == 2)
    }

    @Test("a set the liftlog tool logs in another process arrives through the change stream")
    func toolWrites() async throws {
        let store = try Store.temporary()
        defer { try? store.removeTemporary() }
        let model = WorkoutModel()
        await model.open(store.root)
        await model.start()
        let following = Task { await model.follow() }
        defer { following.cancel() }
        // The stream has begun once a change of this app's own comes through it.
        await model.log("Deadlift", "140x5")
        let tool = try liftlog(["log", "--store", store.root, "Back Squat", "100x5"])
        #expect(try await eventually { !tool.isRunning })
        #expect(tool.terminationStatus == 0)
        #expect(try await eventually { model.active?.entries.contains { $0.exerciseName == "Back Squat" } == true })
    }

    @Test("while another process holds the lock, the main actor goes on; the set is logged once the lock is free")
    func heldLock() async throws {
        let store = try Store.temporary()
        defer { try? store.removeTemporary() }
        let model = WorkoutModel()
        await model.open(store.root, lockTimeout: 60)
        await model.start()
        // Another process holds the store's lock (flock, as liftlog takes it).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--nonblock", "--no-fork", store.root + "/.liftlog/lock", "sleep", "60"]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        var held = false
        let end = Date().addingTimeInterval(20)
        while !held, Date() < end {
            held = await isLockHeld(store)
            if !held { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(held)
        let logging = Task { await model.log("Back Squat", "100x5") }
        #expect(try await eventually { model.isBusy })
        // The main actor is free: this test runs on it.
        #expect(model.active?.entries.isEmpty == true)
        kill(holder.processIdentifier, SIGKILL)
        await logging.value
        #expect(model.problem == nil)
        #expect(model.active?.entries.first?.sets.count == 1)
    }

    @Test("errors reach the user in words, through LocalizedError")
    func errors() async throws {
        let store = try Store.temporary()
        defer { try? store.removeTemporary() }
        let model = WorkoutModel()
        await model.open(store.root)
        await model.start()
        await model.log("Nope", "100x5")
        #expect(model.problem == "No exercise named 'Nope'. Log the sets again, adding the exercise to the library.")
        await model.open(store.root + "/missing")
        #expect(model.problem?.hasPrefix("No liftlog store at '\(store.root)/missing'.") == true)
    }
}

/// Whether another process holds the store's lock now (a try that waits for it not at all,
/// and does nothing with it).
private func isLockHeld(_ store: Store) async -> Bool {
    do {
        try await store.waitingForLock(atMost: 0).perform { _ in }
        return false
    } catch {
        return (error as? LiftLogError)?.code == .conflict
    }
}
