#if canImport(Glibc)
import Glibc
#endif
import LiftLogKit
import LiftLogServer

/// The real file system without flushes: separates the CPU cost of a command from its I/O.
struct UnflushedFileSystem: FileSystemWrapper {
    let base: any FileSystem = PosixFileSystem()
    func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError) {}
    func synchronizeDirectory(_ path: String) throws(SystemError) {}
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
    let cpu = try medianMilliseconds(runs: 21) { _ = try Store.open(at: root + "/store", environment: unflushed).log(exercise: "Back Squat", sets: set) }
    let open = try medianMilliseconds(runs: 101) { _ = try Store.open(at: root + "/store") }
    let active = try medianMilliseconds(runs: 21) { _ = try store.activeSession() }
    let full = try medianMilliseconds(runs: 31) { _ = try Store.open(at: root + "/store").log(exercise: "Back Squat", sets: set) }
    let session = try store.activeSession()!
    // What `log` writes: the session's canonical bytes, straight from the model.
    let serialize = medianMilliseconds(runs: 21) { _ = session.session.canonicalBytes }
    let bytes = session.session.canonicalBytes
    let unflushedFiles = StoreFiles(root: root + "/store", fileSystem: UnflushedFileSystem())
    let write = try medianMilliseconds(runs: 21) { try unflushedFiles.writeAtomically(bytes, to: "sessions/x.json", durable: false) }
    let lock = try medianMilliseconds(runs: 21) { try store.withLock { () throws(LiftLogError) in } }
    let exercise = try medianMilliseconds(runs: 21) { _ = try store.exercise(named: "Back Squat") }
    print("serialize \(format(serialize)) ms (\(bytes.count) bytes); unflushed write \(format(write)) ms; lock \(format(lock)) ms; exercise lookup \(format(exercise)) ms")
    let folder = root + "/cmp"
    mkdir(folder, 0o755)
    let durableFiles = StoreFiles(root: folder)
    try durableFiles.ensureDirectory(".liftlog")
    var ours: [Double] = [], raw: [Double] = []
    for _ in 0..<41 {
        var start = now()
        try durableFiles.writeDurably(bytes, to: "a.json")
        ours.append((now() - start) * 1000)
        start = now()
        rawDurableWrite(bytes, folder: folder, name: "b.json")
        raw.append((now() - start) * 1000)
    }
    print("durable write: ours \(format(ours.sorted()[20])) ms, raw \(format(raw.sorted()[20])) ms")
    print("log without flushes: \(format(cpu)) ms; open: \(format(open)) ms; find active: \(format(active)) ms; durable log: \(format(full)) ms")
}

/// `liftlog-bench --profile-codec`: reads and writes one large session many times (for a profiler).
func profileCodec() throws {
    let root = makeTemporaryDirectory()
    defer { removeTree(root) }
    let store = try SyntheticStore.build(at: root + "/store", count: 1)
    let path = try store.history(HistoryQuery()).sessions[0].path
    let bytes = try store.files.read(path)!
    var total = 0
    let start = now()
    for _ in 0..<2000 {
        let session = try DocumentDecoder.decode(bytes, path: path, as: Session.self)
        total += session.canonicalBytes.count
    }
    print("\(bytes.count) bytes: \(format((now() - start) / 2000 * 1000)) ms per read and write (\(total))")
    // Step by step: the model straight from the bytes; the JSON tree, the model from the tree
    // (the way of a file with unknown keys or problems), the tree from the model, its bytes.
    let tree = try JSONParser.parse(bytes)
    let session = try Session.decodeDocument(tree)
    let model = session.jsonValue
    let steps: [(String, () throws -> Void)] = [
        ("model straight from the bytes", { _ = Session.decodeDirect(bytes) }),
        ("parse to a JSON tree", { _ = try JSONParser.parse(bytes) }),
        ("model from the tree", { _ = try Session.decodeDocument(tree) }),
        ("tree from the model", { _ = session.jsonValue }),
        ("canonical bytes of the tree", { _ = JSONWriter.canonicalBytes(model) }),
    ]
    for (name, step) in steps {
        let begin = now()
        for _ in 0..<2000 { try step() }
        print("  \(name): \(format((now() - begin) / 2000 * 1000)) ms")
    }
}

/// `liftlog-bench --profile-server [N]`: where a history page and a logged set spend their time
/// in-process, step by step, over a store of N sessions.
func profileServer(count: Int) throws {
    let root = makeTemporaryDirectory()
    defer { removeTree(root) }
    let store = try SyntheticStore.build(at: root + "/store", count: count)
    try store.startSession()
    // A workout's worth: five exercises of five sets.
    for exercise in ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"] {
        try store.log(exercise: exercise, sets: SetNotation.parse(["100x5x5"], defaultUnit: .kg))
    }
    usleep(2_100_000)
    let path = store.root
    let api = API(storePath: path, token: nil, allowedHosts: [], version: "bench")
    let runs = 301
    if getenv("LIFTLOG_BENCH_LOOP") != nil {
        // For a profiler: history pages through the API for five seconds, nothing else.
        let end = now() + 5
        while now() < end { _ = api.handle(HTTPRequest(method: "GET", target: "/api/workouts?page=1&per_page=10")!) }
        return
    }
    let open = try medianMilliseconds(runs: runs) { _ = try Store.open(at: path) }
    let opened = try Store.open(at: path)
    let page = try medianMilliseconds(runs: runs) { _ = try opened.history(HistoryQuery(page: 1, perPage: 10)) }
    let result = try opened.history(HistoryQuery(page: 1, perPage: 10))
    let shape = medianMilliseconds(runs: runs) { _ = DataShapes.history(result) }
    let json = DataShapes.history(result)
    let write = medianMilliseconds(runs: runs) { _ = JSONWriter.compactString(json) }
    let whole = medianMilliseconds(runs: runs) { _ = api.handle(HTTPRequest(method: "GET", target: "/api/workouts?page=1&per_page=10")!) }
    print("history page: open \(format(open)) ms, history \(format(page)) ms, shape \(format(shape)) ms, JSON \(format(write)) ms; API call \(format(whole)) ms")
    let active = try opened.activeSession()!
    let find = try medianMilliseconds(runs: runs) { _ = try opened.session(idPrefix: active.session.id.description) }
    let shaped = try medianMilliseconds(runs: runs) { _ = try DataShapes.session(active, store: opened) }
    let metrics = try medianMilliseconds(runs: runs) { _ = try opened.metrics(of: active.session) }
    let sessionJSON = try DataShapes.session(active, store: opened)
    let sessionWrite = medianMilliseconds(runs: runs) { _ = JSONWriter.compactString(sessionJSON) }
    // What the server answers for a set logged: the tree made and written, against the bytes
    // written straight from the session (what it does).
    let throughTree = try medianMilliseconds(runs: runs) { _ = JSONWriter.compactBytes(try DataShapes.session(active, store: opened)) }
    let straight = try medianMilliseconds(runs: runs) { _ = try DataShapes.sessionCompactBytes(active, store: opened) }
    let body = Array("{\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"]}".utf8)
    let target = "/api/workouts/\(active.session.id)/sets"
    var unflushed = Store.Environment.live
    unflushed.fileSystem = UnflushedFileSystem()
    let set = [SetNotation(weight: 100, unit: .kg, reps: 5)]
    let log = try medianMilliseconds(runs: 31) { _ = try Store.open(at: path, environment: unflushed).log(exercise: "Back Squat", sets: set) }
    let post = medianMilliseconds(runs: 31) { _ = api.handle(HTTPRequest(method: "POST", target: target, headers: ["Content-Type": "application/json"], body: body)!) }
    print("log a set: find the session \(format(find)) ms, log without flushes \(format(log)) ms, metrics \(format(metrics)) ms, shape \(format(shaped)) ms, JSON \(format(sessionWrite)) ms; durable API call \(format(post)) ms")
    let sets = active.session.entries.reduce(0) { $0 + $1.sets.count }
    print("the answer, a session of \(sets) sets: through the tree \(format(throughTree)) ms, written straight \(format(straight)) ms")
}
