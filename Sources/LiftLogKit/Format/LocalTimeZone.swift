#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This machine's time zone (honouring `TZ`), through the C library.
package enum LocalTimeZone {
    /// The UTC offset in seconds in force at `seconds` since 1970.
    package static func utcOffset(atEpochSeconds seconds: Int64) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// What a wall-clock time names in this zone.
    package enum Resolution: Equatable, Sendable {
        /// One instant.
        case exact(seconds: Int64, offset: Int)
        /// Twice (clocks went back): the first and the second time that wall-clock time came.
        case ambiguous(first: (seconds: Int64, offset: Int), second: (seconds: Int64, offset: Int))
        /// Never (clocks went forward past it): `shifted` is the same instant read with the
        /// offset before the change, whose wall-clock time exists.
        case nonexistent(shifted: (seconds: Int64, offset: Int))

        package static func == (lhs: Resolution, rhs: Resolution) -> Bool {
            switch (lhs, rhs) {
            case let (.exact(a, b), .exact(c, d)): a == c && b == d
            case let (.ambiguous(a, b), .ambiguous(c, d)): a == c && b == d
            case let (.nonexistent(a), .nonexistent(b)): a == b
            default: false
            }
        }
    }

    /// What `localSeconds` (seconds since 1970 on the local clock) names in this zone.
    package static func resolve(localSeconds: Int64) -> Resolution {
        let around = [utcOffset(atEpochSeconds: localSeconds - 86_400), utcOffset(atEpochSeconds: localSeconds + 86_400)]
        var consistent: [(seconds: Int64, offset: Int)] = []
        for offset in Swift.Set(around) + [utcOffset(atEpochSeconds: localSeconds)] where !consistent.contains(where: { $0.offset == offset }) {
            let seconds = localSeconds - Int64(offset)
            if utcOffset(atEpochSeconds: seconds) == offset { consistent.append((seconds, offset)) }
        }
        consistent.sort { $0.seconds < $1.seconds }
        switch consistent.count {
        case 0:
            let before = around[0]
            let seconds = localSeconds - Int64(before)
            return .nonexistent(shifted: (seconds, utcOffset(atEpochSeconds: seconds)))
        case 1: return .exact(seconds: consistent[0].seconds, offset: consistent[0].offset)
        default: return .ambiguous(first: consistent[0], second: consistent[consistent.count - 1])
        }
    }

    /// The instant whose wall-clock time in this zone is `localSeconds` (seconds since 1970 on
    /// the local clock): the first of two when clocks went back; in a gap when clocks went
    /// forward, the same instant read with the offset before the change.
    package static func epochSeconds(forLocalSeconds localSeconds: Int64) -> (seconds: Int64, offset: Int) {
        switch resolve(localSeconds: localSeconds) {
        case .exact(let seconds, let offset): return (seconds, offset)
        case .ambiguous(let first, _): return first
        case .nonexistent(let shifted): return shifted
        }
    }
}

/// The wall clock.
package enum SystemClock {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    package static func millisecondsSince1970() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
