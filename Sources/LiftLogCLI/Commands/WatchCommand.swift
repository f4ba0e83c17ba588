#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

/// Set by the SIGINT and SIGTERM handlers of `liftlog watch` (a signal handler may only touch
/// such a flag).
nonisolated(unsafe) private var watchStopRequested: sig_atomic_t = 0

/// `liftlog watch`: keeps a watch on the store's session folders for every other liftlog
/// process (see `WatchSocket`).
enum WatchCommand {
    static let watch = CommandSpec(
        name: "watch",
        abstract: "Watch the store's session folders, so that other commands need not look at each.",
        discussion: "Every command that reads the index first makes sure no session file changed behind liftlog's back (git, a sync, an editor): one look at each month folder, 360 of them in a thirty-year log. While liftlog watch runs (Linux, a local file system), the kernel reports every change to it and other commands ask it instead, over .liftlog/watch.sock; a change is never missed, and a command that finds no watcher, or one that does not answer, looks at the folders as before. liftlog serve does the same while it runs. Ctrl-C stops it.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let server = try store.watchServer()
            watchStopRequested = 0
            signal(SIGINT) { _ in watchStopRequested = 1 }
            signal(SIGTERM) { _ in watchStopRequested = 1 }
            ProcessSupport.unblockStopSignals()
            guard server.runInBackground() else {
                server.stop()
                throw .internal("could not start the watch's thread")
            }
            // With --json, standard output carries only the final document.
            let banner = "Watching \(store.root): other liftlog commands ask this process instead of looking at every month folder. Ctrl-C stops it.\n"
            if context.json { context.io.writeError(banner) } else { context.io.writeOutput(banner) }
            context.io.flushOutput()
            while watchStopRequested == 0 { usleep(100_000) }
            server.stop()
            let (asked, spared) = server.answered
            return CommandResult(data: ["commands": .number(JSONNumber(asked)), "spared": .number(JSONNumber(spared))],
                                 text: "Stopped. \(Formatting.count(asked, "command")) asked; \(spared) of them were spared looking at the folders.")
        })
}
