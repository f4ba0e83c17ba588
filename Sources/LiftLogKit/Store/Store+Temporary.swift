#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stores that live only for a while: for SwiftUI previews and an app's own tests.
extension Store {
    /// What every temporary store's folder name begins with.
    static let temporaryPrefix = "liftlog-temporary-"

    /// A new store in a folder of its own under the system's temporary folder (`TMPDIR`, an
    /// app's `tmp/` on Apple platforms; else `/tmp`), with the default exercise library unless
    /// `seed` is `false`. It is a store like any other, on real files; remove it with
    /// ``removeTemporary()`` (the system empties its temporary folder in time otherwise).
    ///
    /// - Throws: `IO_ERROR` when no folder can be made there.
    public static func temporary(unit: WeightUnit = .kg, seed: Bool = true, environment: Environment = .live) throws(LiftLogError) -> Store {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if !base.hasPrefix("/") { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        guard let folder = mkdtemp(&template) else {
            throw .io(path: base, operation: "create a folder in", reason: Errno(rawValue: errno).description, nothingChanged: true)
        }
        return try create(at: String(cString: folder), unit: unit, seed: seed, environment: environment)
    }

    /// Removes the folder of a store made by ``temporary(unit:seed:environment:)`` and every
    /// file in it.
    ///
    /// - Throws: `VALIDATION_ERROR` for any other store, whose files are never removed;
    ///   `IO_ERROR` when a file cannot be removed.
    public func removeTemporary() throws(LiftLogError) {
        guard let name = root.split(separator: "/").last, name.hasPrefix(Store.temporaryPrefix) else {
            throw .validation("The store at '\(root)' was not made by Store.temporary(); its files are not removed.")
        }
        do throws(SystemError) { try Store.removeTree(root, fileSystem: environment.fileSystem) } catch { throw files.ioError(error) }
    }

    private static func removeTree(_ path: String, fileSystem: any FileSystem) throws(SystemError) {
        for entry in try fileSystem.listDirectory(path) {
            let child = path + "/" + entry.name
            if try fileSystem.status(child)?.kind == .directory { try removeTree(child, fileSystem: fileSystem) } else { try fileSystem.removeFile(child) }
        }
        try fileSystem.removeDirectory(path)
    }
}
