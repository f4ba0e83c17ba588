/// JSON Schemas (draft-07) of the store's files, so that an editor completes and checks keys as
/// a person types. `liftlog init` writes them to `schemas/` in the store, with a
/// `.vscode/settings.json` that maps each kind of file to its schema.
///
/// The schemas describe the canonical form: they accept every file `liftlog check` accepts
/// (except `null` values, which liftlog reads as absent but never writes) and reject the
/// broken values it rejects. Keys liftlog does not know are allowed everywhere.
public enum StoreSchemas {
    /// The folder of the store the schemas are written to.
    public static let folder = "schemas"

    /// Which files each schema describes, as editor glob patterns relative to the store.
    public static let mapping: [(schema: String, files: String)] = [
        ("liftlog.schema.json", "/liftlog.json"),
        ("exercise.schema.json", "/exercises/*.json"),
        ("plan.schema.json", "/plans/*.json"),
        ("session.schema.json", "/sessions/*/*/*.json"),
        ("body.schema.json", "/body/*/*.json"),
    ]

    /// The text of a schema by file name.
    public static func text(of name: String) -> String? { files[name] }
}

/// A JSON Schema file of the store's `schemas/` as `fmt` reads it: any JSON object, whose
/// canonical form (sorted keys, the store's layout) is what liftlog writes.
package struct SchemaDocument: JSONDecodable, JSONEncodable {
    package var jsonValue: JSONValue

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> SchemaDocument? {
        guard case .object = value else {
            problems.add(path(), "expected a JSON Schema (a JSON object), found \(value.typeDescription)")
            return nil
        }
        return SchemaDocument(jsonValue: value)
    }
}

extension Store {
    /// Writes the JSON Schemas to `schemas/` and maps them in `.vscode/settings.json`, keeping
    /// every other setting there.
    ///
    /// - Throws: `CORRUPT_FILE` when an existing `.vscode/settings.json` is not valid JSON (it is
    ///   then left alone), `IO_ERROR` when a file cannot be written.
    public func installSchemas() throws(LiftLogError) {
        try files.ensureDirectory(StoreSchemas.folder)
        for (name, text) in StoreSchemas.files.sorted(by: { $0.key < $1.key }) {
            try files.writeDurably(Array(text.utf8), to: "\(StoreSchemas.folder)/\(name)")
        }
        let settingsPath = ".vscode/settings.json"
        var settings = JSONObject()
        if let bytes = try files.read(settingsPath) {
            do {
                guard case .object(let existing) = try JSONParser.parse(bytes) else {
                    throw LiftLogError.corruptFile([FileProblem(path: settingsPath, line: 1, column: 1, message: "is not a JSON object", hint: "Fix or remove it, then write the schemas again.", remedy: .writeSchemas)])
                }
                settings = existing
            } catch let error as JSONSyntaxError {
                throw .corruptFile([DocumentDecoder.syntaxProblem(error, in: bytes, path: settingsPath)])
            } catch let error as LiftLogError {
                throw error
            } catch {
                throw .internal("\(error)")
            }
        }
        let ours = Swift.Set(StoreSchemas.mapping.map { "./\(StoreSchemas.folder)/\($0.schema)" })
        var entries: [JSONValue] = []
        if case .array(let existing)? = settings["json.schemas"] {
            entries = existing.filter { entry in entry["url"]?.stringValue.map { !ours.contains($0) } ?? true }
        }
        for (schema, pattern) in StoreSchemas.mapping {
            entries.append(["fileMatch": [.string(pattern)], "url": .string("./\(StoreSchemas.folder)/\(schema)")])
        }
        settings["json.schemas"] = .array(entries)
        try files.ensureDirectory(".vscode")
        try files.writeDurably(JSONWriter.canonicalBytes(.object(settings)), to: settingsPath)
    }
}
