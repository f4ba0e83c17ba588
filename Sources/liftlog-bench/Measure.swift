import LiftLogKit
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
