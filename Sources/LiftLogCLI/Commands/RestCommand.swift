import LiftLogKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the SIGINT handler while a rest timer runs (a signal handler may only touch such a flag).
nonisolated(unsafe) private var restInterrupted: sig_atomic_t = 0

/// `liftlog rest [SECONDS]`: a countdown between sets.
enum RestCommand {
    static let rest = CommandSpec(
        name: "rest",
        abstract: "Count down a rest between sets, and ring at the end.",
        discussion: "Without SECONDS, rests for the rest of the exercise of your latest set ('liftlog exercise edit NAME --rest 180'), else 'liftlog config rest', else 90 seconds. On a terminal the time left is shown as it runs; Ctrl-C ends the rest early.",
        arguments: [Argument.restSeconds],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let seconds: Int
            if let text = arguments[.restSeconds] {
                guard let value = Int(text), (1...3600).contains(value) else {
                    throw .validation("Rest must be 1–3600 seconds, got '\(text)'.")
                }
                seconds = value
            } else {
                seconds = try store.restAfterLatestSet().seconds
            }
            let rested = countDown(seconds, io: context.io)
            let done = rested >= seconds
            let text = done ? "Rest is over (\(Formatting.duration(seconds)))." : "Rest stopped after \(Formatting.duration(rested))."
            return CommandResult(data: ["seconds": .number(JSONNumber(seconds)), "rested": .number(JSONNumber(rested)), "completed": .bool(done)],
                                 text: done && !context.json ? "\u{7}" + text : text)
        })

    /// Waits `seconds`, showing the time left on a terminal; returns the seconds rested (fewer
    /// when Ctrl-C ended it).
    private static func countDown(_ seconds: Int, io: ProcessIO) -> Int {
        restInterrupted = 0
        let previous = signal(SIGINT) { _ in restInterrupted = 1 }
        defer { signal(SIGINT, previous) }
        // A program that started this one may have left SIGINT blocked: Ctrl-C must reach it.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        let start = SystemClock.millisecondsSince1970()
        var shown = -1
        while true {
            let elapsed = Int((SystemClock.millisecondsSince1970() - start) / 1000)
            if elapsed >= seconds || restInterrupted != 0 {
                if io.outputIsTerminal && shown >= 0 { io.writeOutput("\r" + String(repeating: " ", count: 16) + "\r") }
                return min(elapsed, seconds)
            }
            let left = seconds - elapsed
            if io.outputIsTerminal && left != shown {
                io.writeOutput("\rRest \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60) ")
                shown = left
            }
            usleep(100_000)
        }
    }
}
