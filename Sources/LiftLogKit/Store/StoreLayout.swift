/// The files liftlog's format defines in a store (docs/FORMAT.md), by their path in it: what
/// `sync` commits of its own accord. Anything else in the store folder (a `.env`, a key, a
/// conflict copy, a stray note) is the user's to commit or not.
package enum StoreLayout {
    /// Whether `relative` (a path inside the store, `/`-separated) is a file of the format.
    package static func isStoreFile(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.last, !name.isEmpty else { return false }
        switch parts.count {
        case 1:
            return [Store.manifestFileName, ".gitignore", ".gitattributes"].contains(name)
        case 2:
            if parts[0] == ".vscode" { return name == "settings.json" }
            return [Store.exercisesFolder, Store.plansFolder, "schemas"].contains(parts[0]) && isDocumentName(name)
        case 3:
            return parts[0] == Store.bodyFolder && isNumber(parts[1], digits: 4) && isDocumentName(name)
        case 4:
            return parts[0] == "sessions" && isNumber(parts[1], digits: 4) && isNumber(parts[2], digits: 2) && isDocumentName(name)
        default:
            return false
        }
    }

    /// A `.json` name that is neither hidden nor a sync tool's conflict copy.
    private static func isDocumentName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".") && SyncConflict.original(of: name, siblings: []) == nil
    }

    private static func isNumber(_ text: String, digits: Int) -> Bool {
        text.utf8.count == digits && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
