#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the index knows of one session file: enough to list it in history without opening it,
/// and the file's identity (inode, size, modification and status-change time) to notice when it
/// changed.
package struct IndexRecord: Equatable, Sendable {
    package var fileName: String
    package var inode: UInt64
    package var size: Int64
    package var modificationNanoseconds: Int64
    /// The file's `ctime`: an edit that keeps size and modification time (`touch -r`, `cp -p`,
    /// a file system with 1-second times) still moves it.
    package var changeNanoseconds: Int64
    /// `nil` when the file could not be read as a session (see ``problem``).
    package var summary: SessionSummary?
    /// Why the file is not a valid session, for a corrupt file.
    package var problem: String?

    package init(fileName: String, status: FileStatus, summary: SessionSummary?, problem: String? = nil) {
        self.fileName = fileName
        self.inode = status.inode
        self.size = status.size
        self.modificationNanoseconds = status.modificationNanoseconds
        self.changeNanoseconds = status.changeNanoseconds
        self.summary = summary
        self.problem = problem
    }

    private init(fileName: String, inode: UInt64, size: Int64, modificationNanoseconds: Int64, changeNanoseconds: Int64, summary: SessionSummary?, problem: String?) {
        self.fileName = fileName
        self.inode = inode
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.changeNanoseconds = changeNanoseconds
        self.summary = summary
        self.problem = problem
    }

    /// The file's identity when this record was made.
    package var identity: FileIdentity {
        FileIdentity(inode: inode, size: size, modificationNanoseconds: modificationNanoseconds, changeNanoseconds: changeNanoseconds)
    }

    /// Whether `status` describes the file as it was when this record was made.
    package func matches(_ status: FileStatus) -> Bool {
        status.identity == identity
    }

    /// Tabs in the line of a readable session and of an unreadable file (a shard's shape is
    /// checked against them before its lines are skipped unparsed).
    package static let sessionLineTabs = 19
    package static let problemLineTabs = 6

    /// Newest first: by wall-clock start time in the recorded offset, then instant, then ID.
    package static func newestFirst(_ lhs: IndexRecord, _ rhs: IndexRecord) -> Bool {
        switch (lhs.summary, rhs.summary) {
        case let (left?, right?): return SessionSummary.newestFirst(left, right)
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.fileName > rhs.fileName
        }
    }

    // MARK: Line format

    /// One tab-separated line (tabs, newlines and backslashes in text escaped).
    package var line: String {
        let identity = "\(fileName.escapedForIndex)\t\(inode)\t\(size)\t\(modificationNanoseconds)\t\(changeNanoseconds)"
        guard let summary else { return "!\t\(identity)\t\((problem ?? "").escapedForIndex)" }
        let fields: [String] = [
            summary.id.rawValue, identity, summary.startedAt.description, summary.kind.rawValue, summary.status.rawValue,
            summary.completedAt?.description ?? "", (summary.plan ?? "").escapedForIndex, (summary.planDay ?? "").escapedForIndex,
            summary.durationSeconds.map(String.init) ?? "", String(summary.exerciseCount), String(summary.setCount),
            JSONNumber(summary.totalVolume).text, summary.unit.rawValue,
            summary.exercises.map { "\($0.id?.rawValue ?? "")\u{1F}\($0.name)".escapedForIndex }.joined(separator: "\u{1E}"),
            summary.weekNumber.map(String.init) ?? "", summary.encodedWorkSets,
        ]
        return fields.joined(separator: "\t")
    }

    /// Parses a line written by ``line``, in the folder `folder` (`sessions/2025/01`).
    ///
    /// Read in place: fields are ranges of the line's bytes (found with `memchr`), and only the
    /// values kept become strings (`pr` of an exercise parses a line per session it is in).
    package init?(line: ArraySlice<UInt8>, folder: String) {
        var exercises = ExerciseRefCache()
        self.init(line: line, folder: folder, exercises: &exercises)
    }

    /// Parses a line as ``init(line:folder:)`` does, taking the exercises it names from
    /// `exercises` where an earlier line of the same run named them in the same bytes: a run
    /// of lines (a month, an exercise's lines) names the same few dozen exercises again and
    /// again, and making one (an ID of 36 bytes, checked, and its name) costs more than
    /// finding it.
    package init?(line: ArraySlice<UInt8>, folder: String, exercises: inout ExerciseRefCache) {
        guard !line.isEmpty, let record = line.withUnsafeBufferPointer({ IndexRecord.parse($0, folder: folder, exercises: &exercises) }) else { return nil }
        self = record
    }

    fileprivate typealias Field = Slice<UnsafeBufferPointer<UInt8>>

    private static func parse(_ line: UnsafeBufferPointer<UInt8>, folder: String, exercises: inout ExerciseRefCache) -> IndexRecord? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: sessionLineTabs + 2) { bounds -> IndexRecord? in
            // bounds[i]: where field i starts; bounds[i + 1] - 1: where it ends.
            var tabs = 0
            bounds[0] = 0
            var tab = ByteFields.find(0x09, in: line, from: 0, to: line.count)
            while tab < line.count {
                tabs += 1
                guard tabs <= sessionLineTabs else { return nil }
                bounds[tabs] = tab + 1
                tab = ByteFields.find(0x09, in: line, from: tab + 1, to: line.count)
            }
            bounds[tabs + 1] = line.count + 1
            func field(_ index: Int) -> Field { line[bounds[index]..<(bounds[index + 1] - 1)] }
            func text(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }
            func int64(_ index: Int) -> Int64? { ByteFields.int64(field(index)) }
            if tabs == problemLineTabs, field(0).elementsEqual(CollectionOfOne(0x21)) {
                guard let inode = int64(2), let size = int64(3), let mtime = int64(4), let ctime = int64(5) else { return nil }
                return IndexRecord(fileName: unescaped(field(1)), inode: UInt64(inode), size: size, modificationNanoseconds: mtime, changeNanoseconds: ctime,
                                   summary: nil, problem: unescaped(field(6)))
            }
            // Fields: ID, file name, inode, size, mtime, ctime, then the summary from position 6.
            guard tabs == sessionLineTabs, let id = Session.ID(bytes: field(0)),
                  let inode = int64(2), let size = int64(3), let mtime = int64(4), let ctime = int64(5),
                  let startedAt = Timestamp(utf8: UnsafeBufferPointer(rebasing: field(6))),
                  let kind = ByteFields.value(field(7), among: Session.Kind.inOrder),
                  let status = ByteFields.value(field(8), among: Session.Status.inOrder),
                  let exerciseCount = ByteFields.int(field(13)), let setCount = ByteFields.int(field(14)),
                  let volume = JSONNumber.double(field(15)), let unit = ByteFields.value(field(16), among: WeightUnit.inOrder) else { return nil }
            var completedAt: Timestamp?
            if !field(9).isEmpty {
                // An unreadable completion time reads as none, as it always has.
                completedAt = Timestamp(utf8: UnsafeBufferPointer(rebasing: field(9)))
            }
            let fileName = unescaped(field(1))
            let summary = SessionSummary(
                id: id, kind: kind, status: status, startedAt: startedAt, completedAt: completedAt,
                plan: field(10).isEmpty ? nil : unescaped(field(10)), planDay: field(11).isEmpty ? nil : unescaped(field(11)),
                durationSeconds: ByteFields.int(field(12)), exerciseCount: exerciseCount, setCount: setCount, totalVolume: volume,
                unit: unit, path: folder + "/" + fileName, exercises: exerciseRefs(field(17), cache: &exercises),
                weekNumber: ByteFields.int(field(18)), encodedWorkSets: text(19))
            return IndexRecord(fileName: fileName, inode: UInt64(inode), size: size, modificationNanoseconds: mtime, changeNanoseconds: ctime,
                               summary: summary, problem: nil)
        }
    }

    /// `ID 0x1F name`, entries separated by 0x1E: single ASCII bytes, so splitting the bytes
    /// keeps UTF-8 whole.
    private static func exerciseRefs(_ field: Field, cache: inout ExerciseRefCache) -> [SessionSummary.ExerciseRef] {
        guard !field.isEmpty else { return [] }
        let bytes = field.base
        func find(_ byte: UInt8, from: Int, to end: Int) -> Int { ByteFields.find(byte, in: bytes, from: from, to: end) }
        var refs: [SessionSummary.ExerciseRef] = []
        var separators = 0, at = field.startIndex
        while at < field.endIndex {
            let next = find(0x1E, from: at, to: field.endIndex)
            if next < field.endIndex { separators += 1 }
            at = next + 1
        }
        refs.reserveCapacity(separators + 1)
        var start = field.startIndex
        while start <= field.endIndex {
            let end = find(0x1E, from: start, to: field.endIndex)
            let from = start
            refs.append(cache.ref(bytes[from..<end]) {
                let unit = find(0x1F, from: from, to: end)
                let name = unit < end ? unescaped(bytes[(unit + 1)..<end]) : ""
                let id = unit > from ? Exercise.ID(rawValue: String(decoding: bytes[from..<unit], as: UTF8.self)) : nil
                return SessionSummary.ExerciseRef(id: id, name: name)
            })
            start = end + 1
        }
        return refs
    }

    /// A text field, its escapes (``Swift/String/escapedForIndex``) undone.
    private static func unescaped(_ field: Field) -> String {
        let text = String(decoding: field, as: UTF8.self)
        guard !field.isEmpty, memchr(field.base.baseAddress! + field.startIndex, 0x5C, field.count) != nil else { return text }
        return text.unescapedFromIndex
    }
}

/// The exercises a run of index lines named, by the bytes that named them (`ID 0x1F name`),
/// for ``IndexRecord/init(line:folder:exercises:)``. Holds at most ``capacity`` of them; one
/// per run of lines, not shared between threads.
package struct ExerciseRefCache {
    /// The first 8 bytes of each entry's text (zero-padded), compared before the whole text.
    private var prefixes: [UInt64] = []
    private var texts: [[UInt8]] = []
    private var refs: [SessionSummary.ExerciseRef] = []
    /// More exercises than a log usually rotates through; past it, entries are made anew.
    static let capacity = 128

    package init() {}

    /// The exercise named by `text`: the one made for the same bytes before, else `make()`'s.
    fileprivate mutating func ref(_ text: IndexRecord.Field, make: () -> SessionSummary.ExerciseRef) -> SessionSummary.ExerciseRef {
        let count = text.count
        guard count > 0 else { return make() }
        let start = text.base.baseAddress! + text.startIndex
        var prefix: UInt64 = 0
        withUnsafeMutableBytes(of: &prefix) { $0.copyMemory(from: UnsafeRawBufferPointer(start: start, count: min(8, count))) }
        for index in prefixes.indices where prefixes[index] == prefix && texts[index].count == count {
            if texts[index].withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, count) }) == 0 { return refs[index] }
        }
        let made = make()
        if refs.count < ExerciseRefCache.capacity {
            prefixes.append(prefix)
            texts.append(Array(UnsafeBufferPointer(start: start, count: count)))
            refs.append(made)
        }
        return made
    }
}
