#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files `fmt` last found canonical, each with the identity it had (inode, size,
/// modification and status-change time), in `.liftlog/index/canonical.tsv`: a file whose
/// identity has not changed since is still canonical, so `fmt` and `fmt --check` look at it
/// with one `stat` instead of reading and decoding it — as `git status` does with files whose
/// `stat` is unchanged.
///
/// Layout: a format line `liftlog-canonical 1 <form>`, then `path TAB inode TAB size TAB
/// modification time TAB status-change time` per file. `<form>` is the hash of the canonical
/// bytes of a sample session with every kind of field (``formFingerprint``): a version of
/// liftlog that writes the canonical form differently has another, and ignores the file. A
/// file changed less than two seconds before it was read is not recorded (file-system times
/// are coarse: a change within the same tick could keep its identity). Anything unexpected in
/// the file and it is ignored, and written again.
struct CanonicalFiles: Sendable {
    static let path = "\(SessionIndex.directory)/canonical.tsv"
    static let formatLine = "liftlog-canonical 1"

    /// The record's bytes as read (empty without one).
    let bytes: [UInt8]
    /// Where each entry's line starts in ``bytes`` and how long its path is, ordered by the
    /// entry's path (bytes compared): a look-up is a binary search of the lines in place, no
    /// string made for each of the 100,000 files of a large store.
    private let lines: [Line]

    private struct Line {
        let start: Int
        let pathLength: Int
    }

    /// No record.
    init() {
        bytes = []
        lines = []
    }

    /// The hash of the canonical form of a session with every kind of field, sets of every
    /// kind, notes with escapes and keys liftlog does not know.
    static let formFingerprint: UInt64 = {
        let start = Timestamp("2025-01-24T07:30:00.250+01:00")!
        let sets = [
            WorkoutSet(setNumber: 1, setType: .warmup, weight: 60, unit: .kg, reps: 5, rpe: 6.5, restSeconds: 90, completedAt: start, notes: "a \"quoted\" note\n"),
            WorkoutSet(setNumber: 2, weight: 102.5, unit: .lbs, reps: 3, rir: 2, targetReps: 3, targetWeight: 100, status: .pending),
            WorkoutSet(setNumber: 3, weight: 10, reps: 8, bodyweight: true, unknownFields: ["tempo": .string("3-1-1")]),
            WorkoutSet(setNumber: 4, distanceMeters: 5_000.5, durationSeconds: 1_500, status: .skipped),
        ]
        let session = Session(
            id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, status: .completed, startedAt: start,
            completedAt: start.adding(seconds: 3_600), plan: "Plan", planDay: "Day 1", weekNumber: 2, sessionRPE: 8,
            painTags: ["knee"], notes: "ünïcode ✓", source: "strong",
            entries: [Session.Entry(exerciseID: Exercise.ID(rawValue: "e1d75f0b-39ac-5515-8787-775481db6aab"), exerciseName: "Back Squat", order: 1,
                                    notes: "n", superset: "A", sets: sets, unknownFields: ["x": .number(JSONNumber(1.5))])],
            unknownFields: ["custom": .array([.bool(true), .string("é")])])
        return ContentHash.of(session.canonicalBytes)
    }()

    static var header: String { "\(formatLine) \(String(formFingerprint, radix: 16))" }

    /// The record in `files`; empty when there is none, or it is of another form or shape.
    static func load(from files: StoreFiles) -> CanonicalFiles {
        guard let bytes = (try? files.read(path)) ?? nil else { return CanonicalFiles() }
        return CanonicalFiles(bytes: bytes) ?? CanonicalFiles()
    }

    /// The record in `bytes`; `nil` when it is of another form, a line is not `path TAB` four
    /// numbers, the last line has no newline, or a path is there twice.
    init?(bytes: [UInt8]) {
        let header = Array(CanonicalFiles.header.utf8)
        guard bytes.count > header.count, bytes.starts(with: header), bytes[header.count] == 0x0A, bytes.last == 0x0A else { return nil }
        var lines: [Line] = []
        let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var start = header.count + 1
            while start < buffer.count {
                let end = ByteFields.find(0x0A, in: buffer, from: start, to: buffer.count)
                guard CanonicalFiles.entry(buffer[start..<end]) != nil else { return false }
                lines.append(Line(start: start, pathLength: ByteFields.find(0x09, in: buffer, from: start, to: end) - start))
                start = end + 1
            }
            // Written in the order the files are looked at: a few runs sorted by path (the
            // manifest, exercises, plans, sessions, body entries), which the sort (a merge of
            // runs) puts together in a few passes.
            let base = buffer.baseAddress!
            func order(_ a: Line, _ b: Line) -> Int { CanonicalFiles.order(base + a.start, a.pathLength, base + b.start, b.pathLength) }
            if !zip(lines, lines.dropFirst()).allSatisfy({ order($0, $1) < 0 }) {
                lines.sort { order($0, $1) < 0 }
                // A path twice: not a record liftlog writes.
                if zip(lines, lines.dropFirst()).contains(where: { order($0, $1) == 0 }) { return false }
            }
            return true
        }
        guard valid else { return nil }
        self.bytes = bytes
        self.lines = lines
    }

    /// The number of files recorded.
    var count: Int { lines.count }

    /// The paths recorded, in order.
    var paths: [String] {
        bytes.withUnsafeBufferPointer { buffer in lines.map { ByteFields.string(buffer[$0.start..<($0.start + $0.pathLength)]) } }
    }

    /// The identity `path` had when it was found canonical; `nil` when it is not recorded.
    func identity(of path: String) -> FileIdentity? {
        guard !lines.isEmpty else { return nil }
        var path = path
        return path.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer -> FileIdentity? in
                guard let base = buffer.baseAddress else { return nil }
                // An empty path has no bytes to point at: any pointer does for no bytes.
                let wantedBase = wanted.baseAddress ?? base
                var low = 0, high = lines.count
                while low < high {
                    let middle = (low + high) / 2
                    let line = lines[middle]
                    let order = CanonicalFiles.order(base + line.start, line.pathLength, wantedBase, wanted.count)
                    if order == 0 {
                        let end = ByteFields.find(0x0A, in: buffer, from: line.start, to: buffer.count)
                        return CanonicalFiles.entry(buffer[line.start..<end])
                    }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// The order of two paths' bytes: negative, zero or positive as `a` comes before, is, or
    /// comes after `b` (`memcmp`: bytes compared as unsigned, a prefix first).
    private static func order(_ a: UnsafePointer<UInt8>, _ aCount: Int, _ b: UnsafePointer<UInt8>, _ bCount: Int) -> Int {
        let common = memcmp(a, b, min(aCount, bCount))
        return common != 0 ? Int(common) : aCount - bCount
    }

    /// The identity of a line `path TAB inode TAB size TAB modification TAB status change`;
    /// `nil` for a line of any other shape.
    private static func entry(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> FileIdentity? {
        let buffer = line.base
        // Where the field just read ended: a tab before the next field, or the line's end.
        var tab = ByteFields.find(0x09, in: buffer, from: line.startIndex, to: line.endIndex)
        guard tab > line.startIndex else { return nil }
        func number() -> Int64? {
            guard tab < line.endIndex else { return nil }
            let start = tab + 1
            tab = ByteFields.find(0x09, in: buffer, from: start, to: line.endIndex)
            return ByteFields.int64(buffer[start..<tab])
        }
        guard let inode = number(), let size = number(), let modified = number(), let changed = number(), tab == line.endIndex else { return nil }
        return FileIdentity(inode: UInt64(bitPattern: inode), size: size, modificationNanoseconds: modified, changeNanoseconds: changed)
    }

    /// A new record, written as the files are looked at, compared as it goes with the one
    /// before: while the two agree nothing is copied, so a store whose files have not changed
    /// holds one record, not two.
    struct Writer {
        private let previous: [UInt8]
        /// How many bytes of `previous` the record written so far matches.
        private var matched = 0
        /// The record written, once it differs from `previous`.
        private var written: [UInt8]?

        init(replacing previous: CanonicalFiles) {
            self.previous = previous.bytes
            append(Array((CanonicalFiles.header + "\n").utf8))
        }

        /// Records that `path` was found canonical with `identity`. Call in the order the
        /// files are looked at, each path once.
        mutating func add(_ path: String, _ identity: FileIdentity) {
            var line = Array(path.utf8)
            func field(_ number: Int64) {
                line.append(0x09)
                JSONNumber.appendText(of: Int(number), to: &line)
            }
            field(Int64(bitPattern: identity.inode))
            field(identity.size)
            field(identity.modificationNanoseconds)
            field(identity.changeNanoseconds)
            line.append(0x0A)
            append(line)
        }

        private mutating func append(_ line: [UInt8]) {
            if written == nil {
                // `memcmp`: a generic comparison of the two took 4 % of `fmt --check` of
                // 100,000 unchanged files. (A line is never empty: it ends with a newline.)
                if previous.count - matched >= line.count, previous.withUnsafeBufferPointer({ before in
                    line.withUnsafeBufferPointer { memcmp(before.baseAddress! + matched, $0.baseAddress!, $0.count) == 0 }
                }) {
                    matched += line.count
                    return
                }
                written = Array(previous[..<matched])
            }
            written!.append(contentsOf: line)
        }

        /// The record written; `nil` when it is the one before, byte for byte.
        var changed: [UInt8]? {
            if let written { return written }
            return matched == previous.count ? nil : Array(previous[..<matched])
        }
    }
}
