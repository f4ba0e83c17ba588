#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LiftLogKit

/// A fresh directory for one test, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("/tmp/liftlog-test-XXXXXX".utf8CString)
    guard let pointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let path = String(cString: pointer)
    chmod(path, 0o755)
    defer { removeTree(path) }
    return try body(path)
}

func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        chmod(path, 0o755)
        if let entries = try? PosixFileSystem().listDirectory(path) {
            for entry in entries { removeTree(path + "/" + entry.name) }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

func readText(_ path: String) -> String? {
    guard let bytes = try? PosixFileSystem().readFile(path, limit: 1 << 30) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

func writeText(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "cannot write \(path)")
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

func makeDirectories(_ path: String) {
    var built = ""
    for component in path.split(separator: "/") {
        built += "/" + component
        mkdir(built, 0o755)
    }
}

/// Every file below `root`, relative to it, sorted.
func allFiles(in root: String, prefix: String = "") -> [String] {
    guard let entries = try? PosixFileSystem().listDirectory(root + (prefix.isEmpty ? "" : "/" + prefix)) else { return [] }
    var found: [String] = []
    for entry in entries {
        let relative = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
        if entry.kind == .directory { found += allFiles(in: root, prefix: relative) } else { found.append(relative) }
    }
    return found.sorted()
}

/// The contents of every file below `root` (a snapshot to prove nothing changed).
func snapshot(_ root: String, excluding excluded: String? = ".liftlog") -> [String: String] {
    var result: [String: String] = [:]
    for file in allFiles(in: root) where excluded.map({ !file.split(separator: "/").contains(Substring($0)) }) ?? true {
        result[file] = readText(root + "/" + file)
    }
    return result
}
