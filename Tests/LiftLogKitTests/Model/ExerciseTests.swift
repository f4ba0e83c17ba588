import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Exercises")
struct ExerciseTests {
    @Test("checks names", arguments: [
        ("Bench Press", nil),
        ("", "Exercise name cannot be empty."),
        ("   ", "Exercise name cannot be empty."),
        (" Bench", "Exercise name \" Bench\" has leading or trailing spaces."),
        (String(repeating: "a", count: 100), nil),
        (String(repeating: "a", count: 101), "Exercise name is 101 characters long; the limit is 100."),
        ("Bench\nPress", "Exercise name cannot contain line breaks or control characters."),
        ("../../etc/x", nil),
    ] as [(String, String?)])
    func names(name: String, problem: String?) {
        #expect(Exercise.nameProblem(name) == problem)
    }

    @Test("name keys: words joined by one space, lowercased, look-alikes folded", arguments: [
        ("  back   SQUAT ", "back squat"), ("  Bench\tPress  ", "bench press"), ("BENCH   PRESS", "bench press"), ("bench press", "bench press"),
        ("Bench\u{00A0}Press", "bench press"), ("Ｂｅｎｃｈ Press", "bench press"), ("Bench\u{200B}Press", "benchpress"),
        ("Übung  Eins", "übung eins"), ("", ""), (" \t ", ""),
    ])
    func nameKey(name: String, expected: String) {
        #expect(Exercise.nameKey(name) == expected)
    }

    @Test("normalized names keep their case")
    func normalizedName() {
        #expect(Exercise.normalizedName("  Bench \t Press ") == "Bench Press")
        #expect(Exercise.normalizedName("Bench\u{00A0}\u{00A0}Press") == "Bench Press")
        #expect(Exercise.normalizedName("Squat (Barbell)") == "Squat (Barbell)")
    }

    @Test("makes file-safe slugs", arguments: [
        ("Back Squat", "back-squat"), ("../../etc/x", "etc-x"), ("Développé couché", "developpe-couche"),
        ("Face-Pull (rope)", "face-pull-rope"), ("Жим лёжа", ""), ("A/B", "a-b"),
    ])
    func slugs(name: String, slug: String) {
        #expect(Slug.make(name) == slug)
    }

    @Test("derives the same name-based ID every time")
    func nameBasedIDs() {
        #expect(Exercise.ID.nameBased("exercise:back squat") == Exercise.ID.nameBased("exercise:back squat"))
        #expect(Exercise.ID.nameBased("a") != Exercise.ID.nameBased("b"))
        #expect(Exercise.ID.nameBased("a").rawValue.dropFirst(14).first == "5")
        #expect(SHA1.digest(Array("abc".utf8)).map { hex($0, width: 2) }.joined() == "A9993E364706816ABA3E25717850C26C9CD0D89D")
    }

    @Test("suggests close names")
    func suggestions() {
        let names = ["Back Squat", "Bench Press", "Deadlift", "Front Squat"]
        #expect(Suggestions.closest(to: "bench", among: names) == ["Bench Press"])
        #expect(Suggestions.closest(to: "deadlfit", among: names) == ["Deadlift"])
        #expect(Suggestions.closest(to: "squat", among: names) == ["Back Squat", "Front Squat"])
        #expect(Suggestions.closest(to: "zzz", among: names).isEmpty)
    }
}
