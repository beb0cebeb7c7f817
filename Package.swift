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
        .library(name: "ClipKitUI", targets: ["ClipKitUI"]),
        .executable(name: "clipkit", targets: ["clipkit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: Shipped inside clips and apps
        .target(
            name: "ClipKit",
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipKitUI",
            dependencies: ["ClipKit"],
            swiftSettings: strictSwift
        ),

        // MARK: Tooling
        .target(
            name: "ClipKitCLI",
            dependencies: [
                "ClipKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "clipkit",
            dependencies: ["ClipKitCLI"],
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
            name: "ClipKitUITests",
            dependencies: ["ClipKitUI", "ClipKit", "ClipTestSupport"],
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
