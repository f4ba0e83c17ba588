/// Text helpers the library shares: trimming, replacing, the index's escaping, strict UTF-8.
extension String {
    func replacingHyphens() -> String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}

extension String {
    /// This text with every occurrence of `target` replaced, compared as UTF-8 bytes (literally,
    /// as Foundation's method does by default: `"\r\n"` holds a `"\n"`), left to right without
    /// overlaps.
    package func replacingOccurrences(of target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return self }
        var text = self
        return text.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            let end = bytes.count - needle.count
            search: while index <= end {
                guard bytes[index] == first else { index += 1; continue }
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    index += 1
                    continue search
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + replacement.utf8.count) }
                output.append(contentsOf: bytes[copied..<index])
                output.append(contentsOf: replacement.utf8)
                index += needle.count
                copied = index
            }
            guard copied > 0 else { return self }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
    }
}

extension String {
    package func trimmingWhitespace() -> String {
        // Nothing to trim when both ends are ASCII other than a space or a control character:
        // a character that starts or ends with such a byte is not whitespace. The common case
        // (every cell of an import, every name) then costs two byte reads.
        if let first = utf8.first, let last = utf8.last, String.isPlainASCII(first), String.isPlainASCII(last) { return self }
        return String(trimmingTrailingWhitespace().drop(while: \.isWhitespace))
    }

    package func trimmingTrailingWhitespace() -> String {
        if let last = utf8.last, String.isPlainASCII(last) { return self }
        var scalars = Substring(self)
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// A printable ASCII byte other than a space: never part of a whitespace character.
    static func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}

extension String {
    var escapedForIndex: String {
        guard utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return self }
        var output = ""
        for character in self {
            switch character {
            case "\\": output += "\\\\"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            default: output.append(character)
            }
        }
        return output
    }

    var unescapedFromIndex: String {
        guard utf8.contains(0x5C) else { return self }
        var output = ""
        var escaping = false
        for character in self {
            if escaping {
                switch character {
                case "t": output += "\t"
                case "n": output += "\n"
                case "r": output += "\r"
                default: output.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return output
    }
}

extension String {
    /// The text of `bytes` if they are valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        // Checked first, then made in one go: `String(decoding:)` of valid UTF-8 is exact.
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: break loop
                case .error: return nil
                }
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}

extension Array where Element == String {
    /// The strings with `separator` between them: what the standard library's `joined` gives,
    /// written for `[String]`, which nearly every command joins. The library's is generic code
    /// that, the first time a process calls it, searches the binary's 2,300 conformance records
    /// for the array's (about 75,000 instructions, a tenth of a short command's own work); this
    /// one, declared on the array itself, is the one calls on a `[String]` find.
    package func joined(separator: String = "") -> String {
        guard count > 1 else { return first ?? "" }
        var length = separator.utf8.count * (count - 1)
        for element in self { length += element.utf8.count }
        var text = self[0]
        text.reserveCapacity(length)
        for index in 1..<count {
            text += separator
            text += self[index]
        }
        return text
    }
}
