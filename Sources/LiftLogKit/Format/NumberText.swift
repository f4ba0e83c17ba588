/// Numbers as people read them, shared by the terminal, charts and pages.
package enum NumberText {
    /// `102.5`, `100`, `1.25`: at most two decimals, no trailing zeros; thousands grouped
    /// (`12,345`) unless `grouped` is false (text to be read back, such as a plan's `1000kg`).
    package static func format(_ value: Double, grouped grouping: Bool = true) -> String {
        // Beyond what a lifter lifts (a hand-edited file can say anything): plain notation.
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value)" : "–" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return grouping ? grouped(Int64(rounded)) : String(Int64(rounded)) }
        if abs(value) < 1e12 {
            // Whole hundredths, written as digits (a weight such as 102.5 on every set shown):
            // what the text of the rounded value, cut to two decimals, says.
            let hundredths = Int64((value * 100).rounded())
            let whole = hundredths / 100, fraction = (hundredths % 100).magnitude
            let decimals = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
            let wholeText = grouping ? grouped(whole, negative: hundredths < 0) : (hundredths < 0 && whole == 0 ? "-0" : String(whole))
            return wholeText + "." + decimals
        }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text = String(text[..<text.index(dot, offsetBy: 3)])
        }
        let parts = text.split(separator: ".")
        let whole = grouping ? grouped(Int64(parts[0]) ?? 0, negative: text.hasPrefix("-")) : String(parts[0])
        return whole + "." + String(parts[1])
    }

    /// `12,345`; `-0` for zero when `negative` (the whole part of `-0.5`).
    package static func grouped(_ value: Int64, negative: Bool = false) -> String {
        // Written as bytes from the last digit back (every weight and volume shown goes
        // through here: a session's sets, a page of history).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var rest = value.magnitude
            var start = buffer.count
            var digits = 0
            repeat {
                if digits > 0 && digits % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            if value < 0 || (negative && value == 0) {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}
