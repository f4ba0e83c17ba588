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

    /// The start-up order's names are read from `Sources/liftlog/startup.order` below the
    /// folder it runs in, and looked up in the binary's symbol table.
    @Test func countsTheStartupOrderNamesNoLongerInTheBinary() throws {
        #if os(Linux)
        try withTemporaryDirectory { folder in
            makeDirectories(folder + "/Sources/liftlog")
            writeText("main\nno_function_is_named_this\n\nliftlog_no_such_variable\n", to: folder + "/Sources/liftlog/startup.order")
            let outcome = runProgram(["/bin/sh", "-c", "cd '\(folder)' && exec '\(bench)' --startup-order"])
            #expect(outcome.status == 0)
            #expect(outcome.output == "start-up order: 2 of its 3 names no longer in the binary\n")
            let elsewhere = runProgram(["/bin/sh", "-c", "cd '\(folder)/Sources' && exec '\(bench)' --startup-order"])
            #expect(elsewhere.output == "start-up order not checked (run from the repository's root, on Linux)\n")
        }
        #endif
    }

    @Test func refusesWhatItDoesNotKnow() {
        let cases: [([String], String)] = [
            (["--nope"], "liftlog-bench: unknown option --nope\n"),
            (["--quick", "--verbose"], "liftlog-bench: unknown option --verbose\n"),
            (["--generate", "/x"], "liftlog-bench: unexpected arguments --generate /x\n"),
            (["--generate", "/x", "many"], "liftlog-bench: unexpected arguments --generate /x many\n"),
            (["quick"], "liftlog-bench: unexpected arguments quick\n"),
            (["--startup-order", "now"], "liftlog-bench: unexpected arguments --startup-order now\n"),
        ]
        for (arguments, first) in cases {
            let outcome = runProgram([bench] + arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.output.isEmpty, "\(arguments)")
            #expect(outcome.error.hasPrefix(first + "usage: liftlog-bench"), "\(arguments): \(outcome.error)")
        }
    }
}
