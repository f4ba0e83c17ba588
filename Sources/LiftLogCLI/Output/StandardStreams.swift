import LiftLogKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output (buffered) and standard error, written with `write(2)`.
final class StandardStreams: @unchecked Sendable {
    private var buffer: [UInt8] = []
    private let lock = Mutex()

    func writeOutput(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            if buffer.count > 1 << 16 { flushLocked() }
        }
    }

    /// Writes UTF-8 text already in bytes (an export's lines).
    func writeOutput(bytes: [UInt8]) {
        lock.withLock {
            if buffer.isEmpty && bytes.count > 1 << 16 {
                writeAll(1, bytes)
                return
            }
            buffer.append(contentsOf: bytes)
            if buffer.count > 1 << 16 { flushLocked() }
        }
    }

    func writeError(_ text: String) {
        lock.withLock {
            flushLocked()
            writeAll(2, Array(text.utf8))
        }
    }

    func flush() {
        lock.withLock { flushLocked() }
    }

    private func flushLocked() {
        guard !buffer.isEmpty else { return }
        writeAll(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retryingOnInterrupt { write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
                if written < 0 { return }
                offset += written
            }
        }
    }
}

