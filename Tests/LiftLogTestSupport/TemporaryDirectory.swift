#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where tests make their folders: `$TMPDIR` (`scripts/test-env.sh` points it at a private folder it removes),
/// else `/tmp`.
public let temporaryBase: String = {
    guard let value = getenv("TMPDIR").map({ String(cString: $0) }), value.hasPrefix("/") else { return "/tmp" }
    return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
}()

/// A fresh directory for one test, removed afterwards.
public func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array((temporaryBase + "/liftlog-test-XXXXXX").utf8CString)
    guard let pointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let path = String(cString: pointer)
    chmod(path, 0o755)
    defer { removeTree(path) }
    return try body(path)
}

/// ``withTemporaryDirectory(_:)`` for async tests (on the caller's actor).
public func withTemporaryDirectoryAsync<T>(isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T) async throws -> T {
    var template = Array((temporaryBase + "/liftlog-test-XXXXXX").utf8CString)
    guard let pointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let path = String(cString: pointer)
    chmod(path, 0o755)
    defer { removeTree(path) }
    return try await body(path)
}

public func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        chmod(path, 0o755)
        for entry in listEntries(path) { removeTree(path + "/" + entry.name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

public func readText(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

public func writeText(_ text: String, to path: String) {
    writeBytes(Array(text.utf8), to: path)
}

public func makeDirectories(_ path: String) {
    var built = ""
    for component in path.split(separator: "/") {
        built += "/" + component
        mkdir(built, 0o755)
    }
}

/// Every file below `root`, relative to it, sorted.
public func allFiles(in root: String, prefix: String = "") -> [String] {
    let entries = listEntries(root + (prefix.isEmpty ? "" : "/" + prefix))
    var found: [String] = []
    for entry in entries {
        let relative = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
        if entry.isDirectory { found += allFiles(in: root, prefix: relative) } else { found.append(relative) }
    }
    return found.sorted()
}

/// The contents of every file below `root` (a snapshot to prove nothing changed).
public func snapshot(_ root: String, excluding excluded: String? = ".liftlog") -> [String: String] {
    var result: [String: String] = [:]
    for file in allFiles(in: root) where excluded.map({ !file.split(separator: "/").contains(Substring($0)) }) ?? true {
        result[file] = readText(root + "/" + file)
    }
    return result
}

public struct Entry {
    public var name: String
    public var isDirectory: Bool
}

/// The names in a directory (without . and ..), empty when it cannot be read.
public func listEntries(_ path: String) -> [Entry] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        if name == "." || name == ".." { continue }
        var info = stat()
        lstat(path + "/" + name, &info)
        entries.append(Entry(name: name, isDirectory: info.st_mode & S_IFMT == S_IFDIR))
    }
    return entries
}

public func writeBytes(_ bytes: [UInt8], to path: String) {
    // Close-on-exec: a process another test spawns meanwhile must not keep the file open for
    // writing, or running it (an editor script) fails with "Text file busy".
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    precondition(descriptor >= 0, "cannot write \(path)")
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

public func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { break }
    }
    return bytes
}

/// The root of this repository (for SampleData, scripts and schemas).
public let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()
