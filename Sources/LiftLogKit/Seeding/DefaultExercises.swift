/// The default exercise library that `liftlog init` seeds: DefaultExercises.json, compiled in.
public enum DefaultExercises {
    /// The bytes of DefaultExercises.json.
    public static var json: [UInt8] { Array(text.utf8) }

    /// The bytes of FullExercises.json: the 873 exercises of free-exercise-db (public domain,
    /// Unlicense) mapped onto liftlog's fields, for `liftlog seed --library full`.
    public static var fullJSON: [UInt8] { Array(fullText.utf8) }
}
