#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

// Waiting for a condition, never for a fixed time: each of these returns as soon as what it
// names is true, and sleeps (when it must) until the very instant it becomes true.

/// Waits until the folders and files at `paths`, just changed by a test (`touch -d`, which sets
/// their status change time to now), no longer look just changed to a liftlog process on the
/// real clock: the index lists a folder again at every read while its status changed in the
/// last two seconds (``FileStatus/isSettled(_:now:)``), which would answer from the files
/// whatever a test means to check of a settled store. Sleeps until the wall clock reaches the
/// first whole second at which none of them does (`clock_nanosleep` to that time). In-process
/// tests move the store's clock instead (`Store.Environment.now`).
public func waitUntilSettled(_ paths: [String]) {
    let changed = paths.compactMap { try? PosixFileSystem().status($0)?.changeNanoseconds }.max() ?? 0
    // The first whole second `s` with `changed < s - settling`.
    let settledAt = ((changed + FileStatus.settlingNanoseconds) / 1_000_000_000 + 1) * 1_000_000_000
    while wallClockNanoseconds() < settledAt {
        var until = timespec(tv_sec: Int(settledAt / 1_000_000_000), tv_nsec: 0)
        _ = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, nil)
    }
}

/// Waits until the file system's clock, which ticks more coarsely than the wall clock, has
/// ticked: every change made after this is stamped later than every change made before it.
/// Stamps a probe file in `folder` (keep it outside the store: it changes the folder's time)
/// and stamps it again until the time moves.
public func waitForFileClockTick(probeIn folder: String) {
    let probe = folder + "/.clock-probe"
    defer { unlink(probe) }
    func stamp() -> Int64 {
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor >= 0 { _ = write(descriptor, "x", 1); close(descriptor) }
        return (try? PosixFileSystem().status(probe)?.changeNanoseconds) ?? Int64.max
    }
    let first = stamp()
    while stamp() <= first { usleep(500) }
}

/// Waits until the monotonic clock reads `seconds` (``monotonicSeconds()``), sleeping to that
/// instant.
public func waitUntilMonotonic(_ seconds: Double) {
    while monotonicSeconds() < seconds {
        let whole = seconds.rounded(.down)
        var until = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil)
    }
}

/// Waits (up to `timeout` seconds) until the process `pid` catches `signal`: it installed a
/// handler, so the signal no longer ends it with the default action. Reads the `SigCgt` mask
/// of `/proc/PID/status`, on Linux; elsewhere returns `true` at once. `false` when the process
/// ended or the time ran out first.
public func waitUntilCatching(_ signal: Int32, pid: pid_t, timeout: Double = 30) -> Bool {
    #if os(Linux)
    let end = monotonicSeconds() + timeout
    while monotonicSeconds() < end {
        // A file of /proc says size 0: read it until the end.
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        close(descriptor)
        let text = String(decoding: bytes, as: UTF8.self)
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
           let mask = UInt64(String(line.dropFirst("SigCgt:".count)).trimmingWhitespace(), radix: 16),
           mask & (1 << UInt64(signal - 1)) != 0 {
            return true
        }
        if text.contains("State:\tZ") { return false }
        usleep(1_000)
    }
    return false
    #else
    return true
    #endif
}
