import LiftLogTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `liftlog-bench` is run by hand and by CI: a mistyped option must say so at once rather than
/// start a run of several minutes that leaves its stores behind when interrupted.
@Suite("The benchmark tool's arguments")
struct BenchToolTests {
    private var bench: String { String(liftlogBinary.dropLast("liftlog".count)) + "liftlog-bench" }

    @Test func helpPrintsUsage() {
        let outcome = runProgram([bench, "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("usage: liftlog-bench [--quick]"))
        #expect(outcome.output.contains("--generate DIR N [YEARS]"))
    }

    @Test func refusesWhatItDoesNotKnow() {
        let cases: [([String], String)] = [
            (["--nope"], "liftlog-bench: unknown option --nope\n"),
            (["--quick", "--verbose"], "liftlog-bench: unknown option --verbose\n"),
            (["--generate", "/x"], "liftlog-bench: unexpected arguments --generate /x\n"),
            (["--generate", "/x", "many"], "liftlog-bench: unexpected arguments --generate /x many\n"),
            (["quick"], "liftlog-bench: unexpected arguments quick\n"),
        ]
        for (arguments, first) in cases {
            let outcome = runProgram([bench] + arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.output.isEmpty, "\(arguments)")
            #expect(outcome.error.hasPrefix(first + "usage: liftlog-bench"), "\(arguments): \(outcome.error)")
        }
    }
}
