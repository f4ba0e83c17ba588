import Testing
import LiftLogKit
import LiftLogTestSupport

/// An app's package depends on LiftLogKit by version, and SwiftPM refuses a library product
/// whose targets build unsafe flags ("contains unsafe build flags"). The flags that make the
/// tool's code start faster (Package.swift) must reach the library only when this package is
/// built on its own, as the README builds it.
@Suite("The package as a dependency of an app's package")
struct PackageManifestTests {
    /// Runs `swift package` on the package at `path`, with SwiftPM's caches, build folder and
    /// lock files inside `root` (the running `swift test` holds this package's own).
    private func swiftPackage(_ arguments: [String], at path: String, root: String, tool: String = "package", environment: [String: String] = [:]) -> Outcome {
        makeDirectories(root + "/swiftpm/tmp")
        return runProgram(["swift", tool, "--package-path", path, "--scratch-path", root + "/swiftpm/build-" + (path.split(separator: "/").last ?? ""), "--cache-path", root + "/swiftpm/cache",
                    "--config-path", root + "/swiftpm/config", "--security-path", root + "/swiftpm/security"] + arguments,
                          environment: environment.merging(["TMPDIR": root + "/swiftpm/tmp"]) { $1 })
    }

    /// This package's manifest as `swift package dump-package` gives it.
    private func dumpedManifest(root: String) throws -> JSONValue {
        let outcome = swiftPackage(["dump-package"], at: repository, root: root)
        #expect(outcome.status == 0, "\(outcome.error)")
        return try JSONParser.parse(Array(outcome.output.utf8))
    }

    /// A git repository holding this package's manifest and sources, each manifest in `versions`
    /// committed and tagged with its version.
    private func libraryRepository(at path: String, versions: [(tag: String, manifest: String)]) {
        makeDirectories(path)
        for item in ["Sources", "Tests"] { copyTree(repository + "/" + item, to: path + "/" + item) }
        let git = { (arguments: [String]) in
            #expect(runProgram(["git", "-C", path] + arguments, environment: gitIdentity).status == 0, "git \(arguments)")
        }
        git(["init", "-q"])
        for (tag, manifest) in versions {
            writeText(manifest, to: path + "/Package.swift")
            git(["add", "-A"])
            git(["commit", "-q", "-m", tag])
            git(["tag", tag])
        }
    }

    /// An app's package that depends on the library product at exactly `version`.
    private func appPackage(at path: String, library: String, version: String) {
        makeDirectories(path + "/Sources/App")
        writeText("import LiftLogKit\nprint(Session.Kind.lifting)\n", to: path + "/Sources/App/main.swift")
        writeText("""
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "app", dependencies: [.package(url: "file://\(library)", exact: "\(version)")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "LiftLogKit", package: "liftlog")])])

            """, to: path + "/Package.swift")
    }

    @Test("an app's package depends on LiftLogKit by version; with the flags ungated SwiftPM would refuse it")
    func dependedOnByVersion() throws {
        let manifest = try #require(readText(repository + "/Package.swift"))
        // The manifest as it would be if the library took the tool's flags wherever it is built.
        let ungated = manifest.replacing("swiftSettings: librarySections", with: "swiftSettings: functionSections")
        try #require(ungated != manifest, "Package.swift no longer gives LiftLogKit `librarySections`")
        try withTemporaryDirectory { root in
            let library = root + "/liftlog"
            libraryRepository(at: library, versions: [("0.9.0", ungated), ("1.0.0", manifest)])
            for (version, refused) in [("1.0.0", false), ("0.9.0", true)] {
                let app = root + "/app-" + version
                appPackage(at: app, library: library, version: version)
                let outcome = swiftPackage(["show-dependencies"], at: app, root: root)
                #if os(Linux)
                #expect(outcome.error.contains("the target 'LiftLogKit' in product 'LiftLogKit' contains unsafe build flags") == refused,
                        "\(version): \(outcome.error)")
                #expect((outcome.status == 0) == !refused, "\(version): \(outcome.error)")
                #else
                #expect(outcome.status == 0, "\(version): \(outcome.error)")   // no flags on an Apple host
                #endif
                if !refused { #expect(outcome.output.contains("<\(library)@1.0.0>"), "\(outcome.output)") }
            }
        }
    }

    @Test("built on its own, the library takes the flags (on Linux)")
    func builtOnItsOwn() throws {
        try withTemporaryDirectory { root in
            let manifest = try dumpedManifest(root: root)
            let target = manifest["targets"]?.arrayValue?.first { $0["name"]?.stringValue == "LiftLogKit" }
            let settings = "\(target?["settings"] ?? .null)"
            #if os(Linux)
            #expect(settings.contains("-disable-concrete-type-metadata-mangled-name-accessors"), "\(settings)")
            #else
            #expect(!settings.contains("unsafeFlags"), "\(settings)")
            #endif
        }
    }

    @Test("the library products an app embeds carry no process code: LiftLogProcess is the tool's, the server's and the tests'")
    func noProcessCodeInTheLibrary() throws {
        try withTemporaryDirectory { root in
            let manifest = try dumpedManifest(root: root)
            var dependencies: [String: [String]] = [:]
            for target in manifest["targets"]?.arrayValue ?? [] {
                dependencies[target["name"]?.stringValue ?? ""] = (target["dependencies"]?.arrayValue ?? []).compactMap { $0["byName"]?.arrayValue?.first?.stringValue }
            }
            func closure(_ name: String) -> Set<String> { Set([name]).union((dependencies[name] ?? []).flatMap(closure)) }
            for product in ["LiftLogKit", "LiftLogFoundation", "LiftLogCatalog"] {
                #expect(!closure(product).contains("LiftLogProcess"), "\(product): \(closure(product).sorted())")
            }
            #expect(closure("liftlog").contains("LiftLogProcess"))
        }
    }

    @Test("the example app package (Examples/SpotterModel) builds on the library and its tests pass: a workout logged, the tool's set on the change stream, a held lock waited out off the main actor, errors in words")
    func examplePackage() throws {
        try withTemporaryDirectory { root in
            // Under a folder named as the package is, which the example names it by.
            let library = root + "/liftlog"
            makeDirectories(library + "/Examples")
            writeText(try #require(readText(repository + "/Package.swift")), to: library + "/Package.swift")
            copyTree(repository + "/Sources", to: library + "/Sources")
            copyTree(repository + "/Examples/SpotterModel", to: library + "/Examples/SpotterModel")
            let example = library + "/Examples/SpotterModel"
            let built = swiftPackage(["--build-tests"], at: example, root: root, tool: "build")
            #expect(built.status == 0, "\(built.output.suffix(3_000))\(built.error.suffix(3_000))")
            guard built.status == 0 else { return }
            let tested = swiftPackage(["--skip-build"], at: example, root: root, tool: "test", environment: ["LIFTLOG": liftlogBinary])
            #expect(tested.status == 0, "\(tested.output.suffix(3_000))\(tested.error.suffix(3_000))")
            #expect(tested.output.contains("Test run with 4 tests in 1 suite passed"), "\(tested.output.suffix(3_000))")
        }
    }
}
