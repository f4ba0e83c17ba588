/// The default exercise library that `liftlog init` seeds: DefaultExercises.json, compiled in.
public enum DefaultExercises {
    /// The bytes of DefaultExercises.json, made once and shared by every caller.
    public static let json: [UInt8] = Array(text.utf8)
}
