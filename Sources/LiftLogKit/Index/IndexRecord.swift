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

    /// Whether `status` describes the file as it was when this record was made.
    package func matches(_ status: FileStatus) -> Bool {
        status.inode == inode && status.size == size && status.modificationNanoseconds == modificationNanoseconds
            && status.changeNanoseconds == changeNanoseconds
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
    package init?(line: ArraySlice<UInt8>, folder: String) {
        let fields = ByteFields.fields(line)
        if fields.first.map(Array.init) == [0x21] {
            guard fields.count == IndexRecord.problemLineTabs + 1, let inode = ByteFields.int64(fields[2]), let size = ByteFields.int64(fields[3]),
                  let mtime = ByteFields.int64(fields[4]), let ctime = ByteFields.int64(fields[5]) else { return nil }
            self.fileName = ByteFields.string(fields[1]).unescapedFromIndex
            self.inode = UInt64(inode)
            self.size = size
            self.modificationNanoseconds = mtime
            self.changeNanoseconds = ctime
            self.summary = nil
            self.problem = ByteFields.string(fields[6]).unescapedFromIndex
            return
        }
        // Fields: ID, file name, inode, size, mtime, ctime, then the summary from position 6.
        guard fields.count == IndexRecord.sessionLineTabs + 1, let id = Session.ID(rawValue: ByteFields.string(fields[0])),
              let inode = ByteFields.int64(fields[2]), let size = ByteFields.int64(fields[3]), let mtime = ByteFields.int64(fields[4]),
              let ctime = ByteFields.int64(fields[5])  else { return nil }
        let summaryFields = fields[6...]
        let s = summaryFields.startIndex
        guard let startedAt = Timestamp(ByteFields.string(fields[s])), let kind = Session.Kind(rawValue: ByteFields.string(fields[s + 1])),
              let status = Session.Status(rawValue: ByteFields.string(fields[s + 2])),
              let exerciseCount = ByteFields.int(fields[s + 7]), let setCount = ByteFields.int(fields[s + 8]),
              let volume = Double(ByteFields.string(fields[s + 9])), let unit = WeightUnit(rawValue: ByteFields.string(fields[s + 10])) else { return nil }
        let fileName = ByteFields.string(fields[1]).unescapedFromIndex
        self.fileName = fileName
        self.inode = UInt64(inode)
        self.size = size
        self.modificationNanoseconds = mtime
        self.changeNanoseconds = ctime
        self.problem = nil
        // 0x1E between entries, 0x1F between an entry's ID and name: single ASCII bytes, so
        // splitting the bytes keeps UTF-8 whole.
        let exercises: [SessionSummary.ExerciseRef] = fields[s + 11].isEmpty ? [] : ByteFields.split(fields[s + 11], at: 0x1E).map { item in
            let unit = item.firstIndex(of: 0x1F) ?? item.endIndex
            let id = item[item.startIndex..<unit]
            let name = unit < item.endIndex ? ByteFields.string(item[(unit + 1)...]).unescapedFromIndex : ""
            return SessionSummary.ExerciseRef(id: id.isEmpty ? nil : Exercise.ID(rawValue: ByteFields.string(id)), name: name)
        }
        self.summary = SessionSummary(
            id: id, kind: kind, status: status, startedAt: startedAt,
            completedAt: fields[s + 3].isEmpty ? nil : Timestamp(ByteFields.string(fields[s + 3])),
            plan: fields[s + 4].isEmpty ? nil : ByteFields.string(fields[s + 4]).unescapedFromIndex,
            planDay: fields[s + 5].isEmpty ? nil : ByteFields.string(fields[s + 5]).unescapedFromIndex,
            durationSeconds: ByteFields.int(fields[s + 6]), exerciseCount: exerciseCount, setCount: setCount, totalVolume: volume,
            unit: unit, path: folder + "/" + fileName, exercises: exercises,
            weekNumber: ByteFields.int(fields[s + 12]), encodedWorkSets: ByteFields.string(fields[s + 13]))
    }
}
