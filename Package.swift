// swift-tools-version: 6.0
import PackageDescription

// On Linux the tools are fully static executables (linked with lld, which the toolchain ships):
// no dynamic loading at start-up, so they start several times faster (BENCHMARKS.md).
// LiftLogKit uses the C library, not Foundation, on Linux for the same reason.
let staticLinking: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux])),
]
let package = Package(
    name: "liftlog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LiftLogKit", targets: ["LiftLogKit"]),
        .library(name: "LiftLogCatalog", targets: ["LiftLogCatalog"]),
        .executable(name: "liftlog", targets: ["liftlog"]),
        .executable(name: "liftlog-bench", targets: ["liftlog-bench"]),
    ],
    targets: [
        // Models, on-disk format, storage, index, seeding, analytics: everything an app needs.
        .target(name: "LiftLogKit"),
        // The full exercise library (873 exercises, 750 KB), for apps that offer it and the CLI.
        .target(name: "LiftLogCatalog"),
        // The HTTP API of `liftlog serve`: an HTTP/1.1 server over POSIX sockets, thin over LiftLogKit.
        .target(name: "LiftLogServer", dependencies: ["LiftLogKit"]),
        // Argument parsing, help, output formatting and exit codes of the `liftlog` tool.
        .target(name: "LiftLogCLI", dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogServer"]),
        .executableTarget(
            name: "liftlog",
            dependencies: ["LiftLogCLI"],
            linkerSettings: staticLinking
        ),
        .executableTarget(
            name: "liftlog-bench",
            dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogServer"],
            linkerSettings: staticLinking
        ),
        // Temporary folders and file helpers shared by the test targets.
        .target(name: "LiftLogTestSupport", dependencies: ["LiftLogKit"], path: "Tests/LiftLogTestSupport"),
        .testTarget(name: "LiftLogKitTests", dependencies: ["LiftLogKit", "LiftLogCatalog", "LiftLogTestSupport"]),
        .testTarget(name: "LiftLogCLITests", dependencies: ["LiftLogCLI", "LiftLogKit", "LiftLogServer", "LiftLogTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
