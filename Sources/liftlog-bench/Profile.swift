import LiftLogKit

/// The real file system without flushes: separates the CPU cost of a command from its I/O.
struct UnflushedFileSystem: FileSystem {
    let base = PosixFileSystem()
    func openForWriting(_ path: String, create: Bool, mode: UInt32) throws(SystemError) -> Int32 { try base.openForWriting(path, create: create, mode: mode) }
    func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(SystemError) { try base.write(descriptor, bytes, path: path) }
    func synchronize(_ descriptor: Int32, path: String) throws(SystemError) {}
    func setMode(_ descriptor: Int32, _ mode: UInt32, path: String) throws(SystemError) { try base.setMode(descriptor, mode, path: path) }
    func close(_ descriptor: Int32) { base.close(descriptor) }
    func rename(_ source: String, to destination: String) throws(SystemError) { try base.rename(source, to: destination) }
    func removeFile(_ path: String) throws(SystemError) { try base.removeFile(path) }
    func removeDirectory(_ path: String) throws(SystemError) { try base.removeDirectory(path) }
    func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) { try base.makeDirectory(path, mode: mode) }
    func synchronizeDirectory(_ path: String) throws(SystemError) {}
    func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] { try base.readFile(path, limit: limit) }
    func status(_ path: String) throws(SystemError) -> FileStatus? { try base.status(path) }
    func listDirectory(_ path: String) throws(SystemError) -> [DirectoryEntry] { try base.listDirectory(path) }
    func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> Int32? { try base.lockExclusively(path, timeout: timeout) }
}

/// `liftlog-bench --profile-log`: the cost of one `log`, with and without flushes.
func profileLog() throws {
    let root = makeTemporaryDirectory()
    defer { removeTree(root) }
    let store = try Store.create(at: root + "/store")
    try store.startSession()
    var unflushed = Store.Environment.live
    unflushed.fileSystem = UnflushedFileSystem()
    let set = [SetNotation(weight: 100, unit: .kg, reps: 5)]
    for exercise in ["Back Squat", "Bench Press", "Deadlift"] {
        try store.log(exercise: exercise, sets: [SetNotation(weight: 100, unit: .kg, reps: 5, count: 5)])
    }
    let cpu = try medianMilliseconds(runs: 101) { _ = try Store.open(at: root + "/store", environment: unflushed).log(exercise: "Back Squat", sets: set) }
    let open = try medianMilliseconds(runs: 101) { _ = try Store.open(at: root + "/store") }
    let active = try medianMilliseconds(runs: 101) { _ = try store.activeSession() }
    let full = try medianMilliseconds(runs: 31) { _ = try Store.open(at: root + "/store").log(exercise: "Back Squat", sets: set) }
    print("log without flushes: \(format(cpu)) ms; open: \(format(open)) ms; find active: \(format(active)) ms; durable log: \(format(full)) ms")
}
