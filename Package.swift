// swift-tools-version: 6.1
//
// ClipKit — privacy-first deferred deep links for iOS App Clips.
//
// Module map (see README.md, "Layout"): what ships inside a clip or an app extension
// (ClipKit, ClipWebBridge, ClipNostr, ClipNotifications) depends on Foundation and swift-crypto only;
// tooling (ClipSite, ClipServer, ClipDoctor, ClipKitCLI) may depend on more.
//
// Signatures: ClipNostr verifies BIP-340 with its own pure-Swift verifier on every platform. On Linux
// the `Libsecp256k1` trait (on by default) also links the system's libsecp256k1 as a faster backend
// for tooling; `--disable-default-traits` builds without any C library, as an Apple clip is built.
//
// Platforms (see README.md, "Requirements and platforms"): every shipped module builds for iOS 15
// and macOS 13. The Nostr relay fetch in ClipNostr and the driver-share clip in ClipNostrUI use
// the standard library's clocks and are marked @available(iOS 16.0, *); a clip on that flow sets
// its deployment target (and the manifest's clip.minimumIOS) to 16.0. Tooling needs macOS 13 or Linux.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ClipKit",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "ClipKit", targets: ["ClipKit"]),
        .library(name: "ClipWebBridge", targets: ["ClipWebBridge"]),
        .library(name: "ClipNostr", targets: ["ClipNostr"]),
        .library(name: "ClipNostrWebSocket", targets: ["ClipNostrWebSocket"]),
        .library(name: "ClipNotifications", targets: ["ClipNotifications"]),
        .library(name: "ClipKitUI", targets: ["ClipKitUI"]),
        .library(name: "ClipNostrUI", targets: ["ClipNostrUI"]),
        .library(name: "ClipWebBridgeUI", targets: ["ClipWebBridgeUI"]),
        // Bluesky's preset, linked by Bluesky's clip only (see Examples/bluesky/README.md).
        .library(name: "BlueskyKit", targets: ["BlueskyKit"]),
        .library(name: "ClipSite", targets: ["ClipSite"]),
        // Tooling libraries, so the fuzz package (fuzz/) can reach the readers it fuzzes; apps never link them.
        .library(name: "ClipDoctor", targets: ["ClipDoctor"]),
        .library(name: "ClipServer", targets: ["ClipServer"]),
        .executable(name: "clipkit", targets: ["clipkit"]),
    ],
    traits: [
        .trait(
            name: "Libsecp256k1",
            description: "On Linux, link the system's libsecp256k1 (pkg-config) as the fastest signature backend."
        ),
        .default(enabledTraits: ["Libsecp256k1"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: Shipped inside clips and apps
        .target(
            name: "ClipKit",
            swiftSettings: strictSwift
        ),
        // Goes into clips that show web content (and their apps): Foundation and ClipKit only.
        .target(
            name: "ClipWebBridge",
            dependencies: ["ClipKit"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipNostr",
            dependencies: [
                "ClipKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .target(name: "CSecp256k1", condition: .when(platforms: [.linux], traits: ["Libsecp256k1"])),
            ],
            swiftSettings: strictSwift
        ),
        // The relay transport for Linux, macOS and tooling (WebSocket over TCP or TLS on SwiftNIO);
        // Apple clips use URLSession's WebSocket task from ClipNostr and never link NIO.
        .target(
            name: "ClipNostrWebSocket",
            dependencies: [
                "ClipNostr",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux, .macOS])),
            ],
            swiftSettings: strictSwift
        ),
        .systemLibrary(
            name: "CSecp256k1",
            pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]
        ),
        // Ships inside a notification service extension: Foundation only.
        .target(
            name: "ClipNotifications",
            swiftSettings: strictSwift
        ),
        // What every clip and app shows around a deferred deep link: invocations, the install
        // promotion, the onboarding decision. ClipKit only; a clip adds its flow's module below.
        .target(
            name: "ClipKitUI",
            dependencies: ["ClipKit"],
            swiftSettings: strictSwift
        ),
        // The driver-share flow (RoadFlare): the only UI module that links ClipNostr and libsecp256k1.
        .target(
            name: "ClipNostrUI",
            dependencies: ["ClipKitUI", "ClipKit", "ClipNostr"],
            swiftSettings: strictSwift
        ),
        // The web-bridge flow (Bluesky): the only UI module that links ClipWebBridge.
        .target(
            name: "ClipWebBridgeUI",
            dependencies: ["ClipKitUI", "ClipKit", "ClipWebBridge"],
            swiftSettings: strictSwift
        ),

        // MARK: Presets of the reference apps: what one app chose, kept with its example; no other clip links them.
        // Bluesky's starter-pack payload and URI check, its onboarding rule and the legacy write its
        // React Native app reads.
        .target(
            name: "BlueskyKit",
            dependencies: ["ClipKit", "ClipKitUI", "ClipWebBridge", "ClipWebBridgeUI"],
            path: "Examples/bluesky/BlueskyKit",
            swiftSettings: strictSwift
        ),

        // MARK: Tooling
        .target(
            name: "ClipSite",
            dependencies: [
                "ClipKit",
                "ClipNostr",
                "ClipNostrWebSocket",
                .product(name: "Mustache", package: "swift-mustache"),
                // ES256 tokens for the App Store Connect API.
                .product(name: "Crypto", package: "swift-crypto"),
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
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipDoctor",
            dependencies: [
                "ClipKit",
                "ClipNostr",
                "ClipSite",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipSimulation",
            dependencies: [
                "ClipKit", "ClipNostr", "ClipNostrWebSocket", "ClipSite", "ClipKitUI", "ClipNostrUI", "ClipWebBridgeUI",
                "ClipServer", "ClipWebBridge", "ClipLoopback",
            ],
            swiftSettings: strictSwift
        ),
        // Loopback helpers that the demo, the tests and the benchmarks share: a free port, a port
        // probe, and a real nostr-relay on a loopback port. Tooling only; not a product.
        .target(
            name: "ClipLoopback",
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipKitCLI",
            dependencies: [
                "ClipKit",
                "ClipWebBridge",
                "ClipNostr",
                "ClipNostrWebSocket",
                "ClipNotifications",
                "ClipSite",
                "ClipDoctor",
                "ClipSimulation",
                "ClipServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "clipkit",
            dependencies: ["ClipKitCLI"],
            swiftSettings: strictSwift
        ),

        // MARK: Benchmarks (build with -c release)
        .executableTarget(
            name: "badge-counter-benchmark",
            dependencies: ["ClipNotifications"],
            path: "bench/BadgeCounter",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "clipdoctor-bench",
            dependencies: ["ClipDoctor"],
            path: "bench/doctor",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "aasa-match-bench",
            dependencies: ["ClipSite"],
            path: "bench/AASAMatchBench",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "nostr-verify-bench",
            dependencies: [
                "ClipNostr",
                .target(name: "CSecp256k1", condition: .when(platforms: [.linux], traits: ["Libsecp256k1"])),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "bench/NostrVerify",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "signed-link-bench",
            dependencies: ["ClipKit", "ClipKitUI", "ClipNostr", "ClipNostrUI", "ClipNostrWebSocket"],
            path: "bench/SignedLink",
            exclude: ["run.py", "sizes.py"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-baseline",
            path: "bench/SizeProbe/Baseline",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-crypto",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: "bench/SizeProbe/Crypto",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-kit",
            dependencies: ["ClipKit"],
            path: "bench/SizeProbe/Kit",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-web-bridge",
            dependencies: ["ClipKit", "ClipWebBridge"],
            path: "bench/SizeProbe/WebBridge",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-nostr",
            dependencies: ["ClipKit", "ClipNostr"],
            path: "bench/SizeProbe/Nostr",
            swiftSettings: strictSwift
        ),

        // MARK: Tests
        .target(
            name: "ClipTestSupport",
            dependencies: ["ClipKit", "ClipLoopback"],
            path: "Tests/ClipTestSupport",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "HandoffRaceClaimer",
            dependencies: ["ClipKit"],
            path: "Tests/HandoffRaceClaimer",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitTests",
            dependencies: ["ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipWebBridgeTests",
            dependencies: ["ClipWebBridge", "ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNostrTests",
            dependencies: [
                "ClipNostr", "ClipNostrWebSocket", "ClipKit", "ClipLoopback", "ClipTestSupport",
                // The hostile test relay: a small WebSocket server on NIO.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipLoopbackTests",
            dependencies: ["ClipLoopback"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitUITests",
            dependencies: ["ClipKitUI", "ClipKit", "ClipNostr", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNostrUITests",
            dependencies: ["ClipNostrUI", "ClipKitUI", "ClipKit", "ClipNostr", "ClipNostrWebSocket", "ClipLoopback", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipWebBridgeUITests",
            dependencies: ["ClipWebBridgeUI", "ClipKitUI", "ClipKit", "ClipWebBridge", "ClipNostr", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "BlueskyKitTests",
            dependencies: ["BlueskyKit", "ClipWebBridgeUI", "ClipKitUI", "ClipKit", "ClipWebBridge", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipSiteTests",
            dependencies: [
                "ClipSite", "ClipKit", "ClipNostr", "ClipLoopback", "ClipTestSupport",
                // Checks the App Store Connect tokens' signatures in the API stand-in.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipDoctorTests",
            dependencies: [
                "ClipDoctor", "ClipKit", "ClipNostr", "ClipSite", "ClipLoopback", "ClipTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipSimulationTests",
            dependencies: ["ClipSimulation", "ClipKitUI", "ClipNostrUI", "ClipKit", "ClipNostr", "ClipWebBridge", "ClipLoopback", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipServerTests",
            dependencies: ["ClipServer", "ClipSite", "ClipKit", "ClipNostr", "ClipLoopback", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitCLITests",
            dependencies: ["ClipKitCLI", "ClipKit", "ClipKitUI", "ClipWebBridge", "ClipLoopback", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        // Runs scripts/check-apple-glue's negative control (it compiles with swiftc; it links nothing of ours).
        .testTarget(
            name: "AppleGlueCheckTests",
            dependencies: ["ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNotificationsTests",
            dependencies: ["ClipNotifications", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
