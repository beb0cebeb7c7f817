// swift-tools-version: 6.1
//
// ClipKit — privacy-first deferred deep links for iOS App Clips.
//
// Module map (see docs/ARCHITECTURE.md): what ships inside a clip or an app extension
// (ClipKit, ClipNostr, ClipNotifications) depends on Foundation and swift-crypto only;
// tooling (ClipSite, ClipServer, ClipDoctor, ClipKitCLI) may depend on more.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ClipKit",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "ClipKit", targets: ["ClipKit"]),
        .library(name: "ClipSite", targets: ["ClipSite"]),
        .executable(name: "clipkit", targets: ["clipkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // MARK: Shipped inside clips and apps
        .target(
            name: "ClipKit",
            swiftSettings: strictSwift
        ),

        // MARK: Tooling
        .target(
            name: "ClipSite",
            dependencies: [
                "ClipKit",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipServer",
            dependencies: [
                "ClipKit",
                "ClipSite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipKitCLI",
            dependencies: [
                "ClipKit",
                "ClipSite",
                "ClipServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "clipkit",
            dependencies: ["ClipKitCLI"],
            swiftSettings: strictSwift
        ),

        // MARK: Benchmarks (swift run -c release <name>)
        .executableTarget(
            name: "aasa-match-bench",
            dependencies: ["ClipSite"],
            path: "bench/AASAMatchBench",
            swiftSettings: strictSwift
        ),

        // MARK: Tests
        .target(
            name: "ClipTestSupport",
            path: "Tests/ClipTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitTests",
            dependencies: ["ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipSiteTests",
            dependencies: ["ClipSite", "ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipServerTests",
            dependencies: ["ClipServer", "ClipSite", "ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitCLITests",
            dependencies: ["ClipKitCLI", "ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
