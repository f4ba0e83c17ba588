/// The weights an exercise can be set to when no plates go on it: a rack of fixed dumbbells,
/// a machine's stack with its add-on weights (``Exercise/loads``). Prescribed loads and
/// warm-ups of such an exercise are among them.
///
/// Written as a list of weights and runs: `2-30/2,32.5,35` is 2, 4 … 30, then 32.5 and 35.
public enum FixedLoads {
    /// The most weights an exercise lists.
    public static let maximumCount = 200
    /// The heaviest weight one can be.
    public static let maximumWeight = 1000.0

    /// The weights `text` lists, lightest first: numbers and runs `from-to/step`, separated by
    /// commas; an empty text is none.
    ///
    /// - Throws: `VALIDATION_ERROR` naming the part it cannot read, or the rule the list breaks.
    public static func parse(_ text: String) throws(LiftLogError) -> [Double] {
        var loads: [Double] = []
        for piece in text.split(separator: ",") {
            let part = String(piece).trimmingWhitespace()
            if part.isEmpty { continue }
            let example = "Write weights and runs such as 2-30/2,32.5,35."
            if let slash = part.firstIndex(of: "/"), let dash = part[..<slash].dropFirst().firstIndex(of: "-") {
                guard let from = Double(part[..<dash]), let to = Double(part[part.index(after: dash)..<slash]),
                      let step = Double(part[part.index(after: slash)...]), from.isFinite, to.isFinite, step.isFinite, step > 0, to > from else {
                    throw .validation("'\(part)' is not a run from-to/step with the lighter first. \(example)")
                }
                let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
                guard count <= maximumCount else { throw tooMany(count) }
                for number in 0..<count {
                    let weight: Double = from + Double(number) * step
                    loads.append((weight * 1000).rounded() / 1000)
                }
            } else {
                guard let weight = Double(part), weight.isFinite else { throw .validation("'\(part)' is neither a weight nor a run from-to/step. \(example)") }
                loads.append(weight)
            }
            guard loads.count <= maximumCount else { throw tooMany(loads.count) }
        }
        if let problem = problem(loads) { throw .validation(problem) }
        return loads
    }

    private static func tooMany(_ count: Int) -> LiftLogError { .validation(tooManyMessage(count)) }

    private static func tooManyMessage(_ count: Int) -> String { "An exercise lists at most \(maximumCount) loads, found \(count)." }

    /// Why `loads` break the rules, or `nil`: each more than 0 and at most
    /// ``maximumWeight``, lightest first with none twice, at most ``maximumCount``.
    public static func problem(_ loads: [Double]) -> String? {
        if loads.count > maximumCount { return tooManyMessage(loads.count) }
        for (index, weight) in loads.enumerated() {
            guard weight.isFinite, weight > 0, weight <= maximumWeight else {
                return "Each load must be more than 0 and at most \(JSONNumber(maximumWeight)), found \(JSONNumber(weight.isFinite ? weight : 0))."
            }
            if index > 0, weight <= loads[index - 1] {
                return "Loads go lightest first, each once: \(JSONNumber(weight)) comes after \(JSONNumber(loads[index - 1]))."
            }
        }
        return nil
    }

    /// `loads` as ``parse(_:)`` reads them, runs of three or more equal steps written as one
    /// (`2-30/2,32.5,35`).
    public static func text(_ loads: [Double]) -> String {
        var parts: [String] = []
        var start = 0
        while start < loads.count {
            var end = start
            if start + 1 < loads.count {
                let step = loads[start + 1] - loads[start]
                while end + 1 < loads.count, abs(loads[end + 1] - loads[end] - step) < 1e-6 { end += 1 }
            }
            if end - start >= 2 {
                let step = ((loads[start + 1] - loads[start]) * 1000).rounded() / 1000
                parts.append("\(JSONNumber(loads[start]))-\(JSONNumber(loads[end]))/\(JSONNumber(step))")
                start = end + 1
            } else {
                parts.append(JSONNumber(loads[start]).text)
                start += 1
            }
        }
        return parts.joined(separator: ",")
    }

    /// The load of `loads` nearest `weight` (the lighter of two as near), or `weight` without any.
    public static func nearest(_ weight: Double, in loads: [Double]) -> Double {
        loads.min { abs($0 - weight) < abs($1 - weight) - 1e-9 } ?? weight
    }

    /// The heaviest load of `loads` at most `weight` (the lightest when all are heavier), or
    /// `weight` without any: what a rule that counts in smaller steps than the rack gives.
    public static func atMost(_ weight: Double, in loads: [Double]) -> Double {
        loads.last { $0 <= weight + 1e-9 } ?? loads.first ?? weight
    }

    /// A warm-up ramp to `working` among `loads`: about 40% for 10, then `sets - 1` steps from
    /// about 50% to 85% with fewer reps each, each the heaviest load at most its aim, each
    /// heavier than the one before and lighter than the work.
    public static func warmup(to working: Double, sets: Int, loads: [Double]) -> [(weight: Double, reps: Int)] {
        var ramp: [(weight: Double, reps: Int)] = []
        let reps = [5, 3, 2, 1, 1, 1, 1]
        let aims = [(0.4, 10)] + (0..<max(0, sets - 1)).map { index in
            (sets == 2 ? 0.6 : 0.5 + 0.35 * Double(index) / Double(sets - 2), reps[min(index, reps.count - 1)])
        }
        for (fraction, count) in aims {
            let weight = atMost(working * fraction, in: loads)
            if weight > (ramp.last?.weight ?? 0) + 1e-9 && weight < working - 1e-9 { ramp.append((weight, count)) }
        }
        return ramp
    }
}
