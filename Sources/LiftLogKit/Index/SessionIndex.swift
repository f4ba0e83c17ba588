/// The derived cache under `.liftlog/index/` that makes history cost what a page costs.
///
/// Layout (see FORMAT.md):
/// - `state.tsv`: modification times of `sessions/` and each year folder, and per month the
///   folder's modification time and session totals (all, per kind, active, corrupt);
/// - `months/YYYY-MM.tsv`: one line per session file of that month, newest first: the file's
///   identity (inode, size, modification time) and its summary;
/// - `ids/XX.tsv`: session ID → file, sharded by the ID's first two hex digits, and `ids.tsv`
///   the hash of each (``IDShardHashes``), so that an ID a shard does not list is known missing;
/// - `exercises/ID.tsv`: the lines of each month that may name one exercise, for `pr` and
///   `progress` of it (``ExerciseLines``), used while the month's shard keeps the hash the
///   state gives it (``MonthSummary/shardHash``).
///
/// The files are the truth; the index is never trusted blindly. ``refresh()`` compares the
/// modification time of every session folder with the one recorded (O(months) `stat` calls):
/// adding, removing or replacing a file — which is how git, Dropbox, Syncthing and most editors
/// write — changes its folder's time, and that month alone is listed again; files whose inode
/// is unchanged keep their record, others are read. A file edited in place keeps its inode and
/// its folder's time, so every record that is about to be shown is checked against `stat` first
/// (``verify(_:)``). A folder changed within the last two seconds is rescanned again next time,
/// because file-system timestamps are coarse.
///
/// The index only ever writes with the store lock held (``persist()``); a reader that cannot
/// take the lock uses what it refreshed in memory and leaves the files alone.
package final class SessionIndex {
    /// Where the index lives, relative to the store root.
    package static let directory = ".liftlog/index"
    static let statePath = "\(directory)/state.tsv"

    let files: StoreFiles
    let unit: WeightUnit
    let now: @Sendable () -> Timestamp

    var state: IndexState
    /// Parsed records of the months read in full, or changed.
    var shards: [MonthKey: [IndexRecord]] = [:]
    /// Month shards read from disk, split and parsed only as far as needed.
    var shardLines: [MonthKey: ShardText] = [:]
    var dirtyShards: Swift.Set<MonthKey> = []
    var removedShards: Swift.Set<MonthKey> = []
    var stateDirty = false
    /// The hash `state.tsv` gives of its lines, naming the state read in any process
    /// (``SessionsWatch``); `nil` when there was none to read.
    var stateHash: UInt64?
    /// ID → new path, or `nil` for an ID whose file is gone; applied to the ID shards.
    var idChanges: [String: String?] = [:]
    /// Set when the ID shards must be written from scratch.
    var rebuildingIDs = false
    /// ID shards found not as last written (``vouchedShard(_:)``): written again from the
    /// months' records when the index is next written.
    var shardsToRepair: Swift.Set<String> = []
    /// `ids.tsv` as read (``idShardHashes()``), or as about to be written.
    var shardHashes: IDShardHashes?
    /// The bytes of `ids.tsv` as read, when as written (``idShardHash(_:)``).
    var shardHashesFile: [UInt8]?
    /// The number of session files read to refresh the index.
    var filesRead = 0
    /// Set while ``rebuild()`` runs: no month has records to keep.
    var rebuilding = false
    /// Set while ``rebuild()`` or ``persist()`` runs once the index's folders were made sure of
    /// (``readyIndexFolders()``).
    var indexFoldersReady = false
    /// Whether no usable index was found on disk.
    var hasNoState = false
    /// Whether `.liftlog/index/months` and the folders above it are real folders, looked at
    /// now: a walk over many months then reads each shard without looking at them again.
    var shardFolderIsSound: Bool { (try? files.checkFolder("\(SessionIndex.directory)/months")) != nil }
    /// Records of session files this process has just written, by path: a rescan keeps one
    /// whose file still has the status it was made with, instead of reading the file again
    /// (an import hands over the sessions it wrote).
    var written: [String: IndexRecord] = [:]
    /// Whether the last refresh left the months' folders to be looked at as a walk reaches
    /// them (``refresh(streaming:lookingAtMonths:)``).
    var monthsToLookAt = false
    /// Whether the caller holds the store lock, so that temporary files left by a crashed
    /// writer can be removed when a folder is listed (no write of ours can be under way).
    package var holdsLock = false
    /// The process's own watch of the session folders and the generation its look gave when
    /// this index was refreshed (``SessionsWatch/filesToCheck(_:generation:)``).
    var watched: (watch: SessionsWatch, generation: UInt64)?
    /// The exercises the index lines read so far named (``parse(_:of:)``).
    var exerciseRefs = ExerciseRefCache()

    package init(files: StoreFiles, unit: WeightUnit, now: @escaping @Sendable () -> Timestamp) {
        self.files = files
        self.unit = unit
        self.now = now
        if let (state, hash) = IndexStateCache.state(in: files, at: SessionIndex.statePath), state.unit == unit {
            self.state = state
            self.stateHash = hash
        } else {
            self.state = IndexState(unit: unit)
            self.stateDirty = true
            self.rebuildingIDs = true
            self.hasNoState = true
        }
    }

    /// Whether the index has anything to write.
    package var hasChanges: Bool { stateDirty || !dirtyShards.isEmpty || !idChanges.isEmpty || !shardsToRepair.isEmpty || rebuildingIDs }
}
