/// The default exercise library that `liftlog init` seeds: DefaultExercises.json, compiled in.
public enum DefaultExercises {
    /// The bytes of DefaultExercises.json.
    public static var json: [UInt8] { Array(text.utf8) }
}
