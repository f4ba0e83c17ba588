/// Recognises the copies that sync tools make when two devices change the same file.
///
/// - Dropbox: `name (Alex's conflicted copy 2024-01-02).json`, `name (conflicted copy 2024-01-02).json`,
///   stacked copies, translated wording (`Konflikt`, `conflit`, `conflicto`…), `(Case Conflict)`,
///   `(Unicode Encoding Conflict)`;
/// - Nextcloud and ownCloud: `name (conflicted copy 2024-01-02 101010).json`;
/// - Syncthing: `name.sync-conflict-20240102-101010-ABCDEFG.json`;
/// - iCloud Drive: `name 2.json`, only when `name.json` exists.
public enum SyncConflict {
    /// The name of the file `name` is a conflict copy of, and the tool that made it, or `nil`.
    ///
    /// - Parameter siblings: the other names in the same folder (for iCloud's numbered copies).
    public static func original(of name: String, siblings: Swift.Set<String>) -> (original: String, tool: String)? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let stem = String(name[..<dot])
        let suffix = String(name[dot...])
        if let marker = stem.firstRange(of: ".sync-conflict-") {
            return (String(stem[..<marker.lowerBound]) + suffix, "Syncthing")
        }
        var base = stem
        var stripped = false
        // Peel trailing "(… conflict …)" groups, which Dropbox may stack.
        while base.hasSuffix(")"), let open = base.lastIndex(of: "(") {
            let inside = base[base.index(after: open)..<base.index(before: base.endIndex)].lowercased()
            guard conflictWords.contains(where: { inside.contains($0) }) else { break }
            base = String(base[..<open])
            while base.hasSuffix(" ") { base.removeLast() }
            stripped = true
        }
        if stripped, !base.isEmpty {
            return (base + suffix, "Dropbox or Nextcloud")
        }
        // iCloud: "name 2.json" next to "name.json".
        if let space = stem.lastIndex(of: " "), stem[stem.index(after: space)...].allSatisfy(\.isNumber),
           stem.index(after: space) < stem.endIndex {
            let candidate = String(stem[..<space]) + suffix
            if siblings.contains(candidate) { return (candidate, "iCloud Drive") }
        }
        return nil
    }

    /// "conflict" in the languages sync tools are used in.
    private static let conflictWords = ["conflict", "konflikt", "conflit", "conflicto", "conflitto", "conflito", "konflik", "конфликт", "競合", "冲突", "衝突", "충돌"]
}
