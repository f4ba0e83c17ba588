#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few process-level facts the store needs, from the C library.
package enum FileManagerLite {
    /// The current working directory.
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

