import Testing
@testable import LiftLogKit

@Suite("Month table")
struct MonthTableTests {
    /// A summary told apart by its number.
    private func summary(_ number: Int) -> MonthSummary {
        var summary = MonthSummary()
        summary.count = number
        summary.folderTime = Int64(number) * 7
        return summary
    }

    @Test("answers as a dictionary of the same months would, through any inserts, updates and removals, keeping them in order")
    func sameAsDictionary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var table = MonthTable(), dictionary: [MonthKey: MonthSummary] = [:]
            // Few years in some rounds (many hits), many in others (many misses).
            let years = round.isMultiple(of: 2) ? 1990...1993 : 1...9999
            for step in 0..<Int.random(in: 0...300, using: &generator) {
                let key = MonthKey(year: Int.random(in: years, using: &generator), month: Int.random(in: 1...12, using: &generator))
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<6:
                    table[key] = summary(step)
                    dictionary[key] = summary(step)
                case 6..<8:
                    #expect(table.removeValue(forKey: key) == dictionary.removeValue(forKey: key))
                case 8:
                    table[key] = nil
                    dictionary[key] = nil
                default:
                    table[key]?.shardHash = UInt64(step)
                    dictionary[key]?.shardHash = UInt64(step)
                }
                #expect(table[key] == dictionary[key])
            }
            #expect(table.count == dictionary.count)
            #expect(table.isEmpty == dictionary.isEmpty)
            #expect(table.keys == dictionary.keys.sorted())
            #expect(Array(table.keysNewestFirst) == dictionary.keys.sorted(by: >))
            #expect(table.values == dictionary.keys.sorted().map { dictionary[$0]! })
            #expect(table.map(\.key) == dictionary.keys.sorted())
            #expect(table.reversed().map(\.value) == dictionary.keys.sorted(by: >).map { dictionary[$0]! })
            for (key, value) in table { #expect(dictionary[key] == value) }
            // Months it does not hold, below, between and above those it does.
            for year in [0, 1991, 10_000] { #expect(table[MonthKey(year: year, month: 6)] == dictionary[MonthKey(year: year, month: 6)]) }
        }
    }

    @Test("a month is found where every month has a folder, and where some have none (its place then differs from its distance to the first or last)")
    func denseAndGappedMonths() {
        let all = (1996...2025).flatMap { year in (1...12).map { MonthKey(year: year, month: $0) } }
        // Every month; then without 2001 and three months of 2019; then without the first and last years.
        for kept in [all, all.filter { $0.year != 2001 && !($0.year == 2019 && (3...5).contains($0.month)) }, all.filter { (1997...2024).contains($0.year) }] {
            var table = MonthTable()
            for (number, key) in kept.enumerated() { table[key] = summary(number) }
            for (number, key) in kept.enumerated() { #expect(table[key] == summary(number), "\(key)") }
            for key in all + [MonthKey(year: 1995, month: 12), MonthKey(year: 2026, month: 1)] where !kept.contains(key) {
                #expect(table[key] == nil, "\(key)")
            }
            #expect(table.keys == kept)
        }
    }

    @Test("two tables are equal when they hold the same months with the same totals, whatever order they were filled in")
    func equality() {
        let keys = [MonthKey(year: 2025, month: 3), MonthKey(year: 1999, month: 12), MonthKey(year: 2025, month: 1)]
        var forward = MonthTable(), backward = MonthTable()
        for (number, key) in keys.enumerated() { forward[key] = summary(number) }
        for (number, key) in keys.enumerated().reversed() { backward[key] = summary(number) }
        #expect(forward == backward)
        backward[keys[0]]?.count = 99
        #expect(forward != backward)
        backward[keys[0]] = nil
        #expect(backward.count == 2)
        #expect(forward != backward)
    }

    @Test("a month's folder below sessions is spelled as its description, for every month a folder can have")
    func folderBelowSessions() {
        for year in [0, 1, 999, 1996, 2025, 9999] {
            for month in 1...12 {
                let key = MonthKey(year: year, month: month)
                #expect(key.folderBelowSessions == key.description)
                #expect(key.folder == "sessions/" + key.folderBelowSessions)
            }
        }
    }

    /// A state of `months` random months, some with sessions in other months' folders.
    private func randomState(months: Int, using generator: inout SystemRandomNumberGenerator) -> IndexState {
        var state = IndexState(unit: .kg)
        state.folderTimes["sessions"] = Int64.random(in: 1...Int64.max, using: &generator)
        for _ in 0..<months {
            let key = MonthKey(year: Int.random(in: 1...9999, using: &generator), month: Int.random(in: 1...12, using: &generator))
            var month = MonthSummary()
            month.folderTime = Int64.random(in: 0...Int64.max, using: &generator)
            month.count = Int.random(in: 0...40, using: &generator)
            month.activeCount = Int.random(in: 0...1, using: &generator)
            month.corruptCount = Int.random(in: 0...3, using: &generator)
            month.shardHash = UInt64.random(in: 0...UInt64.max, using: &generator)
            for kind in Session.Kind.allCases where Bool.random(using: &generator) {
                month.kindCounts[kind] = Int.random(in: 1...40, using: &generator)
                month.seconds[kind] = Int.random(in: 1...200_000, using: &generator)
                month.dayMasks[kind] = UInt32.random(in: 1...UInt32.max, using: &generator)
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    month.otherDays[kind] = Set((0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: -1_000...3_000_000, using: &generator) })
                }
            }
            state.months[key] = month
            state.folderTimes[MonthKey.yearFolder(key.year)] = Int64.random(in: -1...Int64.max, using: &generator)
        }
        return state
    }

    @Test("a state file as written is read month line by month line only as far as every command needs, and gives the same months as reading every field")
    func trustedStateFile() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let state = randomState(months: Int.random(in: 0...60, using: &generator), using: &generator)
            let bytes = state.bytes
            let read = try #require(IndexState(bytes: bytes))
            #expect(read == state)
            for (key, month) in state.months {
                #expect(read.months.essentials(of: key) == MonthEssentials(month))
                #expect(read.months[key] == month)
            }
            #expect(read.months.sessionCount == state.months.values.reduce(0) { $0 + $1.count })
            #expect(read.months.keysNewestFirst(where: { $0.corruptCount > 0 }) == state.months.keys.reversed().filter { (state.months[$0]?.corruptCount ?? 0) > 0 })
            // Written again unchanged: the same bytes.
            #expect(read.bytes == bytes)
            // Without its hash, or with one that does not stand, it is not believed.
            let text = String(decoding: bytes, as: UTF8.self)
            let header = String(text.prefix { $0 != "\n" })
            #expect(IndexState(bytes: Array(text.replacingOccurrences(of: header, with: IndexState.formatLine + " kg").utf8)) == nil)
            #expect(IndexState(bytes: Array(text.replacingOccurrences(of: header, with: IndexState.formatLine + " kg 1").utf8)) == nil)
            #expect(IndexState(bytes: Array(text.replacingOccurrences(of: header, with: header + "0").utf8)) == nil)
        }
    }

    @Test("a month changed after reading is written anew and the others as they were, under a hash that stands again")
    func changedMonthWrittenAnew() throws {
        var generator = SystemRandomNumberGenerator()
        let state = randomState(months: 40, using: &generator)
        var read = try #require(IndexState(bytes: state.bytes))
        let key = state.months.keys[17]
        var month = try #require(read.months[key])
        month.count += 1
        month.seconds[.cardio] = 61
        month.otherDays[.meditation] = [20_000]
        read.months[key] = month
        let removed = state.months.keys[3]
        read.months[removed] = nil
        let written = read.bytes
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n")
        let before = String(decoding: state.bytes, as: UTF8.self).split(separator: "\n")
        // Only the header and the changed month's line differ.
        #expect(Set(lines).subtracting(before).count == 2)
        #expect(lines.filter { $0.hasPrefix("M\t\(key)\t") }.count == 1)
        #expect(!lines.contains { $0.hasPrefix("M\t\(removed)\t") })
        #expect(lines.count == before.count - 1)
        let again = try #require(IndexState(bytes: written))
        #expect(again == read)
        #expect(again.months[key] == month)
        #expect(again.months.essentials(of: key) == MonthEssentials(month))
    }

    @Test("a state file edited by hand is not believed, however plausible the edit: the file's hash no longer stands")
    func handEditedState() throws {
        var generator = SystemRandomNumberGenerator()
        var state = randomState(months: 5, using: &generator)
        let key = MonthKey(year: 2025, month: 1)
        var month = MonthSummary()
        month.folderTime = 1_700_000_000_000_000_000
        month.count = 12
        month.shardHash = 0xabc
        state.months[key] = month
        let text = String(decoding: state.bytes, as: UTF8.self)
        let edited = text.replacingOccurrences(of: "M\t2025/01\t1700000000000000000\t12\t", with: "M\t2025/01\t1700000000000000000\t13\t")
        #expect(edited != text)
        #expect(IndexState(bytes: Array(edited.utf8)) == nil)
        #expect(IndexState(bytes: Array(text.dropLast(1).utf8)) == nil)
        #expect(IndexState(bytes: Array(text.utf8)) != nil)
        let broken = text.replacingOccurrences(of: "M\t2025/01\t1700000000000000000\t12\t", with: "M\t2025/01\t1700000000000000000\t1x\t")
        #expect(IndexState(bytes: Array(broken.utf8)) == nil)
    }
}
