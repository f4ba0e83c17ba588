/// Turns the bytes of a store file into a model value, or into located problems.
///
/// A type with a direct reader (a session) is read straight from the bytes when nothing in them
/// is unknown or wrong; otherwise parsing is done once without positions, and only when
/// something is wrong is the file parsed again recording positions, so each problem carries the
/// line and column of the offending value.
package enum DocumentDecoder {
    /// Decodes `bytes`, the contents of the store file `path`.
    ///
    /// - Throws: `CORRUPT_FILE` with every problem found, each at its line and column.
    package static func decode<T: JSONDecodable>(_ bytes: [UInt8], path: String, as type: T.Type = T.self) throws(LiftLogError) -> T {
        try decodeWithWarnings(bytes, path: path, as: T.self).value
    }

    /// ``decode(_:path:as:)``, with the warnings found on the way, located.
    package static func decodeWithWarnings<T: JSONDecodable>(_ bytes: [UInt8], path: String, as type: T.Type = T.self) throws(LiftLogError) -> (value: T, warnings: [FileProblem]) {
        let report = decodeReport(bytes, path: path, as: T.self)
        // A failure that is not the file's (a bug) stays INTERNAL_ERROR, as before.
        if let bug = report.problems.first(where: { $0.code == .internal }) { throw .internal(bug.message) }
        guard let value = report.value, report.problems.isEmpty else { throw .corruptFile(report.problems) }
        return (value, report.warnings)
    }

    /// Everything `check` says of one file: the value when it reads, else its problems, and
    /// the warnings found either way (a file's warnings are shown with its errors), each
    /// located at its line and column.
    package static func decodeReport<T: JSONDecodable>(_ bytes: [UInt8], path: String, as type: T.Type = T.self)
        -> (value: T?, problems: [FileProblem], warnings: [FileProblem]) {
        // A document without a problem (nearly every one) straight into the model; any other
        // as a tree, which keeps unknown keys and locates problems.
        if let value = T.decodeDirect(bytes) { return (value, [], []) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            return (nil, [syntaxProblem(error, in: bytes, path: path)], [])
        } catch {
            return (nil, [FileProblem(path: path, line: 0, column: 0, code: .internal, message: "\(error)")], [])
        }
        func located(_ warnings: [DocumentProblem]) -> [FileProblem] {
            warnings.isEmpty ? [] : locate(warnings, in: bytes, path: path).map { $0.excerpted(from: bytes) }
        }
        do {
            let (decoded, warnings) = try T.decodeDocumentWithWarnings(value)
            return (decoded, [], located(warnings))
        } catch let error as DocumentError {
            return (nil, locate(error.problems, in: bytes, path: path), located(error.warnings))
        } catch {
            return (nil, [FileProblem(path: path, line: 0, column: 0, code: .internal, message: "\(error)")], [])
        }
    }

    /// The located problem of a syntax error; a file git left with both sides of a merge in
    /// it is said to be that, at its first marker.
    package static func syntaxProblem(_ error: JSONSyntaxError, in bytes: [UInt8], path: String) -> FileProblem {
        if let marker = mergeConflictLine(in: bytes) {
            return FileProblem(path: path, line: marker, column: 1, message: "git merge conflict in \(path): both versions are in the file",
                               hint: "Two devices changed the same values in it.", remedy: .settleMergeConflict(path: path))
        }
        let location = SourceLocation(offset: error.offset, in: bytes)
        return FileProblem(path: path, line: location.line, column: location.column, message: error.message,
                           hint: "Fix the JSON syntax at this position.")
    }

    /// The line (from 1) of the first `<<<<<<<` marker of a file git could not merge, when a
    /// `=======` and a `>>>>>>>` marker follow it at the start of later lines; else `nil`.
    package static func mergeConflictLine(in bytes: [UInt8]) -> Int? {
        var line = 1, start = 0, opened: Int?, divided = false
        func begins(_ marker: UInt8, at index: Int) -> Bool {
            index + 7 <= bytes.count && bytes[index..<(index + 7)].allSatisfy { $0 == marker }
                && (index + 7 == bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[index + 7]))
        }
        while start <= bytes.count {
            if opened == nil, begins(0x3C, at: start) { opened = line }
            else if opened != nil, !divided, begins(0x3D, at: start) { divided = true }
            else if divided, begins(0x3E, at: start) { return opened }
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { break }
            start = newline + 1
            line += 1
        }
        return nil
    }

    /// Places each document problem at the line and column of its value (or key).
    package static func locate(_ problems: [DocumentProblem], in bytes: [UInt8], path: String) -> [FileProblem] {
        guard let (_, table) = try? JSONParser.parseWithPositions(bytes) else {
            return problems.map { FileProblem(path: path, line: 0, column: 0, message: $0.message, hint: $0.hint) }
        }
        return problems.map { problem in
            let offset = problem.isAboutKey ? table.keyOffset(of: problem.path) : table.offset(of: problem.path)
            let location = SourceLocation(offset: offset, in: bytes)
            let message = problem.path.components.isEmpty ? problem.message : "\(problem.path): \(problem.message)"
            return FileProblem(path: path, line: location.line, column: location.column, message: message, hint: problem.hint)
        }
    }
}

extension FileProblem {
    /// The problem with the text of its line (for an excerpt) and a hint, taken from the bytes
    /// of the file it is about.
    package func excerpted(from bytes: [UInt8]) -> FileProblem {
        var problem = self
        if problem.line > 0 { problem.lineText = SourceLocation.lineText(problem.line, in: bytes) }
        if problem.hint == nil { problem.hint = "Correct the value so that it follows the rule, or remove the key if it is optional." }
        return problem
    }
}
