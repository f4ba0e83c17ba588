#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A long-running process's offer to answer for the store's session folders (``WatchServer``)
/// for as long as it runs: at once when no other process watches the store, else as soon as
/// the one that does stops (`liftlog serve` started while `liftlog watch` ran, which then
/// stopped, would otherwise leave every command comparing the folders again).
package final class WatchLender: @unchecked Sendable {
    private let files: StoreFiles
    private let lock = Mutex()
    private var stopped = false
    /// The server answering, once this process took the watch.
    private var server: WatchServer?
    /// How often another watcher's lock is tried, in 100 ms steps.
    private static let retrySteps = 10

    /// Takes the watch now if nobody else has it, and keeps trying every second while another
    /// process holds it. Gives up for good when the folders cannot be watched at all (another
    /// system than Linux, a network file system): trying again would change nothing.
    package init(files: StoreFiles) {
        self.files = files
        switch attempt() {
        case .taken(let server):
            self.server = server
            if !server.runInBackground() { stop() }
        case .heldElsewhere:
            if !Threads.detach({ [self] in keepTrying() }) { stop() }
        case .impossible:
            stopped = true
        }
    }

    /// Stops answering, and trying to.
    package func stop() {
        let running = lock.withLock { () -> WatchServer? in
            stopped = true
            return server
        }
        running?.stop()
    }

    private enum Attempt {
        case taken(WatchServer)
        case heldElsewhere
        case impossible
    }

    private func attempt() -> Attempt {
        do throws(LiftLogError) {
            return .taken(try WatchServer(files: files))
        } catch {
            return error.code == .conflict ? .heldElsewhere : .impossible
        }
    }

    private func keepTrying() {
        var step = 0
        while true {
            usleep(100_000)
            step += 1
            if lock.withLock({ stopped }) { return }
            guard step % Self.retrySteps == 0 else { continue }
            switch attempt() {
            case .heldElsewhere: continue
            case .impossible: return
            case .taken(let taken):
                let keep = lock.withLock { () -> Bool in
                    guard !stopped else { return false }
                    server = taken
                    return true
                }
                guard keep else {
                    taken.stop()
                    return
                }
                taken.run()
                return
            }
        }
    }
}
