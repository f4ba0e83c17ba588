/// A copy a sync tool made of a store file, next to its original.
public struct ConflictCopy: Hashable, Sendable {
    /// The copy, relative to the store root.
    public var path: String
    /// The file it is a copy of.
    public var original: String
    /// The sync tool that names copies this way.
    public var tool: String
}

/// What to keep of a conflict copy and its original.
public enum ConflictChoice: String, Sendable, CaseIterable {
    /// Keep the original; delete the copy.
    case original
    /// Keep the copy's content under the original's name.
    case copy
    /// Keep both sides' sets (sessions where each side only added sets or exercises).
    case merged
    /// For a file git could not merge: this device's value of each that both sides changed.
    case ours
    /// For a file git could not merge: the other side's value of each that both changed.
    case theirs

    /// The side of a merge this choice keeps (``ours`` and ``theirs`` only).
    public var side: DocumentMerge.Side? {
        switch self {
        case .ours: .ours
        case .theirs: .theirs
        case .original, .copy, .merged: nil
        }
    }
}

extension Store {
    /// Every sync-conflict copy in the store, sorted.
    public func conflictCopies() throws(LiftLogError) -> [ConflictCopy] {
        var found: [ConflictCopy] = []
        var folders = ["", "exercises", "plans"]
        for year in try files.list("sessions") where year.kind != .regular {
            for month in try files.list("sessions/\(year.name)") where month.kind != .regular {
                folders.append("sessions/\(year.name)/\(month.name)")
            }
        }
        for folder in folders {
            let entries = try files.list(folder)
            let names = Swift.Set(entries.map(\.name))
            for entry in entries where entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".") {
                guard let conflict = SyncConflict.original(of: entry.name, siblings: names) else { continue }
                if folder.isEmpty && conflict.original != Store.manifestFileName { continue }
                let prefix = folder.isEmpty ? "" : folder + "/"
                found.append(ConflictCopy(path: prefix + entry.name, original: prefix + conflict.original, tool: conflict.tool))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The union of two versions of a session a sync tool kept side by side (no common version
    /// is known): ``DocumentMerge`` with nothing as the base, so what either side has is kept —
    /// sets united by their IDs, sets without IDs when one side's begin with all of the other's —
    /// and finished on either side is finished. `nil` when they give one value differently
    /// (the same set, the start, the plan day, the notes).
    public static func mergeAdditions(_ a: Session, _ b: Session) -> Session? {
        guard a.id == b.id else { return nil }
        let merge = DocumentMerge(base: nil, ours: a.json, theirs: b.json) { conflict in
            guard conflict.path == "status" else { return nil }
            if conflict.ours == .string(Session.Status.completed.rawValue) { return .ours }
            if conflict.theirs == .string(Session.Status.completed.rawValue) { return .theirs }
            return nil
        }
        guard merge.conflicts.isEmpty, let value = merge.merged else { return nil }
        return try? Session(json: value)
    }

    /// Settles a conflict copy: keeps the original, the copy, or (for a session where each side
    /// only added) both sides' sets, and deletes the copy.
    ///
    /// - Throws: `VALIDATION_ERROR` when `merged` is asked of files that cannot be merged;
    ///   `CORRUPT_FILE` when the side to keep does not parse or validate. Nothing changes then.
    public func resolve(_ conflict: ConflictCopy, keeping choice: ConflictChoice) throws(LiftLogError) {
        try withLock { () throws(LiftLogError) in
            switch choice {
            case .ours, .theirs:
                throw .validation("'\(choice.rawValue)' is for a file git could not merge; for \(conflict.path), keep the original, the copy or the merged sets.")
            case .original:
                break
            case .copy:
                guard let bytes = try files.read(conflict.path) else { throw .notFound("\(conflict.path) is gone.") }
                let value: JSONValue
                if conflict.original.hasPrefix("sessions/") {
                    value = try DocumentDecoder.decode(bytes, path: conflict.path, as: Session.self).jsonValue
                } else if conflict.original.hasPrefix("exercises/") {
                    value = try DocumentDecoder.decode(bytes, path: conflict.path, as: Exercise.self).jsonValue
                } else if conflict.original.hasPrefix("plans/") {
                    value = try DocumentDecoder.decode(bytes, path: conflict.path, as: TrainingPlan.self).jsonValue
                } else {
                    value = try DocumentDecoder.decode(bytes, path: conflict.path, as: StoreManifest.self).jsonValue
                }
                try files.writeDurably(JSONWriter.canonicalBytes(value), to: conflict.original)
            case .merged:
                guard conflict.original.hasPrefix("sessions/"),
                      let mine = try files.load(conflict.original, as: Session.self),
                      let theirs = try files.load(conflict.path, as: Session.self),
                      let merged = Store.mergeAdditions(mine, theirs) else {
                    throw .validation("\(conflict.path) and \(conflict.original) cannot be merged: they changed the same sets or details differently.", remedy: .keepOneSide)
                }
                try files.save(merged, to: conflict.original)
            }
            try files.remove(conflict.path)
            if conflict.original.hasPrefix("sessions/") { updateIndex() }
        }
    }
}

extension Store {
    /// Writes what a merge of three versions of `path` settled (``MergedFile``; `nil` bytes:
    /// the merge removed the file), under the lock.
    ///
    /// - Throws: `CONFLICT` while values are left to settle, `CORRUPT_FILE` when the merged
    ///   file breaks its rules; nothing is written then.
    public func write(_ merge: MergedFile, to path: String) throws(LiftLogError) {
        guard merge.conflicts.isEmpty else {
            throw .conflict("\(path): \(merge.conflicts.count == 1 ? "1 value is" : "\(merge.conflicts.count) values are") still to settle; nothing was written.", remedy: .settleMergeConflict(path: path))
        }
        guard merge.problems.isEmpty else { throw .corruptFile(merge.problems) }
        try withLock { () throws(LiftLogError) in
            if let bytes = merge.bytes { try files.writeDurably(bytes, to: path) } else { try files.remove(path) }
            if path.hasPrefix("sessions/") { updateIndex() }
        }
    }
}
