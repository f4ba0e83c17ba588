import Testing
@testable import LiftLogKit

/// History asks every session it shows whether it may have bodyweight sets and how far it
/// went, by scanning the index line's encoded working sets in place; the scan must answer as
/// the plain reading of the line does.
@Suite("Scans of a summary's working sets")
struct SessionSummaryRunsTests {
    /// The plain reading: the runs of the line (`|` between entries, `;` between runs, `,`
    /// between a run's fields), and `matches` asked of each run of 4 or 7 fields.
    private func plainAnyRun(_ encoded: String, _ matches: ([ArraySlice<UInt8>]) -> Bool) -> Bool {
        let bytes = Array(encoded.utf8)
        var fields: [ArraySlice<UInt8>] = []
        var fieldStart = 0
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : 0x7C
            guard byte == 0x2C || byte == 0x3B || byte == 0x7C else { continue }
            fields.append(bytes[fieldStart..<index])
            fieldStart = index + 1
            if byte != 0x2C {
                if (fields.count == 4 || fields.count == 7) && matches(fields) { return true }
                fields.removeAll()
            }
        }
        return false
    }

    private func summary(_ encoded: String) -> SessionSummary {
        var session = Session(id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, kind: .lifting, startedAt: Timestamp("2025-01-24T07:30:00Z")!)
        session.entries = [Session.Entry(exerciseID: nil, exerciseName: "Plank", order: 0, sets: [])]
        var summary = SessionSummary(session, path: "sessions/2025/01/x.json", unit: .kg)
        summary.encodedWorkSets = encoded
        return summary
    }

    @Test("bodyweight and distance, on lines written from sessions and on 5,000 random lines")
    func againstThePlainReading() {
        var generator = SystemRandomNumberGenerator()
        let fields = ["", "", "100", "82.5", "kg", "lbs", "5", "1", "bw", "60", "1000", "x", "é"]
        let separators = [",", ",", ",", ";", "|"]
        var lines = ["", "|", ";", ",,,", ",,5,1", "100,kg,5,1", ",kg,5,1", "100,kg,5,1,,,", ",kg,,1,,,1000", "100,kg,5,1,bw,,", "1,2,3,4,5,6,7,8",
                     "100,kg,5,1;,kg,8,1|80,kg,5,3", "100,kg,5,1|,,,,,,2000|", ",kg,5,1,,,,", "a,b,c,d;e,f,g,h,i,j,k"]
        for _ in 0..<5_000 {
            var line = ""
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                line += fields.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
            }
            if !line.isEmpty, Bool.random(using: &generator) { line.removeLast() }
            lines.append(line)
        }
        for line in lines {
            let summary = summary(line)
            let bodyweight = plainAnyRun(line) { ($0[0].isEmpty && !$0[2].isEmpty) || ($0.count == 7 && !$0[4].isEmpty) }
            let distance = plainAnyRun(line) { $0.count == 7 && !$0[6].isEmpty }
            #expect(summary.mayHaveBodyweightSets == bodyweight, "\(line)")
            let sum = summary.workSetsOfEveryEntry.joined().reduce(0.0) { $0 + ($1.distanceMeters ?? 0) * Double($1.count) }
            #expect(summary.totalDistanceMeters == (distance ? (sum * 100).rounded() / 100 : 0), "\(line)")
        }
    }
}
