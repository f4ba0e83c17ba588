#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value with the names the store tells apart, as swift-system's `Errno` does, so
/// that code outside the system layer needs no C import and no magic numbers.
package struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    package static let notDirectory = Errno(rawValue: ENOTDIR)
    package static let isDirectory = Errno(rawValue: EISDIR)
    package static let invalidArgument = Errno(rawValue: EINVAL)
    package static let fileTooLarge = Errno(rawValue: EFBIG)
    package static let tooManySymbolicLinkLevels = Errno(rawValue: ELOOP)
    package static let fileExists = Errno(rawValue: EEXIST)
    package static let permissionDenied = Errno(rawValue: EACCES)
    package static let noSpace = Errno(rawValue: ENOSPC)
    package static let ioError = Errno(rawValue: EIO)

    /// The value `errno` holds now.
    package static var current: Errno { Errno(rawValue: errno) }

    /// What the system says it means: "No space left on device".
    package var description: String { String(cString: strerror(rawValue)) }
}

extension SystemError {
    /// The error number, named.
    package var errno: Errno { Errno(rawValue: errorNumber) }

    /// Whether this failure of ``FileSystem/exchange(_:_:)`` says only that the file system or
    /// the platform cannot swap two files (nothing was changed).
    package var cannotExchange: Bool {
        [EINVAL, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(errorNumber)
    }
}
