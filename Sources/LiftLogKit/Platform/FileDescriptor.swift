#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor, as swift-system's `FileDescriptor`: a typed handle instead of a
/// bare `Int32`, so a descriptor can never be passed where a count or a mode is expected.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }
}

/// Calls a system function again while it fails with `EINTR` (a signal arrived): the one place
/// the package retries interrupted calls.
package func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result < 0 && errno == EINTR { continue }
        return result
    }
}
