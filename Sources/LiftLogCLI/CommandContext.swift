import LiftLogKit

/// What a command runs with: the environment, the resolved store and the output settings.
struct CommandContext {
    var environment: ProcessEnvironment
    var io: ProcessIO
    var storeEnvironment: Store.Environment
    var style: Style
    var json: Bool
    var storeOption: String?
    private(set) var openedStore: Store?
    /// The active session as the notes before the command read it (where `.liftlog/active`
    /// points), when they did: a command that only shows it need not read it again.
    var activeSessionRead: StoredSession?

    /// A command's `--json` data, built only when `--json` asks for it: the text does not need
    /// it, and a session's data is its whole JSON tree with every set's ID (about 50 µs of a
    /// `log`). `build` fails as the command would.
    func jsonData(_ build: () throws(LiftLogError) -> JSONValue) throws(LiftLogError) -> JSONValue {
        json ? try build() : .null
    }

    /// The store this command works on (SPEC §7): `--store`, else `$LIFTLOG_STORE`, else the
    /// nearest enclosing folder with a liftlog.json, else the default location, created and
    /// seeded on first use.
    mutating func store() throws(LiftLogError) -> Store {
        if let openedStore { return openedStore }
        let store: Store
        if given == nil, let path = discoveredStorePath, let owner = FileProbe.owner(of: path + "/" + Store.manifestFileName),
           owner != FileProbe.currentUser {
            // As git's safe.directory: a liftlog.json another user placed above this folder
            // must not capture the commands run below it.
            throw .forbidden("The store found at '\(path)' (above the current folder) belongs to another user (uid \(owner)), so liftlog does not use it. To use it anyway, name it: --store '\(path)' or LIFTLOG_STORE='\(path)'.")
        }
        if let path = explicitStorePath {
            store = try Store.open(at: path, environment: storeEnvironment)
        } else {
            let path = defaultStorePath
            do throws(LiftLogError) {
                store = try Store.open(at: path, environment: storeEnvironment)
            } catch {
                guard case .notFound = error else { throw error }
                store = try Store.create(at: path, environment: storeEnvironment)
                io.writeError("Created a new store at \(path).\n")
            }
        }
        openedStore = store
        return store
    }

    /// The store's folder as given or found (`--store`, `$LIFTLOG_STORE`, the enclosing folder),
    /// else `nil` for the default location.
    var explicitStorePath: String? {
        given ?? discoveredStorePath
    }

    /// `--store`, else `$LIFTLOG_STORE`, made absolute against the folder the tool runs in.
    private var given: String? {
        (storeOption ?? environment["LIFTLOG_STORE"].flatMap { $0.isEmpty ? nil : $0 }).map(Self.absolute)
    }

    /// `path` as an absolute path: relative ones are taken from the folder the tool runs in.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileProbe.workingDirectory + "/" + path
    }

    /// The nearest folder at or above the current one that holds a liftlog.json.
    private var discoveredStorePath: String? {
        Self.enclosingStore(from: FileProbe.workingDirectory)
    }

    /// The store's folder, without opening it (for commands that must work on a damaged store).
    var storePath: String { explicitStorePath ?? defaultStorePath }

    /// The terminal's width in columns (`$COLUMNS`, else 80).
    var width: Int { Int(environment["COLUMNS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 80 }

    /// Whether the locale is UTF-8, so charts may draw with box and block characters.
    var unicode: Bool {
        ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }?.uppercased().contains("UTF-8") ?? false
    }

    /// `${XDG_DATA_HOME:-~/.local/share}/liftlog`.
    var defaultStorePath: String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/liftlog" }
        return Self.absolute((environment["HOME"] ?? "/") + "/.local/share/liftlog")
    }

    /// The nearest folder at or above `start` that holds a liftlog.json.
    static func enclosingStore(from start: String) -> String? {
        var path = start
        while true {
            let candidate = (path == "/" ? "" : path) + "/" + Store.manifestFileName
            if FileProbe.isRegularFile(candidate) { return path }
            guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }

    /// Asks a yes/no question on a terminal; answers yes without asking otherwise.
    func confirm(_ question: String) -> Bool {
        guard io.inputIsTerminal else { return true }
        io.writeError("\(question) [y/N] ")
        let answer = io.readLine()?.trimmingWhitespace().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
