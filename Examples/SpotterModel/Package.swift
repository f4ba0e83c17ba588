// swift-tools-version: 6.0
import PackageDescription

// The view-model layer of a workout app on LiftLogKit, as a SwiftUI app would hold it: built and
// tested from the repository's tests (Tests/LiftLogCLITests/ExamplePackageTests.swift).
let package = Package(
    name: "SpotterModel",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [.library(name: "SpotterModel", targets: ["SpotterModel"])],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "SpotterModel", dependencies: [
            .product(name: "LiftLogKit", package: "liftlog"),
            .product(name: "LiftLogFoundation", package: "liftlog"),
        ]),
        .testTarget(name: "SpotterModelTests", dependencies: ["SpotterModel"]),
    ],
    swiftLanguageModes: [.v6]
)
