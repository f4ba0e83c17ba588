import LiftLogKit

/// The `liftlog` command-line tool: parses arguments, runs the command against a store, prints
/// text or JSON, and returns the exit status of SPEC §6.
///
/// `main.swift` only wires this to the process; tests call ``run(arguments:environment:io:storeEnvironment:)``
/// in-process.
public enum CLI {
    /// The version `liftlog --version` prints.
    public static let version = "0.1.0"

    /// Runs one command line (without the program name) with exactly the variables
    /// `environment` and returns the exit status.
    public static func run(arguments: [String], environment: [String: String], io: ProcessIO, storeEnvironment: Store.Environment = .live) -> Int32 {
        run(arguments: arguments, environment: ProcessEnvironment(environment), io: io, storeEnvironment: storeEnvironment)
    }

    /// Runs one command line (without the program name) and returns the exit status.
    public static func run(arguments: [String], environment: ProcessEnvironment, io: ProcessIO, storeEnvironment: Store.Environment = .live) -> Int32 {
        var storeEnvironment = storeEnvironment
        if let text = environment["LIFTLOG_LOCK_TIMEOUT"], let seconds = Double(text), seconds >= 0, seconds.isFinite {
            storeEnvironment.lockTimeout = seconds
        }
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let colour = io.outputIsTerminal && environment["TERM"] != "dumb" && environment["NO_COLOR"] == nil
        var context = CommandContext(environment: environment, io: io, storeEnvironment: storeEnvironment, style: Style(enabled: colour && !wantsJSON), json: wantsJSON, storeOption: nil)
        let root = Commands.root
        do throws(LiftLogError) {
            switch try ArgumentParser.parse(arguments, root: root) {
            case .version:
                io.writeOutput("\(version)\n")
                return 0
            case .help(let command, let path):
                io.writeOutput(HelpGenerator.help(for: command, path: path))
                return 0
            case .run(let parsed):
                // `--json` counts only as the option (never when it is another option's value).
                context.json = parsed[.json]
                context.style = Style(enabled: colour && !context.json)
                context.storeOption = try parsed[.store]
                if parsed.command.usesStore && parsed.command.name != "init", let store = try? context.store() {
                    // The notes read the active session (where `.liftlog/active` points) once, and
                    // only when one of them needs it.
                    var read: StoredSession??
                    func active() -> StoredSession? {
                        if read == nil { read = .some((try? store.activeSessionNamedByPointer()) ?? nil) }
                        return read ?? nil
                    }
                    // `log` and `superset` compare the session they read anyway (`missingBefore`).
                    if !["log", "superset"].contains(parsed.command.name) { reportSetsChangedOutside(context, store: store, active: active) }
                    warnAboutLongActiveSession(context, command: parsed.command.name, active: active)
                    if case .some(.some(let stored)) = read { context.activeSessionRead = stored }
                }
                let result: CommandResult
                do throws(LiftLogError) {
                    result = try parsed.command.run!(&context, parsed)
                } catch {
                    // A usage error from the library is about the command being run.
                    if case .usage(let message, nil) = error { throw .usage(message, command: parsed.commandName) }
                    throw error
                }
                if parsed.command.reportsSkippedFiles, let store = context.openedStore {
                    for problem in store.skippedSessionFiles {
                        io.writeError(context.style.yellow("Warning:") + " \(problem) (left out).\n")
                    }
                }
                if context.json {
                    io.writeOutput(JSONWriter.canonicalString(JSONShapes.result(result.data, failure: result.failure)))
                } else if !result.text.isEmpty {
                    io.writeOutput(result.text.hasSuffix("\n") ? result.text : result.text + "\n")
                }
                return result.failure?.code.exitStatus ?? 0
            }
        } catch {
            report(error, context: context, root: root)
            return error.code.exitStatus
        }
    }

    private static func report(_ error: LiftLogError, context: CommandContext, root: CommandSpec) {
        if context.json {
            context.io.writeOutput(JSONWriter.canonicalString(JSONShapes.error(error)))
            return
        }
        var text = context.style.red("Error:") + " \(error.cliMessage)\n" + (error.remedy?.cliDetail ?? "")
        if case .corruptFile(let problems) = error {
            text = ""
            for problem in problems {
                text += context.style.red("Error:") + " \(problem.description)\n"
                if let hint = problem.cliHint { text += "  \(hint)\n" }
            }
            if problems.count > 1 { text += "\(problems.count) problems.\n" }
        }
        if case .usage(_, let command?) = error {
            let path = command.split(separator: " ").map(String.init)
            if let spec = find(path, in: root) {
                text += "Usage: \(HelpGenerator.usage(for: spec, path: path))\n"
                text += "  See '\(command) --help' for more information.\n"
            }
        }
        context.io.writeError(text)
    }

    private static func find(_ path: [String], in root: CommandSpec) -> CommandSpec? {
        var command = root
        for name in path.dropFirst() {
            guard let sub = command.subcommand(named: name) else { return nil }
            command = sub
        }
        return command
    }

    /// Says once, before the command runs, which sets liftlog saved into the active session are
    /// no longer in its file as saved (a `git checkout` of an older version, a sync, a hand edit).
    private static func reportSetsChangedOutside(_ context: CommandContext, store: Store, active: () -> StoredSession?) {
        guard let missing = try? store.setsMissingFromActiveSession(active: active) else { return }
        noteSetsChangedOutside(missing, context: context, store: store)
    }

    /// The note of ``reportSetsChangedOutside(_:command:)``, shown once: the record then takes
    /// the file as it is. Sets gone from the file are named apart from sets it holds with other
    /// values (a weight corrected by hand is not a lost set).
    static func noteSetsChangedOutside(_ missing: MissingSets, context: CommandContext, store: Store) {
        func listed(_ items: [String], separator: String) -> String {
            items.prefix(5).joined(separator: separator) + (items.count > 5 ? " and \(items.count - 5) more" : "")
        }
        let place = missing.path.map { "its file \($0)" } ?? "the store (its file is gone)"
        var parts: [String] = []
        if !missing.sets.isEmpty {
            let gone = missing.sets.map { "\($0.exerciseName) set \($0.setNumber) (\(Formatting.set($0.workoutSet, distance: store.preferences.distanceScale(of: $0.exerciseName))))" }
            parts.append("\(gone.count == 1 ? "a set it saved is" : "\(gone.count) sets it saved are") no longer in \(place): \(listed(gone, separator: ", "))")
        }
        if !missing.changed.isEmpty {
            let changed = missing.changed.map { describe($0, distance: store.preferences.distanceScale(of: $0.saved.exerciseName)) }
            let count = changed.count
            let subject = parts.isEmpty ? (count == 1 ? "a set it saved reads" : "\(count) sets it saved read") + " differently in \(place)"
                                        : (count == 1 ? "another reads differently" : "\(count) others read differently")
            parts.append("\(subject): \(listed(changed, separator: "; "))")
        }
        let advice = missing.sets.isEmpty ? "bring the file back from git or your backup" : "bring the file back from git or your backup; otherwise log the sets again"
        context.io.writeError(context.style.yellow("Note:") + " the active session \(missing.sessionID.short) changed outside liftlog: \(parts.joined(separator: "; ")). If that was not meant (a 'git checkout' of an older version, a sync), \(advice). This note is shown once.\n")
        store.acknowledgeActiveSession()
    }

    /// `Back Squat set 3 was 100 kg × 5, now 102.5 kg × 5`; the weights and distances as
    /// stored when the two read the same rounded.
    private static func describe(_ change: ChangedSet, distance: DistanceScale) -> String {
        var was = Formatting.set(change.saved.workoutSet, distance: distance), now = Formatting.set(change.now, distance: distance)
        if was == now && change.now.status == .completed {
            func exact(_ set: WorkoutSet) -> String {
                [set.weight.map { "\(JSONNumber($0).text) \(set.unit?.rawValue ?? "")".trimmingWhitespace() },
                 set.distanceMeters.map { "\(JSONNumber($0).text) m" }].compactMap { $0 }.joined(separator: ", ")
            }
            was = exact(change.saved.workoutSet)
            now = exact(change.now)
        }
        if change.now.status != .completed { now += " (\(change.now.status.rawValue))" }
        return "\(change.saved.exerciseName) set \(change.saved.setNumber) was \(was), now \(now)"
    }

    /// The "resume your workout?" prompt: one line on standard error when a session started
    /// more than an hour ago is still active. It looks only where `.liftlog/active` points, so
    /// that a command pays for the index once (its own), not twice; a session the pointer does
    /// not know (just after a clone) is noted from the next change to the store on.
    private static func warnAboutLongActiveSession(_ context: CommandContext, command: String, active: () -> StoredSession?) {
        // Not on the commands that work on the active session itself (logging sets into a
        // backdated session is what its user means to do): no nagging.
        guard !["init", "discard", "finish", "log", "superset", "set", "drop", "status", "edit", "rest", "reindex"].contains(command),
              let active = active() else { return }
        let now = context.storeEnvironment.now()
        let seconds = active.session.startedAt.seconds(until: now)
        guard seconds > 3600 else { return }
        context.io.writeError(context.style.yellow("Note:") + " the session started \(active.session.startedAt.shortDescription) (\(Formatting.ago(seconds))) is still active; 'liftlog status' shows it, 'liftlog finish' or 'liftlog discard' closes it.\n")
    }
}
