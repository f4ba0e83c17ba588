extension Store {
    /// Runs `body` on an index brought up to date with the files. With the lock (held by the
    /// caller, or free now) the refreshed index is written back; without it, it is used from
    /// memory only.
    package func withFreshIndex<T>(holdingLock: Bool, _ body: (SessionIndex) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        func run(_ canWrite: Bool) throws(LiftLogError) -> T {
            let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
            index.holdsLock = canWrite
            if canWrite && index.needsRebuild {
                try index.rebuild()
            } else {
                try index.refresh()
            }
            let result = try body(index)
            if canWrite {
                try? index.persist()
                // A write killed at the wrong instant can leave a temporary file or a backup
                // name in these folders; with the lock held, none of ours is under way.
                for folder in ["", Store.exercisesFolder, "plans"] { files.removeLeftoverTemporaryFiles(in: folder) }
            }
            return result
        }
        if holdingLock { return try run(true) }
        return try withLockIfFree { (haveLock: Bool) throws(LiftLogError) -> T in try run(haveLock) }
    }

    /// Brings the index up to date after a write (the caller holds the lock). The index is a
    /// cache: when it cannot be written, the data already saved stands and the next command
    /// refreshes the index, so a failure here does not fail the command.
    func updateIndex() {
        try? withFreshIndex(holdingLock: true) { _ throws(LiftLogError) in }
    }
}
