import LiftLogKit

/// Commands that keep hand-edited and synced files healthy: `check`.
enum DataCommands {
    static let check = CommandSpec(
        name: "check",
        abstract: "Validate every file in the store and report each problem with its line and column.",
        discussion: "Checks JSON syntax, types and value rules, that each session file's name matches its start time, duplicate IDs and names, more than one active session or plan, plans that use exercises missing from the library, sync-conflict copies and stray files. Exits with status 7 when it finds a problem.",
        run: { context, _ throws(LiftLogError) in
            let report = try Store.check(at: context.storePath, environment: context.storeEnvironment)
            let data: JSONValue = ["files_checked": .number(JSONNumber(report.filesChecked)), "problems": .array(report.problems.map(JSONShapes.problem))]
            var text = report.problems.map { render($0, style: context.style) }.joined(separator: "\n")
            if !text.isEmpty { text += "\n\n" }
            guard !report.problems.isEmpty else {
                return CommandResult(data: data, text: text + "Checked \(Formatting.count(report.filesChecked, "file")): no problems.")
            }
            let summary = "\(Formatting.count(report.problems.count, "problem")) in \(Formatting.count(report.filesWithProblems, "file"))"
            text += "Checked \(Formatting.count(report.filesChecked, "file")): \(summary)."
            return CommandResult(data: data, text: text, failure: .corruptFile(report.problems))
        })

    /// A problem as compilers and hledger show them: the location, an excerpt of the line with
    /// a caret under the column, and how to fix it.
    static func render(_ problem: FileProblem, style: Style) -> String {
        let location = problem.line > 0 ? "\(problem.path):\(problem.line):\(problem.column)" : problem.path
        var lines = [style.bold("\(location): \(problem.code.rawValue): \(problem.message)")]
        if problem.line > 0, let text = problem.lineText {
            let number = String(problem.line)
            let gutter = String(repeating: " ", count: number.count)
            lines.append("\(gutter) |")
            lines.append("\(number) | \(text)")
            lines.append("\(gutter) | " + String(repeating: " ", count: max(0, problem.column - 1)) + style.red("^"))
        }
        if let hint = problem.hint { lines.append("  \(hint)") }
        return lines.joined(separator: "\n")
    }
}
