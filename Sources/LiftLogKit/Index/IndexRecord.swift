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

    typealias Field = Slice<UnsafeBufferPointer<UInt8>>

    private static func parse(_ line: UnsafeBufferPointer<UInt8>, folder: String, exercises: inout ExerciseRefCache) -> IndexRecord? {
        IndexLineFields.read(line) { fields -> IndexRecord? in
            guard let identity = fields.identity else { return nil }
            if fields.isProblemLine {
                return IndexRecord(fileName: unescaped(fields[1]), identity: identity, summary: nil, problem: unescaped(fields[6]))
            }
            guard let session = fields.session else { return nil }
            var completedAt: Timestamp?
            if !fields[9].isEmpty {
                // An unreadable completion time reads as none, as it always has.
                completedAt = Timestamp(utf8: UnsafeBufferPointer(rebasing: fields[9]))
            }
            let fileName = unescaped(fields[1])
            let summary = SessionSummary(
                id: session.id, kind: session.kind, status: session.status, startedAt: session.startedAt, completedAt: completedAt,
                plan: fields[10].isEmpty ? nil : unescaped(fields[10]), planDay: fields[11].isEmpty ? nil : unescaped(fields[11]),
                durationSeconds: ByteFields.int(fields[12]), exerciseCount: session.exerciseCount, setCount: session.setCount,
                totalVolume: session.totalVolume, unit: session.unit, path: folder + "/" + fileName,
                exercises: exerciseRefs(fields[17], cache: &exercises), weekNumber: ByteFields.int(fields[18]),
                encodedWorkSets: String(decoding: fields[19], as: UTF8.self))
            return IndexRecord(fileName: fileName, identity: identity, summary: summary, problem: nil)
        }
    }

    private init(fileName: String, identity: FileIdentity, summary: SessionSummary?, problem: String?) {
        self.init(fileName: fileName, inode: identity.inode, size: identity.size, modificationNanoseconds: identity.modificationNanoseconds,
                  changeNanoseconds: identity.changeNanoseconds, summary: summary, problem: problem)
    }

    /// `ID 0x1F name`, entries separated by 0x1E: single ASCII bytes, so splitting the bytes
    /// keeps UTF-8 whole.
    private static func exerciseRefs(_ field: Field, cache: inout ExerciseRefCache) -> [SessionSummary.ExerciseRef] {
        guard !field.isEmpty else { return [] }
        var refs: [SessionSummary.ExerciseRef] = []
        refs.reserveCapacity(ByteFields.count(of: 0x1E, in: UnsafeBufferPointer(rebasing: field)) + 1)
        forEachExerciseEntry(in: field) { entry in
            refs.append(cache.ref(entry) {
                let (id, name) = parts(ofExerciseEntry: entry)
                return SessionSummary.ExerciseRef(id: id.isEmpty ? nil : Exercise.ID(rawValue: String(decoding: id, as: UTF8.self)),
                                                  name: name.map(unescaped) ?? "")
            })
        }
        return refs
    }

    /// Calls `body` with the bytes of each entry of an index line's exercises field, in order:
    /// `ID 0x1F name` (escapes in place), 0x1E between entries, none in an empty field. Single
    /// ASCII bytes, so splitting the bytes keeps UTF-8 whole.
    static func forEachExerciseEntry(in field: Field, _ body: (Field) -> Void) {
        guard !field.isEmpty else { return }
        let bytes = field.base
        var start = field.startIndex
        while start <= field.endIndex {
            let end = ByteFields.find(0x1E, in: bytes, from: start, to: field.endIndex)
            body(bytes[start..<end])
            start = end + 1
        }
    }

    /// An exercise entry's ID bytes (empty without one) and its name's bytes (`nil` without a
    /// 0x1F, as an entry written by ``line`` always has).
    static func parts(ofExerciseEntry entry: Field) -> (id: Field, name: Field?) {
        let unit = ByteFields.find(0x1F, in: entry.base, from: entry.startIndex, to: entry.endIndex)
        return (entry.base[entry.startIndex..<unit], unit < entry.endIndex ? entry.base[(unit + 1)..<entry.endIndex] : nil)
    }

    /// A text field, its escapes (``Swift/String/escapedForIndex``) undone.
    static func unescaped(_ field: Field) -> String {
        let text = String(decoding: field, as: UTF8.self)
        guard !field.isEmpty, memchr(field.base.baseAddress! + field.startIndex, 0x5C, field.count) != nil else { return text }
        return text.unescapedFromIndex
    }
}

/// The fields of one index line (``IndexRecord/line``), found in place: ranges of the line's
/// bytes between tabs (found with `memchr`); only the values a reader keeps become strings.
struct IndexLineFields {
    private let line: UnsafeBufferPointer<UInt8>
    /// bounds[i]: where field i starts; bounds[i + 1] - 1: where it ends.
    private let bounds: UnsafeMutableBufferPointer<Int>
    /// Tab count: ``IndexRecord/sessionLineTabs`` or ``IndexRecord/problemLineTabs`` in a line
    /// that reads.
    let tabs: Int

    private init(line: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>, tabs: Int) {
        self.line = line
        self.bounds = bounds
        self.tabs = tabs
    }

    /// Calls `body` with the fields of `line`; `nil` without calling it when the line has more
    /// tabs than a session's line.
    static func read<Result>(_ line: UnsafeBufferPointer<UInt8>, _ body: (IndexLineFields) -> Result?) -> Result? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: IndexRecord.sessionLineTabs + 2) { bounds -> Result? in
            var tabs = 0
            bounds[0] = 0
            var tab = ByteFields.find(0x09, in: line, from: 0, to: line.count)
            while tab < line.count {
                tabs += 1
                guard tabs <= IndexRecord.sessionLineTabs else { return nil }
                bounds[tabs] = tab + 1
                tab = ByteFields.find(0x09, in: line, from: tab + 1, to: line.count)
            }
            bounds[tabs + 1] = line.count + 1
            return body(IndexLineFields(line: line, bounds: bounds, tabs: tabs))
        }
    }

    /// Field `index` (`0...tabs`).
    subscript(index: Int) -> IndexRecord.Field { line[bounds[index]..<(bounds[index + 1] - 1)] }

    /// Whether this is the line of a file that is not a valid session: `!`, the file's name and
    /// identity, the problem.
    var isProblemLine: Bool { tabs == IndexRecord.problemLineTabs && self[0].elementsEqual(CollectionOfOne(0x21)) }

    /// The file's identity, fields 2 to 5 in both kinds of line.
    var identity: FileIdentity? {
        guard tabs >= 5, let inode = ByteFields.int64(self[2]), let size = ByteFields.int64(self[3]),
              let mtime = ByteFields.int64(self[4]), let ctime = ByteFields.int64(self[5]) else { return nil }
        return FileIdentity(inode: UInt64(inode), size: size, modificationNanoseconds: mtime, changeNanoseconds: ctime)
    }

    /// The fields every reader of a session's line checks, whether it keeps them or not: a line
    /// with any of them unreadable is not trusted (its month is listed again).
    struct Session {
        var id: LiftLogKit.Session.ID
        var startedAt: Timestamp
        var kind: LiftLogKit.Session.Kind
        var status: LiftLogKit.Session.Status
        var exerciseCount: Int
        var setCount: Int
        var totalVolume: Double
        var unit: WeightUnit
    }

    /// The checked fields of a session's line; `nil` for any other line, or one that does not read.
    var session: Session? {
        guard tabs == IndexRecord.sessionLineTabs, let id = LiftLogKit.Session.ID(bytes: self[0]),
              let startedAt = Timestamp(utf8: UnsafeBufferPointer(rebasing: self[6])),
              let kind = ByteFields.value(self[7], among: LiftLogKit.Session.Kind.inOrder),
              let status = ByteFields.value(self[8], among: LiftLogKit.Session.Status.inOrder),
              let exerciseCount = ByteFields.int(self[13]), let setCount = ByteFields.int(self[14]),
              let volume = JSONNumber.double(self[15]), let unit = ByteFields.value(self[16], among: WeightUnit.inOrder) else { return nil }
        return Session(id: id, startedAt: startedAt, kind: kind, status: status, exerciseCount: exerciseCount, setCount: setCount,
                       totalVolume: volume, unit: unit)
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
