/// The full exercise library: the 873 exercises of free-exercise-db (public domain, Unlicense)
/// mapped onto liftlog's fields, with muscles and step-by-step instructions as notes
/// (`SampleData/FullExercises.json`).
///
/// A target of its own, so that an app that does not offer it does not carry its 750 KB: link
/// `LiftLogCatalog` and seed a store with it.
///
/// ```swift
/// import LiftLogCatalog
/// try store.seed(from: ExerciseCatalog.json, path: "FullExercises.json")
/// ```
public enum ExerciseCatalog {
    /// The bytes of FullExercises.json, made once and shared by every caller.
    public static let json: [UInt8] = Array(text.utf8)
}
