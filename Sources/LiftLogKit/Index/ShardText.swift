#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one month shard, split into lines only as far as someone asks: a history page
/// needs its first few lines, not all of a busy month's.
struct ShardText {
    let bytes: [UInt8]
    /// Start offsets of the lines found so far.
    private var starts: [Int] = [0]
    /// Whether every line has been found.
    private var complete = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.isEmpty { starts = []; complete = true }
    }

    /// Finds line starts until `count` lines are known or the text ends.
    private mutating func scan(upTo count: Int) {
        guard !complete else { return }
        bytes.withUnsafeBufferPointer { buffer in
            while starts.count <= count {
                let next = ByteFields.find(0x0A, in: buffer, from: starts[starts.count - 1], to: buffer.count) + 1
                if next >= buffer.count { complete = true; return }
                starts.append(next)
            }
        }
    }

    private func line(at position: Int) -> ArraySlice<UInt8> {
        var end = position + 1 < starts.count ? starts[position + 1] : bytes.count
        if end > starts[position], bytes[end - 1] == 0x0A { end -= 1 }
        return bytes[starts[position]..<end]
    }

    /// The lines at `range` (fewer when the text ends first).
    mutating func lines(_ range: Range<Int>) -> [ArraySlice<UInt8>] {
        scan(upTo: range.upperBound)
        let available = complete ? starts.count : min(starts.count, range.upperBound)
        return range.clamped(to: 0..<available).map(line(at:))
    }

    /// The positions (from 0) of the lines that contain byte `marker` right after `needle`, or
    /// right after one of the bytes `after`; ascending, each once. Found with `memchr` over the
    /// whole text, so the lines that match neither are never looked at one by one.
    mutating func lines(withMarker marker: UInt8, after needle: [UInt8], orAfterAnyOf after: [UInt8]) -> [Int] {
        scan(upTo: Int.max - 1)
        var offsets: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            needle.withUnsafeBufferPointer { pattern in
                var at = ByteFields.find(marker, in: buffer, from: 1, to: buffer.count)
                while at < buffer.count {
                    if after.contains(buffer[at - 1])
                        || (at >= pattern.count && memcmp(base + at - pattern.count, pattern.baseAddress!, pattern.count) == 0) {
                        offsets.append(at)
                    }
                    at = ByteFields.find(marker, in: buffer, from: at + 1, to: buffer.count)
                }
            }
        }
        var result: [Int] = []
        for offset in offsets {
            // The last line starting at or before the offset.
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            if result.last != low { result.append(low) }
        }
        return result
    }

    /// How many lines the text has.
    mutating func lineCount() -> Int {
        scan(upTo: Int.max - 1)
        return starts.count
    }

    /// How many times `byte` occurs in the text.
    func occurrences(of byte: UInt8) -> Int {
        bytes.withUnsafeBufferPointer { ByteFields.count(of: byte, in: $0) }
    }

    /// The line at `position`, which a search found.
    func line(_ position: Int) -> ArraySlice<UInt8> { line(at: position) }

    /// Every line.
    mutating func allLines() -> [ArraySlice<UInt8>] {
        scan(upTo: Int.max - 1)
        return starts.indices.map(line(at:))
    }
}
