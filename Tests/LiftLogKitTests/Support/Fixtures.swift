@testable import LiftLogKit
import LiftLogTestSupport

extension Timestamp {
    /// 2025-01-24T07:30:00+01:00.
    static let fixture = Timestamp("2025-01-24T07:30:00+01:00")!
}

extension Store.Environment {
    /// A clock stopped at `now` with predictable IDs.
    static func test(now: Timestamp = .fixture) -> Store.Environment {
        var environment = Store.Environment.fixed(now: now)
        environment.lockTimeout = 2
        return environment
    }
}

/// A store in a fresh temporary directory whose clock can be moved.
final class TestClock: @unchecked Sendable {
    private let lock = Mutex()
    private var current: Timestamp

    init(_ start: Timestamp = .fixture) { current = start }

    var now: Timestamp { lock.withLock { current } }

    func advance(seconds: Int) {
        lock.withLock { current = current.adding(seconds: seconds) }
    }
}

func makeStore(at root: String, clock: TestClock = TestClock(), seed: Bool = true) throws -> Store {
    var environment = Store.Environment.test()
    environment.now = { clock.now }
    return try Store.create(at: root + "/store", seed: seed, environment: environment)
}

extension Session {
    /// A completed one-exercise session at `start`.
    static func fixture(id: String = "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f", start: Timestamp = .fixture, sets: Int = 3) -> Session {
        Session(
            id: Session.ID(rawValue: id)!, status: .completed, startedAt: start, completedAt: start.adding(seconds: 3600),
            entries: [Session.Entry(exerciseID: nil, exerciseName: "Back Squat", order: 1,
                                    sets: (1...sets).map { WorkoutSet(setNumber: $0, weight: 100, unit: .kg, reps: 5) })])
    }
}
