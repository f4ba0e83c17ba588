import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Help and usage")
struct HelpTests {
    @Test("prints the whole top-level help")
    func rootHelp() {
        let outcome = run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.error.isEmpty)
        #expect(outcome.output == #"""
        OVERVIEW: Keep your training log as plain JSON files you own.

        Log a workout set by set, read your history back, and keep every session as a
        readable JSON file in a folder you can commit to git or sync.

        USAGE: liftlog <subcommand>

        OPTIONS:
          --store <path>          The store folder (default: $LIFTLOG_STORE, the nearest
                                  enclosing folder with a liftlog.json, or
                                  ~/.local/share/liftlog).
          --json                  Print one JSON document instead of text.
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          init                    Create a store and seed the exercise library.
          config                  Show or change the store's preferences.
          seed                    Add the default exercises (or those of FILE) that are
                                  not in the library yet.
          exercises               List or search the exercise library, grouped by
                                  modality.
          exercise                Add, show, edit or remove one exercise.
          start                   Begin a session.
          log                     Log completed sets of an exercise into the active
                                  session.
          superset                Log sets of several exercises done together in rounds
                                  (a superset or a circuit).
          set                     Change one set of the active session (or of any
                                  session with --session).
          drop                    Remove an exercise and its sets from the active
                                  session.
          status                  Show the active session.
          finish                  Complete the active session.
          skip                    Mark a planned day not trained (skipped).
          discard                 Delete the active session (asks on a terminal).
          history                 List sessions, newest first, a page at a time.
          show                    Show one session in detail.
          rm                      Delete one session (asks on a terminal).
          progress                An exercise's history, newest first, with a chart and
                                  its personal record.
          pr                      Personal records: heaviest sets, estimated 1RM, the
                                  heaviest weight for 1 to 12 reps, most reps, longest
                                  holds, distances and paces.
          trends                  This week's sessions, weekly volume, streaks and the
                                  main lifts' estimated 1RM.
          muscles                 Weekly hard sets per muscle group, with bars.
          pain                    The pain tags noted when finishing sessions: how
                                  often, with which exercises, in which weeks.
          calendar                A month grid, like cal, marking the days you trained
                                  by kind of session.
          stats                   Totals and streaks for each kind of session.
          today                   The active plan's next day, with target weights, and
                                  the last session.
          plan                    Create, show and edit training plans.
          meso                    Run a plan for a number of weeks with progressing
                                  targets.
          cardio                  Record a finished cardio session in one line: liftlog
                                  cardio Run 5km/25:00.
          stretch                 Record a stretch session.
          meditate                Record a meditation session.
          weigh                   Record your body weight.
          measure                 Record body measurements: waist=84 body_fat=18.5
                                  arm=36.5cm.
          body                    Body weight with its 7-day average, a chart, your
                                  measurements and relative strength.
          plates                  The plates to put on each side of the bar for a
                                  weight.
          warmup                  A warm-up ramp to a working weight, every step
                                  loadable.
          rest                    Count down a rest between sets, and ring at the end.
          check                   Validate every file in the store and report each
                                  problem with its line and column.
          fmt                     Rewrite the store's files into canonical form (their
                                  data unchanged).
          edit                    Edit a session in your editor; it is checked before it
                                  replaces the file.
          resolve                 Settle what two devices changed differently: files git
                                  could not merge, and sync-conflict copies.
          sync                    Commit your changes, pull, check and push (when the
                                  store is in a git repository).
          merge-file              Merge two versions of a store file by meaning (git's
                                  merge driver for the store).
          import                  Import the export of Strong, Hevy, FitNotes,
                                  Liftosaur, StrongLifts or JEFIT; importing again adds
                                  only what changed.
          export                  Write every session as CSV (Strong-compatible or
                                  Hevy's) or NDJSON to standard output, or as a FIT file
                                  each.
          reindex                 Rebuild the index of sessions from the files.
          serve                   Serve the store over HTTP: a web app to log from a
                                  phone, and the JSON API for an app or a script.

          See 'liftlog help <subcommand>' for detailed help.

        """#)
    }

    @Test("prints a command's help the same way for -h, --help and help COMMAND")
    func commandHelp() {
        let expected = #"""
        OVERVIEW: List sessions, newest first, a page at a time.

        USAGE: liftlog history [--page <n>] [--per-page <k>] [--from <date>] [--to <date>] [--exercise <name>] [--kind <kind>]

        OPTIONS:
          --page <n>              The page to show. (default: 1)
          --per-page <k>          Sessions per page, 1–1000. (default: 25)
          --from <date>           Only sessions on or after this date (YYYY-MM-DD).
          --to <date>             Only sessions on or before this date (YYYY-MM-DD).
          --exercise <name>       Only sessions with this exercise.
          --kind <kind>           Only lifting, cardio, stretch or meditation sessions.
          --store <path>          The store folder (default: $LIFTLOG_STORE, the nearest
                                  enclosing folder with a liftlog.json, or
                                  ~/.local/share/liftlog).
          --json                  Print one JSON document instead of text.
          -h, --help              Show help information.

        """#
        #expect(run(["history", "--help"]).output == expected)
        #expect(run(["history", "-h"]).output == expected)
        #expect(run(["help", "history"]).output == expected)
        #expect(run(["history", "--help"]).status == 0)
    }

    @Test("prints help when run without a command, and the version with --version")
    func noCommandAndVersion() {
        #expect(run([]).output == run(["--help"]).output)
        let version = run(["--version"])
        #expect(version.output == "\(CLI.version)\n")
        #expect(version.status == 0)
    }

    @Test("suggests the closest command and option", arguments: [
        (["histroy"], "Error: Unknown command 'histroy'. Did you mean 'history'?\nUsage: liftlog <subcommand>\n  See 'liftlog --help' for more information.\n"),
        (["history", "--pgae", "2"], "Error: Unknown option '--pgae'. Did you mean '--page'?\nUsage: liftlog history [--page <n>] [--per-page <k>] [--from <date>] [--to <date>] [--exercise <name>] [--kind <kind>]\n  See 'liftlog history --help' for more information.\n"),
        (["exercise", "ad", "x"], "Error: Unknown subcommand 'ad' of 'liftlog exercise'. Did you mean 'add'?\nUsage: liftlog exercise <subcommand>\n  See 'liftlog exercise --help' for more information.\n"),
        // A typo never suggests a command that deletes something.
        (["plan", "lst"], "Error: Unknown subcommand 'lst' of 'liftlog plan'. Did you mean 'list'?\nUsage: liftlog plan <subcommand>\n  See 'liftlog plan --help' for more information.\n"),
        (["plan", "rn", "x"], "Error: Unknown subcommand 'rn' of 'liftlog plan'.\nUsage: liftlog plan <subcommand>\n  See 'liftlog plan --help' for more information.\n"),
        (["--verison"], "Error: Unknown option '--verison'. Did you mean '--version'?\nUsage: liftlog <subcommand>\n  See 'liftlog --help' for more information.\n"),
        (["show"], "Error: Missing expected argument '<id>'.\nUsage: liftlog show <id>\n  See 'liftlog show --help' for more information.\n"),
        (["history", "--page"], "Error: Missing value for '--page <n>'.\nUsage: liftlog history [--page <n>] [--per-page <k>] [--from <date>] [--to <date>] [--exercise <name>] [--kind <kind>]\n  See 'liftlog history --help' for more information.\n"),
        (["status", "extra"], "Error: Unexpected argument 'extra'.\nUsage: liftlog status\n  See 'liftlog status --help' for more information.\n"),
        (["status", "--json=yes"], nil),
    ] as [([String], String?)])
    func usageErrors(arguments: [String], message: String?) {
        let outcome = run(arguments)
        #expect(outcome.status == 2)
        if let message {
            #expect(outcome.error == message)
            #expect(outcome.output.isEmpty)
        }
    }

    @Test("accepts --opt=value, options before the command and -- before arguments")
    func optionForms() throws {
        try withTemporaryDirectory { root throws in
            #expect(run(["init", root + "/s"]).status == 0)
            #expect(run(["--store", root + "/s", "history", "--per-page=5"]).status == 0)
            #expect(run(["history", "--store=" + root + "/s", "--page", "1"]).status == 0)
            #expect(run(["--store", root + "/s", "exercise", "add", "--", "-Weird Name"]).status == 0)
        }
    }
}

@Suite("Number formatting")
struct NumberFormattingTests {
    @Test("formats everyday and absurd numbers without crashing", arguments: [
        (102.5, "102.5"), (12_345, "12,345"), (-3.25, "-3.25"), (0, "0"), (1e20, "1e+20"), (5e26, "5e+26"), (.infinity, "–"), (.nan, "–"),
    ])
    func numbers(value: Double, text: String) {
        #expect(Formatting.number(value) == text)
    }

    @Test("common aliases: ls for list, remove and delete for rm, exercise rename")
    func aliases() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "P", "--store", store]).status == 0)
            #expect(run(["plan", "ls", "--store", store]).output == run(["plan", "list", "--store", store]).output)
            let renamed = run(["exercise", "rename", "barbell row", "Pendlay Row", "--store", store])
            #expect(renamed.output == "Renamed Barbell Row to Pendlay Row.\n")
            #expect(run(["exercise", "show", "Pendlay Row", "--store", store]).status == 0)
            #expect(run(["exercise", "remove", "Pendlay Row", "--yes", "--store", store]).output == "Removed Pendlay Row.\n")
            #expect(run(["exercise", "delete", "plank", "--yes", "--store", store]).output == "Removed Plank.\n")
            #expect(run(["plan", "delete", "P", "--store", store]).output == "Deleted plan P.\n")
        }
    }

    @Test("a note that is '--json' is given as --notes=--json, and is then only a note")
    func jsonOnlyAsOption() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            // An option is never taken as another option's value.
            let refused = run(["finish", "--notes", "--json", "--store", store])
            #expect(refused.status == 2)
            #expect(refused.errorMessage == "Missing value for '--notes <text>' ('--json' is an option; for a value that starts with '-', write --notes=VALUE).")
            let finished = run(["finish", "--notes=--json", "--store", store])
            #expect(finished.status == 0)
            #expect(finished.output.hasPrefix("Finished"))
            #expect(readText(store + "/" + allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }!)?.contains("\"notes\": \"--json\"") == true)
        }
    }
}
