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
        append(text.utf8)
    }

    /// Writes UTF-8 text already in bytes (an export's lines).
    func writeOutput(bytes: [UInt8]) {
        append(bytes)
    }

    private func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        lock.withLock {
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

