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

    /// The instant whose wall-clock time in this zone is `localSeconds` (seconds since 1970 on
    /// the local clock). In a gap or overlap of a daylight-saving change, the earlier offset wins.
    package static func epochSeconds(forLocalSeconds localSeconds: Int64) -> (seconds: Int64, offset: Int) {
        // Try the offsets in force around that time; the first consistent one wins.
        let candidates = [utcOffset(atEpochSeconds: localSeconds - 86_400), utcOffset(atEpochSeconds: localSeconds + 86_400)]
        for offset in candidates {
            let seconds = localSeconds - Int64(offset)
            if utcOffset(atEpochSeconds: seconds) == offset { return (seconds, offset) }
        }
        let offset = utcOffset(atEpochSeconds: localSeconds)
        return (localSeconds - Int64(offset), offset)
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
