import Testing
@testable import LiftLogKit

/// The progression rules as pure functions: hand-written histories in, the next prescription
/// out, checked against each program's published description.
@Suite("Progression rules")
struct ProgressionRuleTests {
    /// Monday 2025-03-03.
    static let monday = LocalDate("2025-03-03")!

    /// A session on day `offset` after ``monday`` with `sets` of (weight, reps).
    static func attempt(_ offset: Int, _ sets: [(Double?, Int)], rpe: Double? = nil, completed: Bool = true) -> Attempt {
        Attempt(date: monday.adding(days: offset), sets: sets.map { Attempt.WorkSet(weight: $0.0, reps: $0.1, rpe: rpe, completed: completed) })
    }

    static func start(_ sets: Int, _ reps: ClosedRange<Int>, amrap: Bool = false, load: Double? = nil, unit: WeightUnit = .kg) -> PlannedStart {
        PlannedStart(sets: sets, reps: reps, lastSetAMRAP: amrap, load: load.map { Load($0, unit) }, unit: unit, step: unit == .kg ? 2.5 : 5)
    }

    static func rule(_ text: String) throws -> ProgressionRule {
        try ProgressionRule.parse(text)
    }

    static func next(_ text: String, _ start: PlannedStart, _ attempts: [Attempt], on day: Int = 30) throws -> Prescription {
        try rule(text).next(from: start, after: attempts, on: monday.adding(days: day))
    }

    // MARK: Parsing

    @Test("rules read as written and print canonically", arguments: [
        ("lp(2.5kg)", "lp(2.5kg)"),
        ("lp( 5 kg , weekly )", "lp(5kg, weekly)"),
        ("LP(2.5kg, deload: 10% after 3 misses)", "lp(2.5kg, deload: 10% after 3 misses)"),
        ("lp(5lbs, weekly, deload: 15% after 2 misses)", "lp(5lb, weekly, deload: 15% after 2 misses)"),
        ("dp(2.5kg, 8, 12)", "dp(2.5kg, 8, 12)"),
        ("pct(100kg, 531, +5kg)", "pct(100kg, 531, +5kg)"),
        ("pct(225lb, BBB)", "pct(225lb, bbb)"),
        ("rpe(8)", "rpe(8)"),
        ("rpe(7.5)", "rpe(7.5)"),
        ("staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)", "staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)"),
    ])
    func parses(text: String, canonical: String) throws {
        let rule = try Self.rule(text)
        #expect(rule.canonicalText == canonical)
        #expect(rule.text == text.trimmingWhitespace())
        #expect(try Self.rule(canonical) == ProgressionRule(rule.kind))
    }

    @Test("a malformed rule is refused at the column of the mistake", arguments: [
        ("lp", 1, "a rule is written NAME(ARGUMENTS), such as lp(2.5kg); found 'lp'"),
        ("lp(2.5kg", 9, "the rule's ')' is missing"),
        ("lq(2.5kg)", 1, "unknown rule 'lq' (did you mean lp?); rules are lp, dp, pct, rpe, staged"),
        ("lp(2.5)", 4, "The increment '2.5' needs a unit, such as 2.5kg or 2.5lb"),
        ("lp(2.5kg, daily)", 11, "expected 'weekly' or 'deload: P% after N misses', found 'daily'"),
        ("lp(2.5kg, deload: 10%)", 11, "write the deload as 'deload: 10% after 3 misses', found 'deload: 10%'"),
        ("lp(2.5kg, deload: 120% after 3 misses)", 11, "The deload must be a percentage above 0 and below 100, such as 10%, found '120%'"),
        ("dp(2.5kg, 12, 8)", 15, "the most reps (8) must be above the fewest (12)"),
        ("dp(2.5kg, 8)", 1, "expected dp(INCREMENT, MIN, MAX), such as dp(2.5kg, 8, 12)"),
        ("pct(100kg, 532)", 12, "unknown wave '532'; waves are 531, bbb"),
        ("pct(100kg, 531, 5kg)", 17, "write the training max's rise per wave with a '+', such as +5kg"),
        ("rpe(11)", 5, "the target RPE must be 6.5–10 in steps of 0.5, found '11'"),
        ("staged(5kg, 5x3+, six, reset: 85%)", 19, "stage 'six' is not SETSxREPS, such as 5x3+"),
        ("staged(5kg, 5x3+, 6x2+)", 19, "the last argument is the reset, such as 'reset: 85%'"),
    ])
    func malformed(text: String, column: Int, message: String) {
        #expect(throws: ProgramTextError(message, column: column)) { try ProgressionRule.parse(text) }
    }

    // MARK: Linear

    @Test("lp: +increment after each session with every target rep, the same after a miss, a deload after N misses in a row")
    func linear() throws {
        let plan = Self.start(3, 5...5, load: 100)
        let rule = "lp(2.5kg, deload: 10% after 3 misses)"
        let first = try Self.next(rule, plan, [])
        #expect(first.sets == Array(repeating: PrescribedSet(reps: 5, weight: 100), count: 3))
        #expect(first.reason == "start: 100 kg from the plan")
        let hit = Self.attempt(0, [(100, 5), (100, 5), (100, 5)])
        #expect(try Self.next(rule, plan, [hit]).topWeight == 102.5)
        #expect(try Self.next(rule, plan, [hit]).reason == "+2.5 kg: every rep of 3x5 @ 100kg hit")
        // More reps than asked still hit; a lighter set does not.
        #expect(try Self.next(rule, plan, [Self.attempt(0, [(100, 8), (100, 6), (100, 5)])]).topWeight == 102.5)
        let light = Self.attempt(0, [(100, 5), (97.5, 5), (100, 5)])
        #expect(try Self.next(rule, plan, [light]).topWeight == 100)
        // Three misses in a row: 10% off, rounded to a loadable 2.5 kg (102.5 × 0.9 = 92.25).
        let miss = { (day: Int, weight: Double) in Self.attempt(day, [(weight, 5), (weight, 5), (weight, 4)]) }
        let history = [hit, miss(2, 102.5), miss(4, 102.5)]
        let two = try Self.next(rule, plan, history)
        #expect(two.topWeight == 102.5)
        #expect(two.reason == "same weight: 3x5 @ 102.5kg missed (miss 2 of 3 before a deload)")
        let deloaded = try Self.next(rule, plan, history + [miss(7, 102.5)])
        #expect(deloaded.topWeight == 92.5)
        #expect(deloaded.reason == "deload 10%: 3x5 @ 102.5kg missed, miss 3 in a row")
        // A hit between misses resets the count.
        #expect(try Self.next(rule, plan, [miss(0, 100), miss(2, 100), hit, miss(7, 102.5), miss(9, 102.5)]).topWeight == 102.5)
        // A session whose sets were all skipped or left pending moves nothing.
        let skipped = Self.attempt(9, [(102.5, 5), (102.5, 5), (102.5, 5)], completed: false)
        #expect(try Self.next(rule, plan, [hit, skipped]).topWeight == 102.5)
    }

    @Test("lp weekly: the increment after a week in which every session hit; a week with a miss stays; a skipped week waits")
    func linearWeekly() throws {
        let plan = Self.start(3, 5...5, load: 100)
        let hit = { (day: Int, weight: Double) in Self.attempt(day, [(weight, 5), (weight, 5), (weight, 5)]) }
        let miss = { (day: Int, weight: Double) in Self.attempt(day, [(weight, 5), (weight, 3), (weight, 3)]) }
        // Within the week: the same load, whatever the first session did.
        #expect(try Self.next("lp(2.5kg, weekly)", plan, [hit(0, 100)], on: 2).topWeight == 100)
        // The next week: +2.5 kg.
        let weekOne = [hit(0, 100), hit(2, 100), hit(4, 100)]
        #expect(try Self.next("lp(2.5kg, weekly)", plan, weekOne, on: 7).topWeight == 102.5)
        #expect(try Self.next("lp(2.5kg, weekly)", plan, weekOne, on: 7).reason == "+2.5 kg: every target of the week before hit")
        // A miss in the week: the same.
        #expect(try Self.next("lp(2.5kg, weekly)", plan, [hit(0, 100), miss(2, 100), hit(4, 100)], on: 7).topWeight == 100)
        // Two weeks off after a good week: still one increment.
        #expect(try Self.next("lp(2.5kg, weekly)", plan, weekOne, on: 21).topWeight == 102.5)
        #expect(try Self.next("lp(2.5kg, weekly)", plan, weekOne + [hit(21, 102.5)], on: 28).topWeight == 105)
    }

    @Test("lp without a planned load: the first session sets it; a pound increment on a pound plan")
    func linearWithoutLoad() throws {
        let plan = Self.start(3, 5...5, unit: .lbs)
        let first = try Self.next("lp(5lb)", plan, [])
        #expect(first.topWeight == nil && first.reason == "no load planned: the first session sets it")
        #expect(try Self.next("lp(5lb)", plan, [Self.attempt(0, [(135, 5), (135, 5), (135, 5)])]).topWeight == 140)
        // A kilogram increment on a pound plan is converted, 2.5 kg to 5.51 lb, and the load
        // prescribed is what 5 lb steps of plates make: 140.51 lb is loaded as 140.
        let pounds = Self.start(3, 5...5, load: 135, unit: .lbs)
        let hit135 = Self.attempt(0, [(135, 5), (135, 5), (135, 5)])
        #expect(try Self.next("lp(2.5kg)", pounds, [hit135]).topWeight == 140)
        #expect(try Self.next("lp(2.5kg)", pounds, [hit135, Self.attempt(2, [(140, 5), (140, 5), (140, 5)])]).topWeight == 145) // 146.02
        // An increment smaller than the pair of plates: 137.5 is loaded as 135, then 140 (the
        // rule's count goes on, never ahead of it).
        #expect(try Self.next("lp(2.5lb)", pounds, [hit135]).topWeight == 135)
        #expect(try Self.next("lp(2.5lb)", pounds, [hit135]).reason == "+2.5 lbs: every rep of 3x5 @ 135lb hit (137.5 lbs counted, 135 lbs on the bar)")
        #expect(try Self.next("lp(2.5lb)", pounds, [hit135, Self.attempt(2, [(135, 5), (135, 5), (135, 5)])]).topWeight == 140)
    }

    // MARK: Double progression

    @Test("dp: one rep more a session at one weight; every set at the top adds the increment and returns to the bottom")
    func double() throws {
        let plan = Self.start(3, 8...12, load: 60)
        let rule = "dp(2.5kg, 8, 12)"
        let sets = { (day: Int, weight: Double, reps: [Int]) in Self.attempt(day, reps.map { (weight, $0) }) }
        #expect(try Self.next(rule, plan, []).sets == Array(repeating: PrescribedSet(reps: 8, weight: 60), count: 3))
        #expect(try Self.next(rule, plan, [sets(0, 60, [8, 8, 8])]).sets.map(\.reps) == [9, 9, 9])
        // More than asked: from the fewest reps done.
        #expect(try Self.next(rule, plan, [sets(0, 60, [11, 10, 10])]).sets.map(\.reps) == [11, 11, 11])
        // 8 asked, 8 done at the least: 9 next; 9 asked, a set of 8: 9 again.
        #expect(try Self.next(rule, plan, [sets(0, 60, [9, 9, 8]), sets(2, 60, [9, 8, 8])]).sets.map(\.reps) == [9, 9, 9])
        #expect(try Self.next(rule, plan, [sets(0, 60, [8, 8, 8]), sets(2, 60, [9, 9, 7])]).reason == "same: a set fell short of 9 reps")
        let top = try Self.next(rule, plan, [sets(0, 60, [12, 12, 12])])
        #expect(top.sets == Array(repeating: PrescribedSet(reps: 8, weight: 62.5), count: 3))
        #expect(top.reason == "+2.5 kg: every set reached 12; back to 8 reps")
        // Two sets at the top and one short: not yet.
        #expect(try Self.next(rule, plan, [sets(0, 60, [12, 12, 11])]).topWeight == 60)
    }

    // MARK: Percentage waves

    @Test("pct 531: Wendler's four weeks of a training max of 100 kg, then the next wave 5 kg up")
    func fiveThreeOne() throws {
        let plan = Self.start(3, 5...5, amrap: true)
        let rule = "pct(100kg, 531, +5kg)"
        var history: [Attempt] = []
        var weeks: [[PrescribedSet]] = []
        for week in 0..<5 {
            let prescription = try Self.next(rule, plan, history, on: week * 7)
            weeks.append(prescription.sets)
            history.append(.following(prescription, on: Self.monday.adding(days: week * 7), miss: false))
        }
        #expect(weeks[0] == [PrescribedSet(reps: 5, weight: 65, percent: 0.65), PrescribedSet(reps: 5, weight: 75, percent: 0.75), PrescribedSet(reps: 5, amrap: true, weight: 85, percent: 0.85)])
        #expect(weeks[1] == [PrescribedSet(reps: 3, weight: 70, percent: 0.70), PrescribedSet(reps: 3, weight: 80, percent: 0.80), PrescribedSet(reps: 3, amrap: true, weight: 90, percent: 0.90)])
        #expect(weeks[2] == [PrescribedSet(reps: 5, weight: 75, percent: 0.75), PrescribedSet(reps: 3, weight: 85, percent: 0.85), PrescribedSet(reps: 1, amrap: true, weight: 95, percent: 0.95)])
        #expect(weeks[3] == [PrescribedSet(reps: 5, weight: 40, percent: 0.40), PrescribedSet(reps: 5, weight: 50, percent: 0.50), PrescribedSet(reps: 5, weight: 60, percent: 0.60)])
        // Wave 2 at 105 kg: 68.25, 78.75, 89.25 to the nearest 2.5 kg.
        #expect(weeks[4].map(\.weight) == [67.5, 80, 90])
        #expect(try Self.next(rule, plan, Array(history.prefix(4))).reason == "training max +5 kg for wave 2; wave 2, 5s week: 65/75/85% of a training max of 105 kg")
        // A missed week of the calendar does not skip a week of the wave.
        #expect(try Self.next(rule, plan, Array(history.prefix(1)), on: 60).sets.map(\.weight) == [70, 80, 90])
        // Boring But Big: 5 × 10 at 50%.
        #expect(try Self.next("pct(140kg, bbb, +5kg)", Self.start(5, 10...10), []).sets == Array(repeating: PrescribedSet(reps: 10, weight: 70, percent: 0.5), count: 5))
    }

    // MARK: RPE

    @Test("the RPE table is Tuchscherer's", arguments: [
        (1, 10.0, 1.0), (2, 10.0, 0.955), (5, 10.0, 0.863), (3, 8.0, 0.863), (5, 8.0, 0.811), (8, 9.0, 0.762), (12, 6.5, 0.586), (10, 7.5, 0.667), (9, 7.5, 0.694),
    ])
    func rpeTable(reps: Int, rpe: Double, share: Double) {
        #expect(RPETable.share(reps: reps, rpe: rpe) == share)
    }

    @Test("the table has no answer outside 1–12 reps and RPE 6.5–10 in half points", arguments: [(0, 8.0), (13, 8.0), (5, 6.0), (5, 10.5), (5, 8.25)])
    func rpeOutside(reps: Int, rpe: Double) {
        #expect(RPETable.share(reps: reps, rpe: rpe) == nil)
    }

    @Test("rpe: the load for the planned reps at the target RPE from the last session's e1RM, rounded to a loadable weight")
    func rpeLoading() throws {
        let plan = Self.start(3, 5...5, load: 100)
        #expect(try Self.next("rpe(8)", plan, []).topWeight == 100)
        // 100 × 5 @8 is an e1RM of 123.3 kg; 5 @8 again is 100 kg.
        #expect(try Self.next("rpe(8)", plan, [Self.attempt(0, [(100, 5)], rpe: 8)]).topWeight == 100)
        // The same set felt like 9: e1RM 119.5, 5 @8 is 96.9 → 97.5 kg.
        let harder = try Self.next("rpe(8)", plan, [Self.attempt(0, [(100, 5)], rpe: 9)])
        #expect(harder.topWeight == 97.5)
        #expect(harder.reason == "e1RM 119.47 kg from 100 kg × 5 @9; 5 @8 is 81.1%")
        // No RPE logged: the target is assumed. Only the latest session counts.
        #expect(try Self.next("rpe(8)", plan, [Self.attempt(0, [(100, 5)], rpe: 7), Self.attempt(2, [(110, 5)])]).topWeight == 110)
    }

    // MARK: Staged

    @Test("staged (GZCLP T1): hit adds the increment; a miss moves to the next stage at the same load; a miss at the last stage resets to 85%")
    func staged() throws {
        let plan = Self.start(5, 3...3, amrap: true, load: 100)
        let rule = "staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)"
        let first = try Self.next(rule, plan, [])
        #expect(first.sets.count == 5 && first.sets.allSatisfy { $0.weight == 100 } && first.sets.last?.amrap == true && first.sets[0].reps == 3)
        let hit = Attempt.following(first, on: Self.monday, miss: false)
        #expect(try Self.next(rule, plan, [hit]).topWeight == 105)
        var history = [hit]
        var stages: [String] = []
        for day in 1...4 {
            let prescription = try Self.next(rule, plan, history)
            stages.append("\(prescription.sets.count)x\(prescription.sets[0].reps) @ \(Load.plain(prescription.topWeight ?? 0))")
            history.append(.following(prescription, on: Self.monday.adding(days: day * 2), miss: true))
        }
        #expect(stages == ["5x3 @ 105", "6x2 @ 105", "10x1 @ 105", "5x3 @ 90"])
        #expect(try Self.next(rule, plan, Array(history.prefix(3))).reason == "6x2+ missed: 10x1+ at the same load")
        #expect(try Self.next(rule, plan, Array(history.prefix(4))).reason == "10x1+ missed at the last stage: reset to 5x3+ at 85%")
    }
}
