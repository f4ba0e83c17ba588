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

    /// The union of two versions of a session when each only added to what they share:
    /// the same session (ID, start, plan), and for every exercise in both, one side's sets
    /// begin with all of the other's. `nil` when they changed the same thing differently.
    public static func mergeAdditions(_ a: Session, _ b: Session) -> Session? {
        guard a.id == b.id, a.startedAt == b.startedAt, a.kind == b.kind, a.planDay == b.planDay else { return nil }
        var merged = a.entries.count >= b.entries.count ? a : b
        let other = a.entries.count >= b.entries.count ? b : a
        for entry in other.entries {
            let key = Exercise.nameKey(entry.exerciseName)
            guard let index = merged.entries.firstIndex(where: { Exercise.nameKey($0.exerciseName) == key }) else {
                var added = entry
                added.order = merged.entries.count + 1
                merged.entries.append(added)
                continue
            }
            let mine = merged.entries[index].sets, theirs = entry.sets
            if theirs.count > mine.count, Array(theirs.prefix(mine.count)) == mine {
                merged.entries[index].sets = theirs
            } else if !(mine.count >= theirs.count && Array(mine.prefix(theirs.count)) == theirs) {
                return nil
            }
        }
        // Finished on either side is finished; other fields must agree where both have them.
        if a.status == .completed, b.status == .completed, a.completedAt != b.completedAt { return nil }
        if let x = a.notes, let y = b.notes, x != y { return nil }
        if let x = a.sessionRPE, let y = b.sessionRPE, x != y { return nil }
        if a.status == .completed || b.status == .completed {
            let finished = a.status == .completed ? a : b
            merged.status = .completed
            merged.completedAt = finished.completedAt
            merged.sessionRPE = merged.sessionRPE ?? finished.sessionRPE
            merged.notes = merged.notes ?? finished.notes
            if merged.painTags.isEmpty { merged.painTags = finished.painTags }
        }
        return merged
    }

    /// Settles a conflict copy: keeps the original, the copy, or (for a session where each side
    /// only added) both sides' sets, and deletes the copy.
    ///
    /// - Throws: `VALIDATION_ERROR` when `merged` is asked of files that cannot be merged;
    ///   `CORRUPT_FILE` when the side to keep does not parse or validate. Nothing changes then.
    public func resolve(_ conflict: ConflictCopy, keeping choice: ConflictChoice) throws(LiftLogError) {
        try withLock { () throws(LiftLogError) in
            switch choice {
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
