#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogCatalog
import LiftLogKit

// liftlog-bench: measures liftlog on synthetic stores against floors measured in the same run.
//
//     swift run -c release liftlog-bench            # N = 1,000 and 100,000 (several minutes)
//     swift run -c release liftlog-bench --quick    # N = 1,000 and 10,000, fewer repetitions
//     swift run -c release liftlog-bench --generate DIR N [YEARS]   # only write a synthetic store (30 years)
//
// See BENCHMARKS.md for what each row means and the figures of the last full run.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: liftlog-bench [--quick]              N = 1,000 and 100,000 (--quick: 1,000 and 10,000, fewer runs)
           liftlog-bench --generate DIR N [YEARS]   only write a synthetic store (DIR absolute)
           liftlog-bench --server [N] [--quick]     only the HTTP server, over N sessions
           liftlog-bench --web                      only the web app's budgets (from the repository's root)
           liftlog-bench --startup-order            only how many names of the start-up order left the binary (from the root)
           liftlog-bench --changes                  only how soon a change another process writes is reported
           liftlog-bench --profile-codec | --profile-log | --profile-server [N]
    """
let modes: Set<String> = ["--quick", "--generate", "--profile-codec", "--profile-server", "--web", "--profile-log", "--server", "--startup-order", "--changes"]
/// Says what is wrong and how the tool is used, on standard error, and exits with status 2.
func usageError(_ problem: String) -> Never {
    let text = "liftlog-bench: \(problem)\n\(usage)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
    exit(0)
}
// Anything else starting with "-" is a mistake: say so rather than start a run of several minutes.
if let unknown = arguments.first(where: { $0.hasPrefix("-") && !modes.contains($0) }) {
    usageError("unknown option \(unknown)")
}
// `liftlog-bench --generate DIR N` only writes a synthetic store, for profiling by hand.
if arguments.first == "--generate", (3...4).contains(arguments.count), let count = Int(arguments[2]) {
    _ = try SyntheticStore.build(at: arguments[1], count: count, years: arguments.count == 4 ? Int(arguments[3]) ?? 30 : 30)
    exit(0)
}
if arguments.first == "--profile-codec" {
    try profileCodec()
    exit(0)
}
if arguments.first == "--profile-server" {
    try profileServer(count: arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000)
    exit(0)
}
if arguments.first == "--web" {
    // Only the web app's budgets (run from the repository's root).
    for line in webAppBudgets(liftlog: executableDirectory() + "/liftlog", repository: ".") ?? ["not measured: python3 or scripts/browser-tests.py missing"] { print("- " + line) }
    exit(0)
}
/// What the run's summary says of the start-up order (not a target: what keeps the start-up
/// figures true as the code changes).
func startupOrderLine() -> String {
    guard let order = startupOrderNamesMissing(binary: executableDirectory() + "/liftlog", order: "Sources/liftlog/startup.order") else {
        return "start-up order not checked (run from the repository's root, on Linux)"
    }
    let advice = order.missing > 20 ? " (run scripts/startup-order.sh again: the code that replaced them is placed apart, costing page faults)" : ""
    return "start-up order: \(order.missing) of its \(order.total) names no longer in the binary" + advice
}
if arguments == ["--startup-order"] {
    print(startupOrderLine())
    exit(0)
}
/// The line of the summary on the change stream.
func changeReportLine() throws -> String {
    let figures = try changeReportMilliseconds(liftlog: executableDirectory() + "/liftlog", runs: 21)
    return "a set `liftlog log` writes, reported to a store's watcher \(format(figures.reported - figures.process)) ms after the process "
        + "(\(format(figures.reported)) ms from its start, the process \(format(figures.process)) ms; target ≤ 100 ms after the write; "
        + (figures.kernel ? "kernel reports)" : "comparing the folders)")
}
if arguments == ["--changes"] {
    print("- " + (try changeReportLine()))
    exit(0)
}
if arguments.first == "--profile-log" {
    try profileLog()
    exit(0)
}
// `liftlog-bench --server [N]` measures only the HTTP server, over a store of N sessions.
if arguments.first == "--server" {
    let folder = makeTemporaryDirectory()
    let store = try SyntheticStore.build(at: folder + "/store", count: arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000)
    try store.startSession()
    try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5x5"], defaultUnit: .kg))
    try writeSQLiteScript(store: store.root, to: folder + "/load.sql")
    usleep(2_100_000)
    let figures = try serverBenchmark(liftlog: executableDirectory() + "/liftlog", store: store.root, folder: folder,
                                      sqliteScript: folder + "/load.sql", quick: arguments.contains("--quick"))
    for line in figures.targets { print("- " + line) }
    // Removed here: `exit` runs no `defer`.
    removeTree(folder)
    exit(0)
}
guard arguments.isEmpty || arguments == ["--quick"] else {
    usageError("unexpected arguments \(arguments.joined(separator: " "))")
}
let quick = arguments.contains("--quick")
let sizes = quick ? [1_000, 10_000] : [1_000, 100_000]
let runs = quick ? 9 : 31
let builtLiftlog = executableDirectory() + "/liftlog"
guard access(builtLiftlog, X_OK) == 0 else {
    print("Build the liftlog binary first: swift build -c release")
    exit(1)
}
// The C helper: the floors of a C program, and the peak memory of a command measured from a
// process of its own size (see peakMegabytes).
let helperFolder = makeTemporaryDirectory()
defer { removeTree(helperFolder) }
// Whole processes run `liftlog` installed as the README says (copied onto the PATH) and in
// the state such a binary is usually in: its pages dropped from the page cache once and read
// back on demand, as after a restart or once memory was reused (see installedCopy). Start-up
// is also measured right after the copy, and from the file the linker wrote.
let freshLiftlog = installedCopy(of: builtLiftlog, in: helperFolder, named: "liftlog-fresh") ?? builtLiftlog
let liftlog = installedCopy(of: builtLiftlog, in: helperFolder, named: "liftlog", pagedOut: true) ?? builtLiftlog

struct Row {
    var name: String
    var values: [Int: Double] = [:]
}

var rows: [String: Row] = [:]
nonisolated(unsafe) var importFigures: [(rows: Int, seconds: Double, memory: Double, floor: Double?)] = []
var order: [String] = []
@MainActor func record(_ name: String, _ size: Int, _ value: Double) {
    if rows[name] == nil { rows[name] = Row(name: name); order.append(name) }
    rows[name]!.values[size] = value
    print("  N = \(size), \(name): \(format(value))")
    fflush(nil)
}

/// One store of the run.
struct Fixture {
    var size: Int
    var root: String
    var path: String { root + "/store" }
    var pageFiles: [String] = []
    /// The session `show` shows (a middle one of the store, of the same size in every store).
    var middle: SessionSummary?
    /// The session files that contain Back Squat.
    var progressFiles: [String] = []
}

var fixtures: [Fixture] = []
defer { for fixture in fixtures { removeTree(fixture.root) } }
let cFloor = compileCFloor(in: helperFolder)
if cFloor == nil { print("  (no C compiler found: the C floors are not measured, and peak memory includes this process's)") }
for size in sizes {
    let fixture = Fixture(size: size, root: makeTemporaryDirectory())
    var start = now()
    _ = try SyntheticStore.build(at: fixture.path, count: size)
    print("N = \(size): generated in \(format(now() - start, digits: 1)) s")
    // A store at rest before the reindex: its files on disk (the generator's writes flushed,
    // not competing with the reindex for the disk), and no folder changed in the last two
    // seconds (recorded as "look again next time", which would rescan the newest months).
    sync()
    usleep(2_100_000)
    // Full reindex with no index yet (as after a clone), in a separate process for its peak
    // memory: the median of three, the index moved out of the store before each. Moved, not
    // deleted: on ext4 without a journal (this machine's disk) a new file's inode is chosen
    // past every inode freed in the last minute or more (the kernel's `recently_deleted`),
    // so each reindex paid for the 616 files of the previous one deleted just before it, a
    // cost a reindex after a clone does not have (0.43–0.51 s against 0.35–0.36 s by hand).
    // The moved indexes go with the fixture at the end.
    var reindexRuns: [Double] = []
    var reindexMemory = 0.0
    var movedIndexes = 0
    func moveIndexAside() {
        movedIndexes += 1
        _ = rename(fixture.path + "/.liftlog/index", fixture.root + "/moved-index-\(movedIndexes)")
    }
    for _ in 0..<3 {
        moveIndexAside()
        let reindex = runProcess([liftlog, "reindex", "--store", fixture.path])
        precondition(reindex.status == 0, "reindex failed")
        reindexRuns.append(reindex.milliseconds / 1000)
        reindexMemory = reindex.peakMegabytes
    }
    record("reindex, whole process (s)", size, reindexRuns.sorted()[1])
    if cFloor != nil {
        moveIndexAside()
        reindexMemory = peakMegabytes([liftlog, "reindex", "--store", fixture.path], helper: cFloor)
    }
    record("reindex, peak memory (MB)", size, reindexMemory)
    let files = allSessionFiles(fixture.path)
    start = now()
    let bytes = rawRead(files)
    record("floor: read every session file raw (s)", size, now() - start)
    record("store size (MB)", size, Double(bytes) / 1_048_576)
    fixtures.append(fixture)
}
// The same number of sessions over four years instead of thirty (48 month folders instead of
// 360), at the largest size of at most 10,000: what the age of a log costs the short commands
// (the issue's target: their cost grows at most 1.2× from 4 to 30 years of folders).
let twinSize = sizes.filter { $0 <= 10_000 }.max()!
var fourYears = Fixture(size: twinSize, root: makeTemporaryDirectory())
defer { removeTree(fourYears.root) }
_ = try SyntheticStore.build(at: fourYears.path, count: twinSize, years: 4)
print("N = \(twinSize) over 4 years: generated")
sync()
// A store at rest: folders changed in the last two seconds are rescanned on every read,
// because file-system timestamps are too coarse to trust yet (see SessionIndex).
usleep(2_100_000)
/// Builds the index of `fixture` and notes the files and the session the measures use.
func prepare(_ fixture: inout Fixture) throws {
    let store = try Store.open(at: fixture.path)
    _ = try store.history(HistoryQuery())
    fixture.pageFiles = try store.history(HistoryQuery(page: 100, perPage: 10)).sessions.map { fixture.path + "/" + $0.path }
    // The session `show` shows: of fifty in the middle of the log, the one whose file is
    // nearest 7.5 KB (the generator's mean), so that every store shows a session of the same
    // size and the figures compare what the number of sessions costs, not the decoding of a
    // longer file.
    let page = try store.history(HistoryQuery(page: max(1, fixture.size / 100), perPage: 50)).sessions
    fixture.middle = page.min { a, b in
        func distance(_ summary: SessionSummary) -> Int64 {
            abs(((try? store.files.status(summary.path))??.size ?? 0) - 7_500)
        }
        return distance(a) < distance(b)
    }
}
for index in fixtures.indices { try prepare(&fixtures[index]) }
try prepare(&fourYears)

/// Measures `body` for every fixture, alternating between them round by round so that drift
/// of the machine affects all sizes alike; records the median of each.
@MainActor func interleaved(_ name: String, runs: Int, _ body: (Fixture) throws -> Void) rethrows {
    var samples: [Int: [Double]] = [:]
    for fixture in fixtures { try body(fixture) }
    for _ in 0..<runs {
        for fixture in fixtures { samples[fixture.size, default: []].append(try milliseconds { try body(fixture) }) }
    }
    for (size, values) in samples { record(name, size, values.sorted()[values.count / 2]) }
}

/// The wall time of `body` in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return (now() - start) * 1000
}

/// A short command measured as a whole process on each fixture (`only`: on the fixture of
/// that size alone).
struct ShortCommand {
    var name: String
    var only: Int?
    var body: (Fixture) -> Void

    init(_ name: String, only: Int? = nil, _ body: @escaping (Fixture) -> Void) {
        self.name = name
        self.only = only
        self.body = body
    }
}

/// Measures several short commands together, round by round: each round runs every command
/// once on every fixture. The machine slows down now and then for a fraction of a second
/// (seen as a run of whole processes 1–1.5 ms slower); measured one after the other, such a
/// spell can take all the runs of one command and none of the peer's, while round by round
/// it takes a few runs of each, which the medians leave out.
@MainActor func interleaved(_ measures: [ShortCommand], runs: Int) {
    var samples: [String: [Int: [Double]]] = [:]
    func measured(by measure: ShortCommand) -> [Fixture] { fixtures.filter { measure.only == nil || $0.size == measure.only } }
    for measure in measures { for fixture in measured(by: measure) { measure.body(fixture) } }
    for _ in 0..<runs {
        for measure in measures {
            for fixture in measured(by: measure) { samples[measure.name, default: [:]][fixture.size, default: []].append(milliseconds { measure.body(fixture) }) }
        }
    }
    for measure in measures {
        for (size, values) in (samples[measure.name] ?? [:]).sorted(by: { $0.key < $1.key }) { record(measure.name, size, values.sorted()[values.count / 2]) }
    }
}

print("In-process (each call opens the store, as the CLI does):")
try interleaved("history page 1, in-process (ms)", runs: runs) { _ = try Store.open(at: $0.path).history(HistoryQuery(page: 1, perPage: 10)) }
try interleaved("history page 100, in-process (ms)", runs: runs) { _ = try Store.open(at: $0.path).history(HistoryQuery(page: 100, perPage: 10)) }
interleaved("floor: read the 10 files of a page raw (ms)", runs: runs) { _ = rawRead($0.pageFiles) }
try interleaved("show, in-process (ms)", runs: runs) { _ = try Store.open(at: $0.path).session(idPrefix: $0.middle!.id.short) }
interleaved("floor: read that session file raw (ms)", runs: runs) { _ = rawRead([$0.path + "/" + $0.middle!.path]) }

// Status with no session active, as between workouts: it then looks for one in the index,
// which compares every month folder with it (the later measures of status have a session
// active, which `.liftlog/active` names).
interleaved([
    ShortCommand("status, no session active, whole process (ms)") { _ = runProcess([liftlog, "status", "--store", $0.path]) },
    ShortCommand("status, no session active, 4 years of folders, whole process (ms)", only: twinSize) { _ in
        _ = runProcess([liftlog, "status", "--store", fourYears.path])
    },
], runs: 21)

for fixture in fixtures + [fourYears] {
    let store = try Store.open(at: fixture.path)
    try store.startSession()
    for exercise in ["Back Squat", "Bench Press", "Barbell Row", "Deadlift"] {
        try store.log(exercise: exercise, sets: SetNotation.parse(["100x5x5"], defaultUnit: .kg))
    }
}
usleep(2_100_000)
try interleaved("status, in-process (ms)", runs: runs) { _ = try Store.open(at: $0.path).activeSession() }

// The same job for SQLite, when installed: every session as a row with an index on its start,
// and the same page asked of a whole `sqlite3` process. The same rows serve the HTTP baseline.
for fixture in fixtures { try writeSQLiteScript(store: fixture.path, to: fixture.root + "/load.sql") }
let sqliteCandidates: [String] = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"]
let sqlite = sqliteCandidates.first { path in access(path, X_OK) == 0 }
if let sqlite {
    for fixture in fixtures {
        _ = runProcess(["/bin/sh", "-c", "\(sqlite) \(fixture.root)/sessions.sqlite < \(fixture.root)/load.sql"])
    }
}

print("Whole processes, as a user runs them:")
let processRuns = quick ? 7 : 21
// The short commands and their peers, round by round (21 rounds in the quick run too: a
// command of 1–3 ms needs them for a steady median).
var shortCommands: [ShortCommand] = [
    ShortCommand("floor: a C program that only starts, whole process (ms)") { _ in _ = runProcess([cFloor ?? "/bin/true"]) },
    ShortCommand("floor: liftlog --version, whole process (ms)") { _ in _ = runProcess([liftlog, "--version"]) },
    ShortCommand("liftlog --version, just copied in one piece (right after installing), whole process (ms)") { _ in _ = runProcess([freshLiftlog, "--version"]) },
    ShortCommand("liftlog --version, the file the linker wrote, whole process (ms)") { _ in _ = runProcess([builtLiftlog, "--version"]) },
    ShortCommand("history page 1, whole process (ms)") { _ = runProcess([liftlog, "history", "--per-page", "10", "--store", $0.path]) },
    ShortCommand("history page 100, whole process (ms)") { _ = runProcess([liftlog, "history", "--per-page", "10", "--page", "100", "--store", $0.path]) },
    ShortCommand("show, whole process (ms)") { _ = runProcess([liftlog, "show", $0.middle!.id.short, "--store", $0.path]) },
    ShortCommand("status, whole process (ms)") { _ = runProcess([liftlog, "status", "--store", $0.path]) },
    // The pre-commit hook checks what is staged: one session file, whatever the size of the
    // log (`check FILE` is `check --staged` without asking git).
    ShortCommand("check of one session file (pre-commit), whole process (ms)") {
        let checked = runProcess([liftlog, "check", $0.path + "/" + $0.middle!.path, "--store", $0.path])
        precondition(checked.status == 0, "check FILE failed")
    },
]
// The same commands on the four-year twin, in the same rounds, recorded at its size.
shortCommands += [
    ShortCommand("history page 1, 4 years of folders, whole process (ms)", only: twinSize) { _ in
        _ = runProcess([liftlog, "history", "--per-page", "10", "--store", fourYears.path])
    },
    ShortCommand("show, 4 years of folders, whole process (ms)", only: twinSize) { _ in
        _ = runProcess([liftlog, "show", fourYears.middle!.id.short, "--store", fourYears.path])
    },
    ShortCommand("status, 4 years of folders, whole process (ms)", only: twinSize) { _ in
        _ = runProcess([liftlog, "status", "--store", fourYears.path])
    },
]
let sessionFoldersFloor = "floor: a C program that only looks at every session folder (stat), whole process (ms)"
let sessionFoldersFloorFourYears = "floor: a C program that only looks at every session folder (stat), 4 years of folders, whole process (ms)"
/// How many year and month folders the 30-year and 4-year stores have, when their floor was measured.
var sessionFolderCounts: (thirtyYears: Int, fourYears: Int)?

// What a program must pay to know that no session folder changed without a watcher, in C:
// the `stat` of every year and month folder, as liftlog does them (one open of `sessions`).
if let cFloor, let twin = fixtures.first(where: { $0.size == twinSize }) {
    let folders = sessionFolders(twin.path), fourYearFolders = sessionFolders(fourYears.path)
    // A folder it could not look at would make its figure a failure's: the run stops.
    let lookAt = { @Sendable (store: String, names: [String]) in
        let status = runProcess([cFloor, "--stat", store + "/sessions"] + names).status
        if status != 0 { fatalError("the C floor could not look at every session folder of \(store) (status \(status))") }
    }
    shortCommands += [
        ShortCommand(sessionFoldersFloor, only: twinSize) { _ in lookAt(twin.path, folders) },
        ShortCommand(sessionFoldersFloorFourYears, only: twinSize) { _ in lookAt(fourYears.path, fourYearFolders) },
    ]
    sessionFolderCounts = (folders.count, fourYearFolders.count)
}
if let sqlite {
    shortCommands.append(ShortCommand("SQLite: history page 1, whole sqlite3 process (ms)") {
        _ = runProcess([sqlite, $0.root + "/sessions.sqlite", "SELECT * FROM sessions ORDER BY started_at DESC LIMIT 10"])
    })
    shortCommands.append(ShortCommand("SQLite: history page 100, whole sqlite3 process (ms)") {
        _ = runProcess([sqlite, $0.root + "/sessions.sqlite", "SELECT * FROM sessions ORDER BY started_at DESC LIMIT 10 OFFSET 990"])
    })
}
interleaved(shortCommands, runs: 21)
// Page faults: mapping a page of the binary's code or data, or memory touched for the first time,
// costs the kernel a few microseconds each, most of what separates liftlog's start from a C
// program's (the linker places the code everyday commands run together: Package.swift).
for fixture in fixtures {
    let pageFaultRows: [(String, [String])] = [
        ("floor: a C program that only starts, page faults", [cFloor ?? "/bin/true"]),
        ("liftlog --version, page faults", [liftlog, "--version"]),
        ("history page 1, page faults", [liftlog, "history", "--per-page", "10", "--store", fixture.path]),
        ("show, page faults", [liftlog, "show", fixture.middle!.id.short, "--store", fixture.path]),
    ]
    for (name, arguments) in pageFaultRows {
        if let faults = pageFaults(arguments, helper: cFloor) { record(name, fixture.size, faults) }
    }
}
interleaved("check of the whole store, whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([liftlog, "check", "--store", $0.path]) }
// Each run first removes what fmt recorded of the files it found canonical: every file is read
// and decoded, as the Python floor does. Then as a user runs it again and again.
interleaved("fmt --check of the whole store, whole process (ms)", runs: quick ? 3 : 7) {
    removeTree($0.path + "/.liftlog/index/canonical.tsv")
    _ = runProcess([liftlog, "fmt", "--check", "--store", $0.path])
}
interleaved("fmt --check of the whole store again (files unchanged), whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([liftlog, "fmt", "--check", "--store", $0.path]) }
// Peak memory of both over every file: check holds what the rules across files need of each
// (path, ID, status), fmt a batch of files at a time and its record of canonical files.
for fixture in fixtures {
    record("check of the whole store, peak memory (MB)", fixture.size, peakMegabytes([liftlog, "check", "--store", fixture.path], helper: cFloor))
    removeTree(fixture.path + "/.liftlog/index/canonical.tsv")
    record("fmt --check of the whole store, peak memory (MB)", fixture.size, peakMegabytes([liftlog, "fmt", "--check", "--store", fixture.path], helper: cFloor))
}
// The floor both are held to: Python reading and parsing every session file with `json`.
let pythonFloor = "import json, os, sys\nfor d, _, fs in os.walk(sys.argv[1] + '/sessions'):\n    for f in fs:\n        if f.endswith('.json'):\n            with open(os.path.join(d, f), 'rb') as h: json.loads(h.read())\n"
let pythonCandidates: [String] = ["/usr/bin/python3", "/usr/local/bin/python3"]
if let python = pythonCandidates.first(where: { path in access(path, X_OK) == 0 }) {
    interleaved("floor: Python json parse of every session file, whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([python, "-c", pythonFloor, $0.path]) }
}

// `progress` of one exercise costs no more than the sessions that contain it (about one in six
// here): it reads no session file, only the index lines that mention the exercise, which keep
// each entry's working sets. The floor reads exactly those files raw.
for index in fixtures.indices {
    let store = try Store.open(at: fixtures[index].path)
    var page = 1
    while true {
        let result = try store.history(HistoryQuery(page: page, perPage: HistoryQuery.maximumPerPage, exercise: "Back Squat"))
        fixtures[index].progressFiles += result.sessions.map { fixtures[index].path + "/" + $0.path }
        if page >= result.totalPages { break }
        page += 1
    }
}
interleaved("progress of one exercise, whole process (ms)", runs: processRuns) { _ = runProcess([liftlog, "progress", "Back Squat", "--store", $0.path]) }
// `pr` of every exercise is one pass over the index; its memory must not grow with the log.
interleaved("pr of every exercise, whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([liftlog, "pr", "--store", $0.path]) }
for fixture in fixtures { record("pr of every exercise, peak memory (MB)", fixture.size, peakMegabytes([liftlog, "pr", "--store", fixture.path], helper: cFloor)) }
interleaved("floor: read the files that contain it raw (ms)", runs: processRuns) { _ = rawRead($0.progressFiles) }
for fixture in fixtures { print("  N = \(fixture.size): Back Squat is in \(fixture.progressFiles.count) sessions") }


// Exports, and the questions about one exercise, next to SQLite answering them from a table of
// every set: liftlog's own CSV export loaded into SQLite, so both give the same rows.
print("Export and one exercise's records (Back Squat):")
interleaved("export csv, whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([liftlog, "export", "csv", "--store", $0.path]) }
interleaved("export ndjson, whole process (ms)", runs: quick ? 3 : 7) { _ = runProcess([liftlog, "export", "ndjson", "--store", $0.path]) }
for fixture in fixtures {
    record("export csv, peak memory (MB)", fixture.size, peakMegabytes([liftlog, "export", "csv", "--store", fixture.path], helper: cFloor))
    record("export ndjson, peak memory (MB)", fixture.size, peakMegabytes([liftlog, "export", "ndjson", "--store", fixture.path], helper: cFloor))
}
interleaved("pr of one exercise, whole process (ms)", runs: processRuns) { _ = runProcess([liftlog, "pr", "Back Squat", "--store", $0.path]) }
// The first `pr` or `progress` of an exercise (or the first after a reindex) has no file for it
// in the index yet: it searches every month's index file and writes the exercise's file.
do {
    var samples: [Int: [Double]] = [:]
    for _ in 0..<(quick ? 5 : 11) {
        for fixture in fixtures {
            removeTree(fixture.path + "/.liftlog/index/exercises")
            samples[fixture.size, default: []].append(milliseconds { _ = runProcess([liftlog, "pr", "Back Squat", "--store", fixture.path]) })
        }
    }
    for (size, values) in samples.sorted(by: { $0.key < $1.key }) { record("pr of one exercise, first time (no file for it yet), whole process (ms)", size, values.sorted()[values.count / 2]) }
}
// What `pr` shows (the heaviest weight at each number of reps, the heaviest set, the best e1RM
// by Epley, the most volume in a session) and what `progress` shows (each session's best), in SQL.
let setsSQL = (
    pr: ["SELECT Reps, MAX(CAST(Weight AS REAL)) FROM sets WHERE \"Exercise Name\" = 'Back Squat' GROUP BY Reps ORDER BY Reps",
         "SELECT (SELECT MAX(CAST(Weight AS REAL)) FROM sets WHERE \"Exercise Name\" = 'Back Squat'), (SELECT MAX(CAST(Weight AS REAL) * (1 + Reps / 30.0)) FROM sets WHERE \"Exercise Name\" = 'Back Squat'), (SELECT MAX(v) FROM (SELECT SUM(CAST(Weight AS REAL) * Reps) AS v FROM sets WHERE \"Exercise Name\" = 'Back Squat' GROUP BY \"Session ID\"))"],
    progress: "SELECT MIN(Date), MAX(CAST(Weight AS REAL)), MAX(CAST(Weight AS REAL) * (1 + Reps / 30.0)), SUM(CAST(Weight AS REAL) * Reps) FROM sets WHERE \"Exercise Name\" = 'Back Squat' GROUP BY \"Session ID\" ORDER BY MIN(Date)")
if let sqlite {
    for fixture in fixtures {
        _ = runProcess(["/bin/sh", "-c", "\(liftlog) export csv --store \(fixture.path) > \(fixture.root)/sets.csv"])
        _ = runProcess([sqlite, fixture.root + "/sets.sqlite", ".import --csv \(fixture.root)/sets.csv sets", "CREATE INDEX by_exercise ON sets (\"Exercise Name\")"])
    }
    interleaved("SQLite: every set as CSV, whole sqlite3 -csv process (ms)", runs: quick ? 3 : 7) {
        _ = runProcess([sqlite, "-csv", "-header", $0.root + "/sets.sqlite", "SELECT * FROM sets"])
    }
    interleaved("SQLite: every set as JSON, whole sqlite3 -json process (ms)", runs: quick ? 3 : 7) {
        _ = runProcess([sqlite, "-json", $0.root + "/sets.sqlite", "SELECT * FROM sets"])
    }
    interleaved("SQLite: one exercise's records, whole sqlite3 process (ms)", runs: processRuns) { _ = runProcess([sqlite, $0.root + "/sets.sqlite"] + setsSQL.pr) }
    interleaved("SQLite: one exercise's progress by session, whole sqlite3 process (ms)", runs: processRuns) { _ = runProcess([sqlite, $0.root + "/sets.sqlite", setsSQL.progress]) }
}

// One durable log of a set, alternating with the raw floor: replacing a file of the same size
// in a folder of its own, as the log replaces the session file.
print("Durable log:")
for fixture in fixtures {
    let floorFolder = fixture.root + "/floor"
    mkdir(floorFolder, 0o755)
    var logSamples: [Double] = [], floorSamples: [Double] = []
    let set = [SetNotation(weight: 100, unit: .kg, reps: 5)]
    for _ in 0..<runs {
        let before = now()
        _ = try Store.open(at: fixture.path).log(exercise: "Overhead Press", sets: set)
        logSamples.append((now() - before) * 1000)
        let active = try Store.open(at: fixture.path).activeSession()!
        let payload = [UInt8](repeating: 0x20, count: JSONWriter.canonicalBytes(active.session.json).count)
        let floorStart = now()
        rawDurableWrite(payload, folder: floorFolder, name: "session.json")
        floorSamples.append((now() - floorStart) * 1000)
    }
    record("log one set durably, in-process (ms)", fixture.size, logSamples.sorted()[runs / 2])
    record("floor: raw write+fsync+rename+fsync, same size (ms)", fixture.size, floorSamples.sorted()[runs / 2])
}

// The same as a user logs a set: the whole `liftlog log` process, next to a whole C process
// that replaces a file of the same size durably.
if let cFloor {
    for fixture in fixtures {
        var logSamples: [Double] = [], floorSamples: [Double] = []
        for _ in 0..<(quick ? 11 : 21) {
            let logged = runProcess([liftlog, "log", "Overhead Press", "100x5", "--store", fixture.path])
            precondition(logged.status == 0, "log failed")
            logSamples.append(logged.milliseconds)
            let size = try Store.open(at: fixture.path).activeSession().map { JSONWriter.canonicalBytes($0.session.json).count } ?? 4096
            floorSamples.append(runProcess([cFloor, fixture.root + "/floor/session.json", String(size)]).milliseconds)
        }
        record("log one set, whole process (ms)", fixture.size, logSamples.sorted()[logSamples.count / 2])
        record("floor: a C process's durable write of the same size (ms)", fixture.size, floorSamples.sorted()[floorSamples.count / 2])
    }
}

// The HTTP server over the larger store, on loopback, once the store is at rest again (the
// durable log above just wrote into a month folder, which would be rescanned on every request).
usleep(2_100_000)
print("HTTP server (N = \(fixtures[1].size)):")
let serverFigures = try serverBenchmark(liftlog: liftlog, store: fixtures[1].path, folder: fixtures[1].root,
                                        sqliteScript: fixtures[1].root + "/load.sql", quick: quick)

// Importing a Strong export, streamed: time and peak memory for two file sizes (memory must
// not grow with the file), next to a Python floor that reads the same CSV with `csv`, groups it
// into sessions and writes each as a JSON file durably (temporary file, fsync, rename, fsync
// of the folder), as liftlog does. Runs alternate between the two, each into a fresh folder.
let importFloor = #"""
import csv, json, os, sys, uuid
sessions, order = {}, []
with open(sys.argv[1], newline='') as f:
    rows = csv.reader(f); next(rows)
    for row in rows:
        key = (row[0], row[1])
        s = sessions.get(key)
        if s is None:
            s = sessions[key] = {"id": str(uuid.uuid4()), "started_at": row[0].replace(' ', 'T') + "+01:00", "name": row[1], "kind": "lifting", "status": "completed", "entries": []}
            order.append(key)
        entries = s["entries"]
        if not entries or entries[-1]["exercise_name"] != row[3]:
            entries.append({"exercise_name": row[3], "order": len(entries) + 1, "sets": []})
        one = {"set_number": int(row[4]), "weight": float(row[5]), "unit": "kg", "reps": int(row[6]), "status": "completed", "set_type": "normal"}
        if row[11]: one["rpe"] = float(row[11])
        entries[-1]["sets"].append(one)
for key in order:
    s = sessions[key]; d = s["started_at"]
    folder = os.path.join(sys.argv[2], d[0:4], d[5:7]); os.makedirs(folder, exist_ok=True)
    name = d[0:10] + "-" + d[11:13] + d[14:16] + "-" + s["id"][:8] + ".json"
    tmp = os.path.join(folder, "." + name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(fd, json.dumps(s, indent=2, sort_keys=True).encode() + b"\n"); os.fsync(fd); os.close(fd)
    os.rename(tmp, os.path.join(folder, name))
    dfd = os.open(folder, os.O_RDONLY); os.fsync(dfd); os.close(dfd)
"""#
print("Import:")
let importPython = pythonCandidates.first { access($0, X_OK) == 0 }
for rows in quick ? [5_000, 20_000] : [5_000, 50_000] {
    let folder = makeTemporaryDirectory()
    defer { removeTree(folder) }
    var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    let exercises = ["Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)", "Pull Up", "Barbell Row"]
    for row in 0..<rows {
        let workout = row / 20
        let day = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: workout)
        csv += "\(day) 18:00:00,Workout \(workout % 3),1h 2m,\(exercises[(row / 4) % exercises.count]),\(row % 4 + 1),\(60 + row % 40),5,0,0,,,8\n"
    }
    let file = folder + "/strong.csv"
    let handle = fopen(file, "w")
    fputs(csv, handle)
    fclose(handle)
    writeText(importFloor, to: folder + "/floor.py")
    var liftlogSeconds: [Double] = [], floorSeconds: [Double] = [], memory = 0.0
    for _ in 0..<(quick ? 3 : 5) {
        removeTree(folder + "/store")
        _ = runProcess([liftlog, "init", folder + "/store", "--no-seed"])
        let result = runProcess([liftlog, "import", "strong", file, "--unit", "kg", "--utc-offset", "+01:00", "--store", folder + "/store"])
        precondition(result.status == 0, "import failed")
        liftlogSeconds.append(result.milliseconds / 1000)
        memory = max(memory, result.peakMegabytes)
        if let python = importPython {
            removeTree(folder + "/floor")
            let floor = runProcess([python, folder + "/floor.py", file, folder + "/floor"])
            precondition(floor.status == 0, "the Python import floor failed")
            floorSeconds.append(floor.milliseconds / 1000)
        }
    }
    if cFloor != nil {
        // Peak memory from the small helper (started from here, a child reports this process's).
        removeTree(folder + "/store")
        _ = runProcess([liftlog, "init", folder + "/store", "--no-seed"])
        memory = peakMegabytes([liftlog, "import", "strong", file, "--unit", "kg", "--utc-offset", "+01:00", "--store", folder + "/store"], helper: cFloor)
    }
    let seconds = liftlogSeconds.sorted()[liftlogSeconds.count / 2]
    let floor = floorSeconds.isEmpty ? nil : floorSeconds.sorted()[floorSeconds.count / 2]
    print("  \(rows) rows (\(format(Double(csv.utf8.count) / 1_048_576, digits: 1)) MB): \(format(seconds, digits: 2)) s, \(format(Double(rows) / seconds, digits: 0)) rows/s, peak memory \(format(memory, digits: 1)) MB"
          + (floor.map { "; Python floor \(format($0, digits: 2)) s, \(format(seconds / $0, digits: 2))×" } ?? "; Python floor: python3 not installed"))
    importFigures.append((rows, seconds, memory, floor))
}

// Searching a library of 1,500 exercises: free-exercise-db's 873, the default 34, and named
// variations of them. The floor is a plain case-insensitive substring scan of the same names.
print("Search:")
var library: [Exercise] = []
for source in [ExerciseCatalog.json, DefaultExercises.json] {
    guard case .array(let items)? = try JSONParser.parse(source)["exercises"] else { fatalError("seed library without exercises") }
    for item in items {
        guard let name = item["name"]?.stringValue else { continue }
        let muscles = (item["muscleGroups"]?.arrayValue ?? []).compactMap(\.stringValue)
        library.append(Exercise(id: .random(), name: name, modality: Exercise.Modality(rawValue: item["modality"]?.stringValue ?? "") ?? .other, muscleGroups: muscles))
    }
}
let variations = ["Paused", "Tempo", "Single-Arm", "Deficit", "Banded"]
var variation = 0
while library.count < 1_500 {
    let base = library[variation % 907]
    library.append(Exercise(id: .random(), name: "\(variations[variation / 907 % variations.count]) \(base.name)", modality: base.modality, muscleGroups: base.muscleGroups))
    variation += 1
}
let searchRuns = quick ? 51 : 201
var searchWorst = 0.0
for query in ["squat", "barbell bench press", "curl", "hamstrings", "romanain deadlift"] {
    let search = ExerciseSearch(text: query)
    var found = 0
    let searched = medianMilliseconds(runs: searchRuns) { found = search.apply(to: library).count }
    let key = query.lowercased()
    let floor = medianMilliseconds(runs: searchRuns) { _ = library.filter { $0.name.lowercased().contains(key) }.count }
    searchWorst = max(searchWorst, searched)
    print("  '\(query)' over \(library.count) exercises: \(format(searched)) ms, \(found) found (substring scan floor \(format(floor)) ms, \(format(searched / floor, digits: 1))×)")
}

// The report, in Markdown.
let small = sizes[0], large = sizes[1]
print("\n| measure | N = \(small) | N = \(large) | ratio |")
print("|---|---:|---:|---:|")
for name in order {
    let row = rows[name]!
    let a = row.values[small] ?? 0, b = row.values[large] ?? 0
    print("| \(name) | \(format(a)) | \(format(b)) | \(a > 0 ? format(b / a, digits: 2) + "×" : "–") |")
}
@MainActor func value(_ name: String, _ size: Int) -> Double { rows[name]?.values[size] ?? .nan }
print("\nTargets:")
for name in ["history page 1, in-process (ms)", "history page 100, in-process (ms)", "show, in-process (ms)", "status, in-process (ms)",
             "history page 1, whole process (ms)", "history page 100, whole process (ms)", "show, whole process (ms)", "status, whole process (ms)"] {
    let ratio = value(name, large) / value(name, small)
    print("- \(name) at N = \(large) vs \(small): \(format(ratio, digits: 2))× (target ≤ 1.2×) \(ratio <= 1.2 ? "met" : "NOT met")")
}
for size in sizes {
    let ratio = value("log one set durably, in-process (ms)", size) / value("floor: raw write+fsync+rename+fsync, same size (ms)", size)
    print("- durable log vs raw floor at N = \(size): \(format(ratio, digits: 2))× (target ≤ 1.3×) \(ratio <= 1.3 ? "met" : "NOT met")")
}
for size in sizes where rows["log one set, whole process (ms)"] != nil {
    let ratio = value("log one set, whole process (ms)", size) / value("floor: a C process's durable write of the same size (ms)", size)
    print("- log one set, whole process, vs a C process at N = \(size): \(format(ratio, digits: 2))× (target ≤ 2.0×) \(ratio <= 2.0 ? "met" : "NOT met")")
    let own = value("log one set, whole process (ms)", size) / value("floor: a C process's durable write of the same size into the version before last, as log writes (ms)", size)
    print("  (against a C process writing the same way: \(format(own, digits: 2))×)")
}
let startUp = value("floor: liftlog --version, whole process (ms)", large) - value("floor: a C program that only starts, whole process (ms)", large)
print("- start-up above a C program's: \(format(startUp)) ms (target ≤ 0.3 ms) \(startUp <= 0.3 ? "met" : "NOT met")")
let freshStartUp = value("liftlog --version, just copied in one piece (right after installing), whole process (ms)", large) - value("floor: a C program that only starts, whole process (ms)", large)
print("- start-up above a C program's, right after installing (the copy's pages as written): \(format(freshStartUp)) ms (target ≤ 0.3 ms) \(freshStartUp <= 0.3 ? "met" : "NOT met")")
print("- " + startupOrderLine())
print("- " + (try changeReportLine()))
let againstSQLite = [("export csv, whole process (ms)", "SQLite: every set as CSV, whole sqlite3 -csv process (ms)"),
                     ("export ndjson, whole process (ms)", "SQLite: every set as JSON, whole sqlite3 -json process (ms)"),
                     ("pr of one exercise, whole process (ms)", "SQLite: one exercise's records, whole sqlite3 process (ms)"),
                     ("pr of one exercise, first time (no file for it yet), whole process (ms)", "SQLite: one exercise's records, whole sqlite3 process (ms)"),
                     ("progress of one exercise, whole process (ms)", "SQLite: one exercise's progress by session, whole sqlite3 process (ms)")]
for (ours, peer) in againstSQLite where rows[peer] != nil {
    for size in sizes {
        let ratio = value(ours, size) / value(peer, size)
        print("- \(ours) at N = \(size) vs sqlite3: \(format(ratio, digits: 2))× (target ≤ 1.0×) \(ratio <= 1.0 ? "met" : "NOT met")")
    }
}
let pythonFloorName = "floor: Python json parse of every session file, whole process (ms)"
if rows[pythonFloorName] != nil {
    for size in sizes {
        for (ours, scale) in [("reindex, whole process (s)", 1000.0), ("check of the whole store, whole process (ms)", 1), ("fmt --check of the whole store, whole process (ms)", 1), ("fmt --check of the whole store again (files unchanged), whole process (ms)", 1)] {
            let ratio = value(ours, size) * scale / value(pythonFloorName, size)
            print("- \(ours) at N = \(size) vs Python's json floor: \(format(ratio, digits: 2))× (target ≤ 1.0×) \(ratio <= 1.0 ? "met" : "NOT met")")
        }
    }
}
for name in ["check of the whole store, peak memory (MB)", "fmt --check of the whole store, peak memory (MB)"] {
    // The issue sets 64 MB for check; fmt --check, run with it by the same hook, is held to it too.
    print("- \(name) at N = \(large): \(format(value(name, large), digits: 1)) MB (target ≤ 64 MB\(name.hasPrefix("fmt") ? ", as check's" : "")) \(value(name, large) <= 64 ? "met" : "NOT met")")
}
for name in ["export csv, peak memory (MB)", "export ndjson, peak memory (MB)", "pr of every exercise, peak memory (MB)", "check of the whole store, peak memory (MB)", "fmt --check of the whole store, peak memory (MB)"] {
    let growth = value(name, large) / value(name, small)
    print("- \(name): \(format(value(name, small), digits: 1)) → \(format(value(name, large), digits: 1)) MB for \(large / small)× the sessions (\(format(growth, digits: 2))×)")
}
for name in ["history page 1", "show", "status", "status, no session active"] {
    let ratio = value("\(name), whole process (ms)", twinSize) / value("\(name), 4 years of folders, whole process (ms)", twinSize)
    print("- \(name), whole process, at N = \(twinSize): 30 years of folders vs 4: \(format(ratio, digits: 2))× (no target: the folders' own floor grows with them)")
}
if let counts = sessionFolderCounts {
    let growth = value(sessionFoldersFloor, twinSize) - value(sessionFoldersFloorFourYears, twinSize)
    let allowed = 0.2 * value("history page 1, 4 years of folders, whole process (ms)", twinSize)
    print("- of which the session folders alone: a C program that only looks at the \(counts.thirtyYears) folders of 30 years takes \(format(growth)) ms more than at the \(counts.fourYears) of 4 (a fifth of history page 1 at 4 years: \(format(allowed)) ms)")
    if rows["SQLite: history page 1, whole sqlite3 process (ms)"] != nil {
        // SPEC §9: the layout's own floor is a stat of every month folder; liftlog's work above it is held to sqlite3's whole page.
        for name in ["history page 1", "show", "status", "status, no session active"] {
            let above = value("\(name), whole process (ms)", twinSize) - value(sessionFoldersFloor, twinSize)
            let ratio = above / value("SQLite: history page 1, whole sqlite3 process (ms)", twinSize)
            print("- \(name), whole process at N = \(twinSize), above the C program that looks at the folders, vs sqlite3's page: \(format(ratio, digits: 2))× (target ≤ 1.0×) \(ratio <= 1.0 ? "met" : "NOT met")")
        }
    }
}
if rows["SQLite: history page 1, whole sqlite3 process (ms)"] != nil {
    for name in ["history page 1, whole process (ms)", "show, whole process (ms)", "status, whole process (ms)", "status, no session active, whole process (ms)"] {
        let ratio = value(name, large) / value("SQLite: history page 1, whole sqlite3 process (ms)", large)
        print("- \(name) at N = \(large) vs sqlite3's page: \(format(ratio, digits: 2))× (target ≤ 1.5×, no watcher) \(ratio <= 1.5 ? "met" : "NOT met")")
    }
}
if let small = importFigures.first, let large = importFigures.last {
    print("- import peak memory: \(format(small.memory, digits: 1)) MB for \(small.rows) rows, \(format(large.memory, digits: 1)) MB for \(large.rows) rows (\(format(large.memory / small.memory, digits: 2))x for \(large.rows / small.rows)x the rows)")
    for figure in importFigures {
        guard let floor = figure.floor else { continue }
        let ratio = figure.seconds / floor
        print("- import of \(figure.rows) rows vs the Python floor that fsyncs each file: \(format(ratio, digits: 2))× (target ≤ 1.2×) \(ratio <= 1.2 ? "met" : "NOT met")")
    }
}
for size in sizes {
    let progress = value("progress of one exercise, whole process (ms)", size)
    let floor = value("floor: read the files that contain it raw (ms)", size)
    print("- progress at N = \(size): \(format(progress)) ms, \(format(progress / floor, digits: 1))× reading its files raw (target ≤ 50 ms at N = 10000) \(size == 10_000 ? (progress <= 50 ? "met" : "NOT met") : "")")
}
for line in serverFigures.targets { print("- " + line) }
// The web app in headless Chromium, when the repository's scripts and a browser are at hand.
var currentDirectory = [CChar](repeating: 0, count: 4096)
let repository = getcwd(&currentDirectory, currentDirectory.count).map { _ in String(decoding: currentDirectory.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) } ?? "."
if let budgets = webAppBudgets(liftlog: liftlog, repository: repository) {
    for line in budgets { print("- " + line) }
} else {
    print("- web app budgets: not measured (python3 or scripts/browser-tests.py not found from \(repository))")
}
print("- exercise search over 1,500 exercises, slowest query: \(format(searchWorst)) ms (target ≤ 5 ms) \(searchWorst <= 5 ? "met" : "NOT met")")
let memory = value("reindex, peak memory (MB)", large)
print("- reindex peak memory at N = \(large): \(format(memory, digits: 1)) MB (target ≤ 64 MB) \(memory <= 64 ? "met" : "NOT met")")

/// Every year and month folder below the store's `sessions/`, relative to it (`2025`,
/// `2025/01`): what liftlog looks at to know that no month changed.
func sessionFolders(_ root: String) -> [String] {
    func subfolders(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name != "." && name != ".." && Int32(entry.pointee.d_type) == Int32(DT_DIR) { names.append(name) }
        }
        return names.sorted()
    }
    return subfolders(root + "/sessions").flatMap { year in [year] + subfolders(root + "/sessions/" + year).map { year + "/" + $0 } }
}

func allSessionFiles(_ root: String) -> [String] {
    var found: [String] = []
    func walk(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name == "." || name == ".." { continue }
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) { walk(folder + "/" + name) } else if name.hasSuffix(".json") { found.append(folder + "/" + name) }
        }
    }
    walk(root + "/sessions")
    return found
}

/// Writes the SQL that loads every session of the store at `path` as a row of a `sessions`
/// table indexed on its start: what a database-backed tool keeps.
func writeSQLiteScript(store path: String, to script: String) throws {
    var sql = "CREATE TABLE sessions (id TEXT PRIMARY KEY, kind TEXT, status TEXT, started_at TEXT, completed_at TEXT, plan_day TEXT, exercise_count INTEGER, set_count INTEGER, total_volume REAL, path TEXT);\nCREATE INDEX by_start ON sessions (started_at);\nBEGIN;\n"
    let store = try Store.open(at: path)
    var page = 1
    while true {
        let batch = try store.history(HistoryQuery(page: page, perPage: 1000)).sessions
        if batch.isEmpty { break }
        for row in batch {
            sql += "INSERT INTO sessions VALUES ('\(row.id)', '\(row.kind.rawValue)', '\(row.status.rawValue)', '\(row.startedAt)', '\(row.completedAt.map { "\($0)" } ?? "")', '\(row.planDay ?? "")', \(row.exerciseCount), \(row.setCount), \(row.totalVolume), '\(row.path)');\n"
        }
        page += 1
    }
    sql += "COMMIT;\n"
    writeText(sql, to: script)
}
