/// Numbers as people read them, shared by the terminal, charts and pages.
public enum NumberText {
    /// `102.5`, `100`, `1.25`: at most two decimals, no trailing zeros; thousands grouped
    /// (`12,345`) unless `grouped` is false (text to be read back, such as a plan's `1000kg`).
    public static func format(_ value: Double, grouped grouping: Bool = true) -> String {
        // Beyond what a lifter lifts (a hand-edited file can say anything): plain notation.
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value)" : "–" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return grouping ? grouped(Int64(rounded)) : String(Int64(rounded)) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text = String(text[..<text.index(dot, offsetBy: 3)])
        }
        let parts = text.split(separator: ".")
        let whole = grouping ? grouped(Int64(parts[0]) ?? 0, negative: text.hasPrefix("-")) : String(parts[0])
        return whole + "." + String(parts[1])
    }

    /// `12,345`.
    public static func grouped(_ value: Int64, negative: Bool = false) -> String {
        let digits = String(abs(value))
        var output = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { output += "," }
            output.append(character)
        }
        return (value < 0 || (negative && value == 0) ? "-" : "") + output
    }
}
