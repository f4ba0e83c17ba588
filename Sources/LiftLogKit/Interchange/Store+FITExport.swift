extension Store {
    /// What a FIT file of liftlog's does not carry (`export fit` says so).
    public static let fitLeavesOut = "warm-up, drop and failure marks, RPE and RIR, notes, supersets, bodyweight marks, stretch and meditation sessions, and the exercise names of lifts Garmin has no category for (they show as unknown exercises)"

    /// A Garmin FIT activity file of a session (Garmin Connect, intervals.icu and others read
    /// it): a strength-training activity with a `set` message per completed set (repetitions,
    /// weight, duration, start time, exercise category), or a run, ride or row with its distance.
    /// `nil` for a session without sets (stretch, meditation).
    public static func fitFile(_ session: Session) -> [UInt8]? {
        let sets = session.entries.flatMap { entry in entry.sets.filter { $0.status == .completed }.map { (entry, $0) } }
        guard !sets.isEmpty else { return nil }
        let start = session.startedAt
        let end = session.completedAt ?? sets.compactMap(\.1.completedAt).max() ?? start
        let elapsed = max(0, start.seconds(until: end))
        typealias F = FITWriter.Field
        var fit = FITWriter()
        let startTime = FITWriter.time(start), endTime = FITWriter.time(end)
        // file_id: an activity, from a development device, serial from the session's ID.
        let serial = UInt64(UInt32(truncatingIfNeeded: session.id.rawValue.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 })) | 1
        fit.message(0, [F(number: 0, type: .enumeration, value: 4), F(number: 1, type: .uint16, value: 255), F(number: 2, type: .uint16, value: 0),
                        F(number: 3, type: .uint32z, value: serial), F(number: 4, type: .uint32, value: startTime)])
        // Timer start.
        fit.message(21, [F(number: 253, type: .uint32, value: startTime), F(number: 0, type: .enumeration, value: 0), F(number: 1, type: .enumeration, value: 0)])
        let cardio = session.kind == .cardio || sets.allSatisfy { $0.1.distanceMeters != nil }
        var distance = 0.0
        if !cardio {
            // Sets without a time of their own are spread evenly over the session.
            let step = sets.isEmpty ? 0 : elapsed / sets.count
            for (index, (entry, set)) in sets.enumerated() {
                let finished = set.completedAt.map { min(max($0, start), end) } ?? start.adding(seconds: step * (index + 1))
                let seconds = set.durationSeconds ?? min(60, step)
                let began = finished.adding(seconds: -seconds)
                var fields = [F(number: 254, type: .uint32, value: FITWriter.time(finished)), F(number: 0, type: .uint32, value: UInt64(seconds * 1000)),
                              F(number: 5, type: .uint8, value: 1), F(number: 6, type: .uint32, value: FITWriter.time(began)),
                              F(number: 7, type: .uint16, value: UInt64(fitCategory(entry.exerciseName))), F(number: 10, type: .uint16, value: UInt64(index))]
                if let reps = set.reps { fields.append(F(number: 3, type: .uint16, value: UInt64(min(reps, 65_534)))) }
                if let kilograms = set.load(in: .kg, defaultUnit: .kg), !set.bodyweight {
                    fields.append(F(number: 4, type: .uint16, value: UInt64(min(65_534, (kilograms * 16).rounded()))))
                    fields.append(F(number: 9, type: .uint16, value: set.unit == .lbs ? 2 : 1))
                }
                fit.message(225, fields)
            }
        } else {
            distance = sets.compactMap(\.1.distanceMeters).reduce(0, +)
        }
        fit.message(21, [F(number: 253, type: .uint32, value: endTime), F(number: 0, type: .enumeration, value: 0), F(number: 1, type: .enumeration, value: 4)])
        let timer = UInt64(elapsed * 1000)
        var lap = [F(number: 253, type: .uint32, value: endTime), F(number: 2, type: .uint32, value: startTime),
                   F(number: 7, type: .uint32, value: timer), F(number: 8, type: .uint32, value: timer),
                   F(number: 0, type: .enumeration, value: 9), F(number: 1, type: .enumeration, value: 1)]
        if cardio { lap.append(F(number: 9, type: .uint32, value: UInt64((distance * 100).rounded()))) }
        fit.message(19, lap)
        // Sport: training / strength training, or a run, ride or row by the exercise's name.
        let (sport, subSport) = cardio ? fitSport(sets.first!.0.exerciseName) : (10, 20)
        var sessionFields = [F(number: 253, type: .uint32, value: endTime), F(number: 2, type: .uint32, value: startTime),
                             F(number: 7, type: .uint32, value: timer), F(number: 8, type: .uint32, value: timer),
                             F(number: 5, type: .enumeration, value: UInt64(sport)), F(number: 6, type: .enumeration, value: UInt64(subSport)),
                             F(number: 0, type: .enumeration, value: 8), F(number: 1, type: .enumeration, value: 1),
                             F(number: 25, type: .uint16, value: 0), F(number: 26, type: .uint16, value: 1)]
        if cardio { sessionFields.append(F(number: 9, type: .uint32, value: UInt64((distance * 100).rounded()))) }
        fit.message(18, sessionFields)
        let local = UInt64(max(0, end.millisecondsSince1970 / 1000 + Int64(end.utcOffsetSeconds) - FITWriter.epochOffset))
        fit.message(34, [F(number: 253, type: .uint32, value: endTime), F(number: 0, type: .uint32, value: timer), F(number: 1, type: .uint16, value: 1),
                         F(number: 2, type: .enumeration, value: 0), F(number: 3, type: .enumeration, value: 26), F(number: 4, type: .enumeration, value: 1),
                         F(number: 5, type: .uint32, value: local)])
        return fit.bytes
    }

    /// The FIT exercise category of a lift, by words of its name (65534: unknown).
    static func fitCategory(_ name: String) -> Int {
        let lower = name.lowercased()
        let table: [(String, Int)] = [
            ("bench press", 0), ("chest press", 0), ("calf raise", 1), ("carry", 3), ("crunch", 6), ("curl", 7), ("leg curl", 15),
            ("romanian deadlift", 8), ("deadlift", 8), ("fly", 9), ("flye", 9), ("hip thrust", 10), ("lateral raise", 14), ("leg raise", 16),
            ("lunge", 17), ("clean", 18), ("snatch", 18), ("plank", 19), ("pull-up", 21), ("pull up", 21), ("chin-up", 21), ("chin up", 21),
            ("lat pulldown", 21), ("push-up", 22), ("push up", 22), ("dip", 22), ("row", 23), ("face pull", 23), ("overhead press", 24),
            ("shoulder press", 24), ("military press", 24), ("shrug", 26), ("sit-up", 27), ("squat", 28), ("leg press", 28),
            ("leg extension", 28), ("tricep", 30), ("triceps", 30), ("pushdown", 30),
        ]
        // The longest match wins: "leg curl" before "curl", "romanian deadlift" before "deadlift".
        return table.filter { lower.contains($0.0) }.max { $0.0.count < $1.0.count }?.1 ?? 65_534
    }

    /// The FIT sport and sub-sport of a cardio exercise, by its name.
    static func fitSport(_ name: String) -> (Int, Int) {
        let lower = name.lowercased()
        if lower.contains("row") { return (15, 14) }   // rowing, indoor rowing
        if lower.contains("bike") || lower.contains("cycl") || lower.contains("ride") { return (2, 0) }
        if lower.contains("swim") { return (5, 0) }
        if lower.contains("walk") { return (11, 0) }
        if lower.contains("run") || lower.contains("jog") || lower.contains("treadmill") { return (1, 0) }
        return (4, 0) // fitness equipment
    }
}
