import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The pre-commit hook")
struct HookTests {
    @Test("a binary path with quotes and shell syntax runs as that path, and nothing else")
    func quotedPath() throws {
        try withTemporaryDirectory { root throws in
            let folder = root + "/it's $(touch \(root)/pwned) `touch \(root)/pwned2`"
            makeDirectories(folder)
            let binary = folder + "/liftlog"
            #expect(runProgram(["cp", liftlogBinary, binary]).status == 0)
            let store = root + "/s"
            #expect(runProgram([binary, "init", store, "--git"]).status == 0)
            let hook = try #require(readText(store + "/.git/hooks/pre-commit"))
            #expect(hook.contains(GitSetup.shellQuoted(binary)))
            // Without liftlog on PATH, the hook runs the binary it was installed by.
            let ran = runProgram(["/bin/sh", "-c", "cd \"$1\" && PATH=/usr/bin:/bin exec .git/hooks/pre-commit", "sh", store])
            #expect(ran.status == 0, "\(ran.error)")
            #expect(readText(root + "/pwned") == nil && readText(root + "/pwned2") == nil)
            // And it still refuses a broken file, once staged.
            writeText("{", to: store + "/exercises/broken.json")
            #expect(runProgram(["git", "-C", store, "add", "exercises/broken.json"]).status == 0)
            let refused = runProgram(["/bin/sh", "-c", "cd \"$1\" && PATH=/usr/bin:/bin exec .git/hooks/pre-commit", "sh", store])
            #expect(refused.status == 1)
            #expect(refused.error == "liftlog: staged files have problems; run 'liftlog check --staged' to see them.\n")
        }
    }

    @Test("a store path ending in a newline: the hook lets a good commit through and refuses a broken file")
    func storePathEndingInNewline() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/log\n"
            #expect(runBinary(["init", store, "--git"]).status == 0)
            let commit = ["git", "-C", store, "-c", "user.name=Lifter", "-c", "user.email=lifter@example.com", "-c", "commit.gpgsign=false", "commit", "--quiet", "-m"]
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            let committed = runProgram(commit + ["The store"])
            #expect(committed.status == 0, "\(committed.error)")
            writeText("{", to: store + "/exercises/broken.json")
            #expect(runProgram(["git", "-C", store, "add", "exercises/broken.json"]).status == 0)
            let refused = runProgram(commit + ["A broken file"])
            #expect(refused.status == 1)
            #expect(refused.error.contains("liftlog: staged files have problems; run 'liftlog check --staged' to see them.\n"), "\(refused.error)")
        }
    }

    @Test("shell quoting", arguments: [("plain", "'plain'"), ("it's", #"'it'\''s'"#), ("$(x) `y`", "'$(x) `y`'"), ("", "''")])
    func quoting(text: String, quoted: String) {
        #expect(GitSetup.shellQuoted(text) == quoted)
    }
}
