import LiftLogKit

/// Writes a store of `count` completed lifting sessions spread evenly over `years` years up to
/// the end of `lastYear` (thirty to 2025 by default: a long log has many month folders of a few
/// dozen files, not a few folders of many), each with 4–8 exercises of 3–5 sets, like a real log.
enum SyntheticStore {
    static func build(at root: String, count: Int, years: Int = 30, lastYear: Int = 2025, seed: UInt64 = 42) throws -> Store {
        var environment = Store.Environment.live
        environment.makeSessionID = { Session.ID.random() }
        let store = try Store.create(at: root, seed: true, environment: environment)
        let exercises = try store.exercises()
        var random = SeededGenerator(seed: seed)
        let first = Timestamp("\(lastYear + 1 - years)-01-04T06:00:00+01:00")!
        let span = Int64(years) * 365 * 86_400
        var folders: Swift.Set<String> = []
        for index in 0..<count {
            let offsetSeconds = Int(Int64(index) * span / Int64(count)) + Int.random(in: 0..<3600, using: &random)
            let start = first.adding(seconds: offsetSeconds)
            var idBytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            idBytes[6] = (idBytes[6] & 0x0F) | 0x40
            idBytes[8] = (idBytes[8] & 0x3F) | 0x80
            let hex = idBytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            let chars = Array(hex)
            let id = String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-" + String(chars[16..<20]) + "-" + String(chars[20..<32])
            var entries: [Session.Entry] = []
            var clock = start
            for order in 1...Int.random(in: 4...8, using: &random) {
                let exercise = exercises[Int.random(in: 0..<exercises.count, using: &random)]
                let weight = Double(Int.random(in: 8...80, using: &random)) * 2.5
                var sets: [WorkoutSet] = []
                for number in 1...Int.random(in: 3...5, using: &random) {
                    clock = clock.adding(seconds: Int.random(in: 90...240, using: &random))
                    sets.append(WorkoutSet(setNumber: number, weight: weight, unit: .kg, reps: Int.random(in: 3...12, using: &random),
                                           rpe: Bool.random(using: &random) ? 8 : nil, restSeconds: 120, status: .completed, completedAt: clock))
                }
                entries.append(Session.Entry(exerciseID: exercise.id, exerciseName: exercise.name, order: order, sets: sets))
            }
            let session = Session(id: Session.ID(rawValue: id)!, status: .completed, startedAt: start, completedAt: clock.adding(seconds: 300),
                                  plan: "Synthetic", planDay: "Day \(index % 3 + 1)", sessionRPE: Int.random(in: 1...5, using: &random), entries: entries)
            let path = session.relativePath
            let folder = String(path[..<path.lastIndex(of: "/")!])
            if folders.insert(folder).inserted { try store.files.ensureDirectory(folder) }
            try store.files.writeAtomically(session.canonicalBytes, to: path, durable: false)
        }
        return store
    }
}
