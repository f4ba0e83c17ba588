import LiftLogKit
import LiftLogProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median duration of `runs` calls of `body`, in milliseconds, after one warm-up call.
func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = now()
        try body()
        samples.append((now() - start) * 1000)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Runs a program to completion; returns its wall time in milliseconds and peak memory in MB.
func runProcess(_ arguments: [String], environment: [String] = []) -> (milliseconds: Double, peakMegabytes: Double, status: Int32) {
    let start = now()
    guard case .success(let pid) = ProcessSupport.spawn(arguments[0], arguments: arguments, environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"] + environment,
                                                        output: .null, error: .null) else { fatalError("cannot run \(arguments[0])") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = (now() - start) * 1000
    return (elapsed, Double(usage.ru_maxrss) / 1024, (status >> 8) & 0xFF)
}

/// The median wall time of a program over `runs` runs, in milliseconds.
func medianProcessMilliseconds(runs: Int, _ arguments: [String], environment: [String] = []) -> Double {
    _ = runProcess(arguments, environment: environment)
    var samples = (0..<runs).map { _ in runProcess(arguments, environment: environment).milliseconds }
    samples.sort()
    return samples[samples.count / 2]
}

/// A C program compiled for the run (with the C compiler the Swift toolchain ships, or the
/// system's): without arguments it only starts and exits (the start-up floor of a C program);
/// with `FILE SIZE` it replaces FILE durably with SIZE bytes (write, fsync, rename, fsync of the
/// folder): the whole-process floor of logging a set; with `--stat DIR NAME…` it looks at each
/// NAME below DIR (the floor of knowing that no session folder changed). `nil` when no compiler
/// is found.
func compileCFloor(in folder: String) -> String? {
    let source = """
    #include <fcntl.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/resource.h>
    #include <sys/stat.h>
    #include <sys/wait.h>
    #include <unistd.h>
    /* Flushes the folder that holds PATH: 0, or 1 when it cannot. */
    static int flush_parent(const char *path) {
        char parent[4096]; snprintf(parent, sizeof parent, "%s", path);
        char *slash = strrchr(parent, '/'); if (slash) *slash = 0;
        int directory = open(parent, O_RDONLY | O_DIRECTORY);
        if (directory < 0 || fsync(directory) != 0) return 1;
        close(directory);
        return 0;
    }
    int main(int argc, char **argv) {
        if (argc > 2 && strcmp(argv[1], "--peak") == 0) {
            /* Runs PROGRAM ARGS from this small process and prints its peak memory in KB and
               the page faults it took without reading the disk. */
            pid_t pid = fork();
            if (pid == 0) {
                int null = open("/dev/null", O_WRONLY);
                dup2(null, 1); dup2(null, 2);
                execv(argv[2], argv + 2);
                _exit(127);
            }
            int status = 0; struct rusage usage;
            if (pid < 0 || wait4(pid, &status, 0, &usage) < 0) return 1;
            printf("%ld %ld\\n", usage.ru_maxrss, usage.ru_minflt);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
        }
        if (argc > 2 && strcmp(argv[1], "--stat") == 0) {
            /* Looks at each NAME below the folder DIR as liftlog looks at a store's session
               folders to know that none changed: one open of DIR, then an fstatat a name. */
            int folder = open(argv[2], O_RDONLY | O_DIRECTORY);
            if (folder < 0) return 1;
            struct stat status;
            for (int index = 3; index < argc; index++) {
                if (fstatat(folder, argv[index], &status, AT_SYMLINK_NOFOLLOW) != 0) return 1;
            }
            return 0;
        }
        if (argc < 3) return 0;
        size_t size = (size_t)atol(argv[2]);
        char *bytes = malloc(size); memset(bytes, ' ', size);
        char temporary[4096]; snprintf(temporary, sizeof temporary, "%s.tmp", argv[1]);
        int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || write(fd, bytes, size) != (ssize_t)size || fsync(fd) != 0) return 1;
        close(fd);
        if (rename(temporary, argv[1]) != 0) return 1;
        return flush_parent(argv[1]);
    }
    """
    let file = folder + "/floor.c", program = folder + "/c-floor"
    writeText(source, to: file)
    var candidates = ["/usr/bin/cc", "/usr/bin/clang", "/usr/bin/gcc"]
    if let path = getenv("PATH").map({ String(cString: $0) }) {
        for directory in path.split(separator: ":") { candidates += ["\(directory)/clang", "\(directory)/cc"] }
    }
    for compiler in candidates where access(compiler, X_OK) == 0 {
        if runProcess([compiler, "-O2", "-o", program, file]).status == 0, access(program, X_OK) == 0 { return program }
    }
    return nil
}

/// The peak memory of a program in MB, measured by the C helper (`--peak`): a program started
/// straight from this process would report at least this process's own size (Linux keeps the
/// resident high-water mark of the memory a `vfork`ed child shares with its parent until
/// `exec`). Without the helper, `runProcess`'s figure.
func peakMegabytes(_ arguments: [String], helper: String?) -> Double {
    guard let usage = childUsage(arguments, helper: helper) else { return runProcess(arguments).peakMegabytes }
    return usage.kilobytes / 1024
}

/// The page faults a program takes without reading the disk (mapping its code and data, and
/// memory it touches for the first time), measured by the C helper; `nil` without it.
func pageFaults(_ arguments: [String], helper: String?) -> Double? {
    childUsage(arguments, helper: helper)?.faults
}

/// What the C helper (`--peak`) reports of one run of a program.
private func childUsage(_ arguments: [String], helper: String?) -> (kilobytes: Double, faults: Double)? {
    guard let helper else { return nil }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    guard case .success(let pid) = ProcessSupport.spawn(helper, arguments: [helper, "--peak"] + arguments, environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"],
                                                        output: .descriptor(pipeEnds[1]), error: .null, closing: [pipeEnds[0]]) else {
        close(pipeEnds[0]); close(pipeEnds[1])
        return nil
    }
    close(pipeEnds[1])
    let text = String(decoding: ProcessSupport.readAll(pipeEnds[0]), as: UTF8.self)
    _ = ProcessSupport.wait(for: pid)
    let fields = text.trimmingWhitespace().split(separator: " ").compactMap { Double(String($0)) }
    return fields.count == 2 ? (fields[0], fields[1]) : nil
}

/// The floor of a durable write: temp file, write, fsync, rename, fsync the folder, in C calls.
func rawDurableWrite(_ bytes: [UInt8], folder: String, name: String) {
    let temporary = folder + "/." + name + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    rename(temporary, folder + "/" + name)
    let directory = open(folder, O_RDONLY | O_DIRECTORY)
    fsync(directory)
    close(directory)
}

/// The floor of reading files: open, read, close each.
func rawRead(_ paths: [String]) -> Int {
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for path in paths {
        let descriptor = open(path, O_RDONLY)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            total += count
        }
        close(descriptor)
    }
    return total
}

func makeTemporaryDirectory() -> String {
    let base = ProcessSupport.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((base + "/liftlog-bench-XXXXXX").utf8CString)
    guard let pointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: pointer)
}

func removeTree(_ path: String) {
    _ = runProcess(["/bin/rm", "-rf", path])
}

func format(_ value: Double, digits: Int = 3) -> String {
    var text = String(value)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals > digits { text = String(text[...text.index(dot, offsetBy: digits)]) }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}

/// The directory of this executable (where the `liftlog` binary of the same build lives).
func executableDirectory() -> String {
    let path = ProcessSupport.executablePath ?? CommandLine.arguments[0]
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// Copies `program` into `folder` as installing it does (`cp`, `install`: the file written in
/// large pieces) and returns the copy's path; `nil` when it cannot be copied.
///
/// How a binary came into the page cache changes what starting it costs: Linux keeps a file
/// written in large pieces in large blocks of memory, and maps them into a process with much
/// less work per page fault; the linker writes the file in small pieces, and a file read back
/// on demand (after the cache dropped it: a restart, or memory reused by other programs)
/// comes back in small pieces too. On the development machine `liftlog --version` starts
/// 0.25–0.3 ms faster right after a copy than in either other state, and a copy made minutes
/// earlier, with a build run in between, had already lost that. With `pagedOut`, the copy's pages are
/// flushed and dropped from the cache, so that the first run reads them back on demand: the
/// state an installed binary is usually in.
func installedCopy(of program: String, in folder: String, named name: String, pagedOut: Bool = false) -> String? {
    let source = open(program, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else { return nil }
    defer { close(source) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = read(source, &chunk, chunk.count)
        if count < 0 { return nil }
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    let path = folder + "/" + name
    let target = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard target >= 0 else { return nil }
    defer { close(target) }
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(target, $0.baseAddress! + written, $0.count - written) }
        if count <= 0 { return nil }
        written += count
    }
    if pagedOut {
        // Dropped only once on disk: the cache keeps pages not yet written.
        guard fsync(target) == 0 else { return nil }
        #if os(Linux)
        _ = posix_fadvise(target, 0, 0, Int32(POSIX_FADV_DONTNEED))
        #endif
    }
    return path
}

/// How soon a ``StoreWatcher`` reports a set that `liftlog log` logs in another process: the
/// medians over `runs` runs of the time from starting the process to the report, and of the
/// whole process without a watcher (its peer: the write itself comes at the process's end).
func changeReportMilliseconds(liftlog: String, runs: Int) throws -> (reported: Double, process: Double, kernel: Bool) {
    let folder = makeTemporaryDirectory()
    defer { removeTree(folder) }
    let store = try Store.create(at: folder + "/store")
    _ = try store.startSession()
    let watcher = try StoreWatcher(store: store)
    let arguments = [liftlog, "log", "--store", store.root, "Back Squat", "100x5"]
    var reported: [Double] = []
    for _ in 0..<runs {
        let start = now()
        guard case .success(let pid) = ProcessSupport.spawn(liftlog, arguments: arguments, environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"],
                                                            output: .null, error: .null) else { fatalError("cannot run \(liftlog)") }
        let change = watcher.next(timeout: 10)
        reported.append((now() - start) * 1000)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        precondition(change?.activeSession == true && status == 0, "no change reported")
        // What the process wrote after the report (its index) is not the next run's.
        while watcher.next(timeout: 0.05) != nil {}
    }
    reported.sort()
    let process = medianProcessMilliseconds(runs: runs, arguments)
    return (reported[runs / 2], process, watcher.hasKernelReports)
}
