import Testing
@testable import LiftLogKit

@Suite("Number text")
struct NumberTextTests {
    /// Thousands grouped another way: the magnitude cut into groups of three by division.
    private func reference(_ value: Int64, negative: Bool) -> String {
        var groups: [String] = []
        var rest = value.magnitude
        while rest >= 1000 {
            let group = String(rest % 1000)
            groups.insert(String(repeating: "0", count: 3 - group.count) + group, at: 0)
            rest /= 1000
        }
        groups.insert(String(rest), at: 0)
        return (value < 0 || (negative && value == 0) ? "-" : "") + groups.joined(separator: ",")
    }

    @Test("groups thousands with commas, for any whole number")
    func grouped() {
        var generator = SystemRandomNumberGenerator()
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, Int64.max, Int64.min, Int64.min + 1]
        for _ in 0..<5_000 {
            let digits = Int.random(in: 0...18, using: &generator)
            var limit: Int64 = 1
            for _ in 0..<digits { limit *= 10 }
            values.append(Int64.random(in: -limit...limit, using: &generator))
        }
        for value in values {
            #expect(NumberText.grouped(value) == reference(value, negative: false))
            #expect(NumberText.grouped(value, negative: true) == reference(value, negative: true))
        }
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
        #expect(NumberText.grouped(0, negative: true) == "-0")
    }

    /// Two decimals another way: the text of the rounded value, cut after two decimals.
    private func referenceFormat(_ value: Double, grouped grouping: Bool) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return grouping ? NumberText.grouped(Int64(rounded)) : String(Int64(rounded)) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text = String(text[..<text.index(dot, offsetBy: 3)])
        }
        let parts = text.split(separator: ".")
        let whole = grouping ? NumberText.grouped(Int64(parts[0]) ?? 0, negative: text.hasPrefix("-")) : String(parts[0])
        return whole + "." + String(parts[1])
    }

    @Test("writes a value with decimals as the text of the value rounded to hundredths says, for weights and any value below a trillion")
    func formatDecimals() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.5, -0.5, 0.05, -0.05, 0.005, 0.015, 1.005, 102.5, 77.25, 1e12 - 0.5, -(1e12 - 0.01), 0.1 + 0.2]
        for _ in 0..<20_000 {
            // Plates (multiples of 0.25 and 1.25), pounds converted, and any value.
            values.append(Double(Int.random(in: -4_000...4_000, using: &generator)) * [0.25, 1.25, 0.453_592_37, 0.01].randomElement(using: &generator)!)
            values.append(Double.random(in: -1e12...1e12, using: &generator) / [1, 1e3, 1e6, 1e9].randomElement(using: &generator)!)
        }
        for value in values {
            for grouping in [true, false] {
                #expect(NumberText.format(value, grouped: grouping) == referenceFormat(value, grouped: grouping), "\(value)")
            }
        }
    }

    @Test("shows at most two decimals without trailing zeros, the whole part grouped")
    func format() {
        #expect(NumberText.format(102.5) == "102.5")
        #expect(NumberText.format(100) == "100")
        #expect(NumberText.format(1.25) == "1.25")
        #expect(NumberText.format(12_345.678) == "12,345.68")
        #expect(NumberText.format(12_345.678, grouped: false) == "12345.68")
        #expect(NumberText.format(-0.5) == "-0.5")
        #expect(NumberText.format(-1_234.5) == "-1,234.5")
        #expect(NumberText.format(.infinity) == "–")
    }
}
