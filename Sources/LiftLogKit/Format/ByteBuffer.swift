#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Somewhere the writers of text formats put their bytes: an array, or a ``ByteBuffer``.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    /// Appends the bytes of `text`.
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text` in one copy (an array's `+= text.utf8` goes the
    /// generic way of any sequence: several hundred instructions for a short name).
    mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

extension Array: ByteSink where Element == UInt8 {}

/// A growable buffer of bytes for a writer that appends many short runs (a session file is a
/// few thousand keys, spaces and numbers): a run is copied with one `memcpy`, where an array's
/// `append(contentsOf:)` costs a hundred instructions or more of checks around the copy.
struct ByteBuffer: ByteSink, ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        memcpy(start + count, source, bytes.count)
        count += bytes.count
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }

    /// The bytes written, as an array (the buffer is freed).
    consuming func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }
}
