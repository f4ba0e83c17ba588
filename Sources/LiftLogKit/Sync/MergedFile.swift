/// One store file merged from the bytes of its three versions (``DocumentMerge``), written in
/// canonical form and read back by the rules of its kind: what `liftlog merge-file` gives git,
/// and what `liftlog resolve` writes for a file git could not merge.
public struct MergedFile: Sendable {
    /// The merged file in canonical form; `nil` when the merge removed it.
    public var bytes: [UInt8]?
    /// The values both sides changed differently, which `settle` left open.
    public var conflicts: [DocumentMerge.Conflict]
    /// What the merged file breaks of its kind's rules (or why a version could not be read):
    /// a merge with problems must not be written.
    public var problems: [FileProblem]

    /// Whether the merge can be written as it is.
    public var isClean: Bool { conflicts.isEmpty && problems.isEmpty }

    /// Merges the versions of the store file `path` (its path in the store or in the
    /// repository: only its last parts are read, to know its kind). A `nil` version is absent:
    /// `base` when both sides created the file (or it is not JSON), a side when it removed it.
    public init(path: String, base: [UInt8]?, ours: [UInt8]?, theirs: [UInt8]?, settle: (DocumentMerge.Conflict) -> DocumentMerge.Side? = { _ in nil }) {
        var problems: [FileProblem] = []
        func parsed(_ bytes: [UInt8]?, _ side: String) -> JSONValue? {
            guard let bytes else { return nil }
            do {
                return try JSONParser.parse(bytes)
            } catch {
                problems.append(FileProblem(path: path, line: 0, column: 0, message: "\(side) version of \(path) is not JSON (\(error))",
                                            hint: "Settle the file by hand, then 'git add' it."))
                return nil
            }
        }
        // A common version that is not JSON is one git made up of two with conflicts between
        // them (a criss-cross merge): merged as if there were none.
        let common = base.flatMap { try? JSONParser.parse($0) }
        let values = (common, parsed(ours, "this side's"), parsed(theirs, "the other side's"))
        guard problems.isEmpty else {
            self.bytes = nil
            self.conflicts = []
            self.problems = problems
            return
        }
        let merge = DocumentMerge(base: values.0, ours: values.1, theirs: values.2, settle: settle)
        conflicts = merge.conflicts
        bytes = merge.merged.map(JSONWriter.canonicalBytes)
        if let bytes, conflicts.isEmpty { problems = MergedFile.problems(of: bytes, path: path) }
        self.problems = problems
    }

    /// The rules of the file's kind applied to `bytes`, as `check` applies them.
    static func problems(of bytes: [UInt8], path: String) -> [FileProblem] {
        let parts = path.split(separator: "/").map(String.init)
        func under(_ folder: String, depth: Int) -> Bool { parts.count > depth && parts[parts.count - depth - 1] == folder }
        if under("sessions", depth: 3) { return DocumentDecoder.decodeReport(bytes, path: path, as: Session.self).problems }
        if under(Store.bodyFolder, depth: 2) { return DocumentDecoder.decodeReport(bytes, path: path, as: BodyEntry.self).problems }
        if under(Store.exercisesFolder, depth: 1) { return DocumentDecoder.decodeReport(bytes, path: path, as: Exercise.self).problems }
        if under(Store.plansFolder, depth: 1) { return DocumentDecoder.decodeReport(bytes, path: path, as: TrainingPlan.self).problems }
        if parts.last == Store.manifestFileName { return DocumentDecoder.decodeReport(bytes, path: path, as: StoreManifest.self).problems }
        return []
    }
}
