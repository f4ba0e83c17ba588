/// Changes of several files that happen whole: a move (write the new file, remove the old),
/// an exercise rename that also renames it in the plans, activating a plan that deactivates
/// another.
///
/// Before the first file is touched, every step is written durably to `.liftlog/journal.json`
/// (the new contents in full). A failure the command sees undoes the steps already taken and
/// removes the journal: nothing changed. A crash or a kill part-way leaves the journal; the next
/// command (``recoverInterruptedChanges()``, run under the lock before anything else) replays
/// every step, which is harmless for the steps already done, so the change is completed as if
/// it had never been interrupted. No sequence of kills leaves two files with one ID, or a
/// rename half made.
extension StoreFiles {
    /// One step of a change.
    package enum Step: Equatable, Sendable {
        /// Write these bytes to the path (creating its folders).
        case write(String, [UInt8])
        /// Remove the path (no error when it is already gone).
        case remove(String)

        var path: String {
            switch self {
            case .write(let path, _), .remove(let path): path
            }
        }
    }

    /// Where an interrupted change waits to be completed, relative to the store root.
    package static let journalPath = ".liftlog/journal.json"
    static let journalFormat = "liftlog-journal 1"

    /// Applies `steps` as one change: all of them, or (when a step fails) none.
    ///
    /// - Throws: the first step's error (`IO_ERROR`, or `CONFLICT` when a file changed since it
    ///   was read); the steps already taken are undone then.
    package func apply(_ steps: [Step]) throws(LiftLogError) {
        guard steps.count > 1 else {
            if let step = steps.first { try perform(step) }
            return
        }
        var originals: [(path: String, bytes: [UInt8]?)] = []
        for step in steps { originals.append((step.path, try read(step.path))) }
        try ensureDirectory(".liftlog")
        try writeDurably(StoreFiles.journalBytes(steps), to: StoreFiles.journalPath)
        var taken = 0
        do throws(LiftLogError) {
            for step in steps {
                taken += 1
                try perform(step)
            }
        } catch {
            // Undo, newest first; a step that failed has already put its own file back.
            for original in originals.prefix(taken).reversed() {
                if let bytes = original.bytes { try? writeDurably(bytes, to: original.path) } else { try? remove(original.path) }
            }
            try? remove(StoreFiles.journalPath)
            throw error
        }
        // Done: a journal left behind (the removal failed) is replayed harmlessly next time.
        try? remove(StoreFiles.journalPath)
    }

    private func perform(_ step: Step) throws(LiftLogError) {
        switch step {
        case .write(let path, let bytes):
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            if !folder.isEmpty { try ensureDirectory(folder) }
            try writeDurably(bytes, to: path)
        case .remove(let path):
            try remove(path)
        }
    }

    /// Whether an interrupted change waits to be completed (one `stat`).
    package var hasInterruptedChanges: Bool {
        (try? status(StoreFiles.journalPath)) != nil
    }

    /// Completes a change a crash interrupted, by replaying its journal. Call only with the
    /// store lock held. A journal that does not parse (it is written atomically, so only a hand
    /// edit makes one) is set aside as `journal.json.unreadable` for a person to look at.
    ///
    /// - Returns: the paths the replay wrote or removed.
    @discardableResult
    package func recoverInterruptedChanges() throws(LiftLogError) -> [String] {
        guard let bytes = try read(StoreFiles.journalPath) else { return [] }
        guard let steps = StoreFiles.steps(fromJournal: bytes) else {
            try? writeDurably(bytes, to: StoreFiles.journalPath + ".unreadable")
            try remove(StoreFiles.journalPath)
            return []
        }
        for step in steps {
            versions.forget(step.path)
            try perform(step)
        }
        try remove(StoreFiles.journalPath)
        return steps.map(\.path)
    }

    static func journalBytes(_ steps: [Step]) -> [UInt8] {
        let encoded: [JSONValue] = steps.map { step in
            switch step {
            case .write(let path, let bytes): .object(["write": .string(path), "text": .string(String(decoding: bytes, as: UTF8.self))])
            case .remove(let path): .object(["remove": .string(path)])
            }
        }
        return JSONWriter.canonicalBytes(.object(["format": .string(journalFormat), "steps": .array(encoded)]))
    }

    static func steps(fromJournal bytes: [UInt8]) -> [Step]? {
        guard let document = try? JSONParser.parse(bytes), document["format"]?.stringValue == journalFormat,
              let list = document["steps"]?.arrayValue else { return nil }
        var steps: [Step] = []
        for item in list {
            if let path = item["write"]?.stringValue, let text = item["text"]?.stringValue, isSafeRelativePath(path) {
                steps.append(.write(path, Array(text.utf8)))
            } else if let path = item["remove"]?.stringValue, isSafeRelativePath(path) {
                steps.append(.remove(path))
            } else {
                return nil
            }
        }
        return steps
    }
}
