import LiftLogKit

/// Commands that keep hand-edited and synced files healthy: `check`, `fmt`, `edit`.
enum DataCommands {
    static let check = CommandSpec(
        name: "check",
        abstract: "Validate every file in the store and report each problem with its line and column.",
        discussion: "Checks JSON syntax, types and value rules, that each session file's name matches its start time, duplicate IDs and names, more than one active session, plan or mesocycle, two days of one name in a plan, plans that use exercises missing from the library, sync-conflict copies and stray files. Exits with status 7 when it finds a problem. With FILE… or --staged (what git is about to commit), only those files, the rules across session files answered from the index: what the pre-commit hook of 'init --git' runs, in the same few milliseconds however long the log.",
        arguments: [Argument.chosenFiles],
        options: [Flag.staged],
        run: { context, arguments throws(LiftLogError) in
            let report: CheckReport
            if let paths = try ChosenFiles.paths(arguments[.chosenFiles], staged: arguments[.staged], storeRoot: context.storePath, context: context, command: arguments.commandName) {
                report = try Store.check(at: context.storePath, paths: paths, environment: context.storeEnvironment)
            } else {
                report = try Store.check(at: context.storePath, environment: context.storeEnvironment)
            }
            let data: JSONValue = ["files_checked": .number(JSONNumber(report.filesChecked)), "problems": .array(report.problems.map(JSONShapes.problem)),
                                   "warnings": .array(report.warnings.map(JSONShapes.problem))]
            var text = (report.problems.map { render($0, style: context.style) } + report.warnings.map { render($0, style: context.style, warning: true) })
                .joined(separator: "\n")
            if !text.isEmpty { text += "\n\n" }
            let warned = report.warnings.isEmpty ? "" : " (\(Formatting.count(report.warnings.count, "warning")))"
            guard !report.problems.isEmpty else {
                return CommandResult(data: data, text: text + "Checked \(Formatting.count(report.filesChecked, "file")): no problems\(warned).")
            }
            let summary = "\(Formatting.count(report.problems.count, "problem")) in \(Formatting.count(report.filesWithProblems, "file"))"
            text += "Checked \(Formatting.count(report.filesChecked, "file")): \(summary)\(warned)."
            return CommandResult(data: data, text: text, failure: .corruptFile(report.problems))
        })

    static let fmt = CommandSpec(
        name: "fmt",
        abstract: "Rewrite the store's files into canonical form (their data unchanged).",
        discussion: "Sorts keys, indents by two spaces, removes nulls, keeps keys liftlog does not know, and moves a session whose start time was edited to the file its time gives. With --check, only lists what would change and exits with status 4 if anything would: use it in a git pre-commit hook. With FILE… or --staged (what git is about to commit), only those files.",
        arguments: [Argument.chosenFiles],
        options: [Flag.check, Flag.staged],
        run: { context, arguments throws(LiftLogError) in
            let check = arguments[.check]
            let paths = try ChosenFiles.paths(arguments[.chosenFiles], staged: arguments[.staged], storeRoot: context.storePath, context: context, command: arguments.commandName)
            let report = try context.store().format(apply: !check, paths: paths)
            let verb = check ? "would " : ""
            var lines = report.reformatted.map { "\(verb)\(check ? "reformat" : "reformatted") \($0)" }
            lines += report.moved.map { "\(verb)\(check ? "move" : "moved") \($0.from) -> \($0.to)" }
            var seen: Swift.Set<String> = []
            for problem in report.problems where seen.insert(problem.path).inserted {
                let count = report.problems.filter { $0.path == problem.path }.count
                lines.append("left alone \(problem.description)\(count > 1 ? " (and \(count - 1) more)" : "")")
            }
            let data: JSONValue = [
                "files_checked": .number(JSONNumber(report.filesChecked)),
                "reformatted": .array(report.reformatted.map { .string($0) }),
                "moved": .array(report.moved.map { ["from": .string($0.from), "to": .string($0.to)] }),
                "problems": .array(report.problems.map(JSONShapes.problem)),
            ]
            let changed = report.reformatted.count + report.moved.count
            var summary: String
            if report.isClean && seen.isEmpty {
                summary = "All \(Formatting.count(report.filesChecked, "file")) are in canonical form."
            } else if report.isClean {
                let good = report.filesChecked - seen.count
                summary = "\(Formatting.count(good, "file")) \(good == 1 ? "is" : "are") in canonical form."
            } else if check {
                summary = "\(Formatting.count(changed, "file")) \(changed == 1 ? "is" : "are") not in canonical form; run 'liftlog fmt'."
            } else {
                summary = "Formatted \(Formatting.count(changed, "file"))."
            }
            if !seen.isEmpty { summary += " \(Formatting.count(seen.count, "file")) left alone; 'liftlog check' shows what is wrong." }
            lines.append(summary)
            var failure: LiftLogError?
            if !report.problems.isEmpty {
                failure = .corruptFile(report.problems)
            } else if check && !report.isClean {
                failure = .validation(summary)
            }
            return CommandResult(data: data, text: lines.joined(separator: "\n"), failure: failure)
        })

    static let edit = CommandSpec(
        name: "edit",
        abstract: "Edit a session in your editor; it is checked before it replaces the file.",
        discussion: "Opens a copy of the session in $VISUAL or $EDITOR (else vi). When you save and quit, the copy is checked: if it is valid it replaces the session atomically (moved if you changed its start time); if not, the problems are shown and, on a terminal, you can edit again. The original is never touched until the edit is valid.",
        arguments: [Argument.editedSession],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.session(idPrefix: arguments[.editedSession])
            guard let originalBytes = try store.files.read(stored.path) else {
                throw .notFound("No session with ID '\(arguments[.editedSession])'.")
            }
            guard let folder = Editor.makeTemporaryFolder(in: context.environment) else {
                throw .io(path: "/tmp", operation: "create a folder in", reason: "no temporary folder could be made; nothing was changed")
            }
            let copy = folder + "/" + String(stored.path.split(separator: "/").last!)
            try OutsideFiles.write(originalBytes, to: copy)
            while true {
                let status = Editor.edit(copy, environment: context.environment)
                guard status == 0 else {
                    Editor.removeFolder(folder, file: copy)
                    throw .io(path: stored.path, operation: "edit", reason: "the editor ('\(Editor.command(in: context.environment))') exited with status \(status); nothing was changed")
                }
                let edited = (try? OutsideFiles.read(copy)) ?? []
                if edited == originalBytes {
                    Editor.removeFolder(folder, file: copy)
                    let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(stored, store: store) }
                    return CommandResult(data: sessionJSON, text: "No changes.")
                }
                do throws(LiftLogError) {
                    let saved = try store.replaceSession(stored, originalBytes: originalBytes, with: edited, editedPath: copy)
                    Editor.removeFolder(folder, file: copy)
                    let moved = saved.path == stored.path ? "" : " (moved from \(stored.path))"
                    let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(saved, store: store) }
                    return CommandResult(data: sessionJSON, text: "Saved \(saved.path)\(moved).")
                } catch {
                    var text = ""
                    if case .corruptFile(let problems) = error {
                        text = problems.map { render($0.excerpted(from: edited), style: context.style) }.joined(separator: "\n") + "\n"
                    } else {
                        text = context.style.red("Error:") + " \(error.cliMessage)\n"
                    }
                    let retry: Bool
                    if case .conflict = error { retry = false } else { retry = context.io.inputIsTerminal }
                    if retry {
                        context.io.writeError(text + "Edit again? [Y/n] ")
                        let answer = context.io.readLine()?.trimmingWhitespace().lowercased() ?? "n"
                        if answer.isEmpty || answer == "y" || answer == "yes" { continue }
                    }
                    context.io.writeError("Nothing was changed; your edited copy is at \(copy).\n")
                    throw error
                }
            }
        })

    /// A problem as compilers and hledger show them: the location, an excerpt of the line with
    /// a caret under the column, and how to fix it.
    static func render(_ problem: FileProblem, style: Style, warning: Bool = false) -> String {
        let location = problem.line > 0 ? "\(problem.path):\(problem.line):\(problem.column)" : problem.path
        var lines = [style.bold("\(location): \(warning ? "warning" : problem.code.rawValue): \(problem.message)")]
        if problem.line > 0, let text = problem.lineText {
            let number = String(problem.line)
            let gutter = String(repeating: " ", count: number.count)
            lines.append("\(gutter) |")
            lines.append("\(number) | \(text)")
            lines.append("\(gutter) | " + String(repeating: " ", count: max(0, problem.column - 1)) + style.red("^"))
        }
        if let hint = problem.cliHint { lines.append("  \(hint)") }
        return lines.joined(separator: "\n")
    }
}
