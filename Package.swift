// swift-tools-version: 6.0
import PackageDescription

// On Linux the tools are fully static executables (linked with lld, which the toolchain ships):
// no dynamic loading at start-up, so they start several times faster (BENCHMARKS.md).
// LiftLogKit uses the C library, not Foundation, on Linux for the same reason.
let staticLinking: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux])),
]
// Each function in a section of its own, so that the order below can place it, and types'
// metadata made by direct calls rather than from mangled names (fewer searches of the binary's
// conformances at start-up): on the targets no library product contains.
let functionSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections",
    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(platforms: [.linux]))]
// The same for the library, but only when this package is built from a folder of its own (a
// clone, as the README builds it), not as another package's dependency: SwiftPM refuses a
// dependency's library product whose targets build unsafe flags, and it and Xcode keep
// dependencies in `checkouts/NAME` (from git) or `registry/...` (from a registry). Never on an
// Apple host, where apps embed the library. (Tests/LiftLogCLITests/PackageManifestTests.swift
// depends on the library by version from an app's package.)
#if os(Linux)
let builtOnItsOwn = !Context.packageDirectory.split(separator: "/").contains { $0 == "checkouts" || $0 == "registry" }
#else
let builtOnItsOwn = false
#endif
let librarySections = builtOnItsOwn ? functionSections : []
// The functions the everyday commands run, placed together at the start of liftlog's code, and
// the variables they touch at the start of its data, so that a short command maps a few dozen
// pages of code rather than pages spread over 9 MB, and writes a few pages of variables
// (scripts/startup-order.sh writes the list; a name no longer in the binary is skipped).
let startupOrder: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/liftlog/startup.order",
                  "-Xlinker", "--no-warn-symbol-ordering"], .when(platforms: [.linux])),
]

let package = Package(
    name: "liftlog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LiftLogKit", targets: ["LiftLogKit"]),
        .library(name: "LiftLogCatalog", targets: ["LiftLogCatalog"]),
        .library(name: "LiftLogFoundation", targets: ["LiftLogFoundation"]),
        .executable(name: "liftlog", targets: ["liftlog"]),
        .executable(name: "liftlog-bench", targets: ["liftlog-bench"]),
    ],
    targets: [
        // Models, on-disk format, storage, index, seeding, analytics: everything an app needs.
        .target(name: "LiftLogKit", dependencies: ["CLiftLogSystem"], swiftSettings: librarySections),
        // The one system call the C library does not declare to Swift: swapping two files.
        .target(name: "CLiftLogSystem"),
        // Starting programs and signals, for the tool, its server, the benchmark and the tests;
        // never in the library (Apple forbids spawning processes on watchOS and tvOS).
        .target(name: "LiftLogProcess", dependencies: ["LiftLogKit"], swiftSettings: functionSections),
        // What an app on Foundation expects: errors as LocalizedError, Date for Timestamp and
        // LocalDate. The tool does without it (no Foundation in its start-up on Linux).
        .target(name: "LiftLogFoundation", dependencies: ["LiftLogKit"]),
        // The full exercise library (873 exercises, 750 KB), for apps that offer it and the CLI.
        .target(name: "LiftLogCatalog"),
        // The HTTP API of `liftlog serve`: an HTTP/1.1 server over POSIX sockets, thin over LiftLogKit.
        .target(name: "LiftLogServer", dependencies: ["LiftLogKit", "LiftLogProcess"], swiftSettings: functionSections),
        // Argument parsing, help, output formatting and exit codes of the `liftlog` tool.
        .target(name: "LiftLogCLI", dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogServer", "LiftLogProcess"],
                swiftSettings: functionSections),
        .executableTarget(
            name: "liftlog",
            dependencies: ["LiftLogCLI"],
            exclude: ["startup.order"],
            linkerSettings: staticLinking + startupOrder
        ),
        .executableTarget(
            name: "liftlog-bench",
            dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogServer", "LiftLogProcess"],
            linkerSettings: staticLinking
        ),
        // Temporary folders, file helpers, child processes and a `liftlog serve` to talk to,
        // shared by the test targets.
        .target(name: "LiftLogTestSupport", dependencies: ["LiftLogKit", "LiftLogServer", "LiftLogProcess"], path: "Tests/LiftLogTestSupport"),
        .testTarget(name: "LiftLogKitTests", dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogFoundation", "LiftLogTestSupport"]),
        .testTarget(name: "LiftLogCLITests", dependencies: ["LiftLogCLI", "LiftLogKit", "LiftLogCatalog", "LiftLogServer", "LiftLogTestSupport"]),
        // The HTTP server: its parts, its endpoints, hostile clients, and the web app in a browser.
        .testTarget(name: "LiftLogServerTests", dependencies: ["LiftLogKit", "LiftLogServer", "LiftLogTestSupport"]),
        // The seed API's own client (its types, decoded with Foundation's JSONDecoder as it
        // decodes them) against a real `liftlog serve`, endpoint by endpoint.
        .testTarget(name: "SeedClientTests", dependencies: ["LiftLogKit", "LiftLogTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "CLiftLogSystem" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
