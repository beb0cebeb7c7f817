// swift-tools-version: 6.1
//
// ClipKit — privacy-first deferred deep links for iOS App Clips.
//
// This is the package apps depend on: only what goes into a clip, an app or an app extension.
// It depends on swift-crypto alone. The tooling (the `clipkit` command, the link-domain server and
// site, the doctor, the simulator, the loopback test helpers and the tooling benchmarks) is a second
// package in `Tooling/`, which depends on this one by path; an app never resolves it.
//
// Module map (see README.md, "Layout"): ClipKit is the base; ClipWebBridge, ClipNostr and
// ClipNotifications add one flow each; ClipKitUI, ClipNostrUI and ClipWebBridgeUI are the SwiftUI
// side. ClipNotifications ships in a notification service extension and depends on Foundation only.
//
// Signatures: ClipNostr verifies BIP-340 with its own pure-Swift verifier on every platform. On Linux
// the `Libsecp256k1` trait (on by default) also links the system's libsecp256k1 as a faster backend
// for tooling; `--disable-default-traits` builds without any C library, as an Apple clip is built.
//
// Platforms (see README.md, "Requirements and platforms"): every module builds for iOS 15 and
// macOS 13. The Nostr relay fetch in ClipNostr and the driver-share clip in ClipNostrUI use the
// standard library's clocks and are marked @available(iOS 16.0, *); a clip on that flow sets its
// deployment target (and the manifest's clip.minimumIOS) to 16.0.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ClipKit",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "ClipKit", targets: ["ClipKit"]),
        // clipkit.json read and checked at run time: for tools, and for targets that do not compile
        // their manifest with the plugin. A clip that does links none of it.
        .library(name: "ClipManifestReader", targets: ["ClipManifestReader"]),
        .library(name: "ClipWebBridge", targets: ["ClipWebBridge"]),
        .library(name: "ClipNostr", targets: ["ClipNostr"]),
        .library(name: "ClipNotifications", targets: ["ClipNotifications"]),
        .library(name: "ClipKitUI", targets: ["ClipKitUI"]),
        .library(name: "ClipNostrUI", targets: ["ClipNostrUI"]),
        .library(name: "ClipWebBridgeUI", targets: ["ClipWebBridgeUI"]),
        // The keychain handoff for secrets, the Sign in with Apple handoff and ephemeral notifications;
        // ClipKit only. A clip that needs none of them does not link it.
        .library(name: "ClipServices", targets: ["ClipServices"]),
        // clipkit.json checked on every build and compiled into typed Swift: the build-tool plugin an
        // app or clip target adopts in one line, and the generation library it runs (through a small
        // executable) and `clipkit generate swift` calls. Both depend on ClipKit alone.
        .plugin(name: "ClipKitManifestPlugin", targets: ["ClipKitManifestPlugin"]),
        .library(name: "ClipKitGeneration", targets: ["ClipKitGeneration"]),
        // QR codes and NFC NDEF messages for invocation URLs; no dependency at all. `clipkit codes`
        // uses it, and an app can link it to make codes on the device. No clip module links it.
        .library(name: "ClipCodes", targets: ["ClipCodes"]),
    ],
    traits: [
        .trait(
            name: "Libsecp256k1",
            description: "On Linux, link the system's libsecp256k1 (pkg-config) as the fastest signature backend."
        ),
        .default(enabledTraits: ["Libsecp256k1"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(
            name: "ClipKit",
            swiftSettings: strictSwift
        ),
        // The run-time manifest reader and checker (ManifestLoader, ManifestValidator, the runtime
        // from a manifest file or the bundle). Kept out of ClipKit so that a clip whose manifest the
        // plugin compiled does not carry it (BENCHMARKS.md, "What ClipKit + ClipNostr add to a binary").
        .target(
            name: "ClipManifestReader",
            dependencies: ["ClipKit"],
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
        .systemLibrary(
            name: "CSecp256k1",
            pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]
        ),
        // Ships inside a notification service extension: Foundation only. Linking ClipKit for its
        // JSON value would more than double what the extension carries of ours (BENCHMARKS.md,
        // "What ClipNotifications adds to a notification extension"), so PayloadValue stays a copy.
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
        // The driver-share flow (RoadFlare): the only UI module that links ClipNostr.
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

        // Secrets through the keychain (iOS 15.4+), the Sign in with Apple handoff, ephemeral
        // notifications: portable models plus Security, AuthenticationServices and UserNotifications glue.
        .target(
            name: "ClipServices",
            dependencies: ["ClipKit"],
            swiftSettings: strictSwift
        ),

        // QR codes (ISO/IEC 18004), PNG and SVG without an image library, NDEF URI messages.
        .target(
            name: "ClipCodes",
            swiftSettings: strictSwift
        ),

        // MARK: The manifest plugin: the generation library, the generator it runs, the plugin
        .target(
            name: "ClipKitGeneration",
            dependencies: ["ClipKit", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "clipkit-generate-swift",
            dependencies: ["ClipKitGeneration"],
            swiftSettings: strictSwift
        ),
        .plugin(
            name: "ClipKitManifestPlugin",
            capability: .buildTool(),
            dependencies: ["clipkit-generate-swift"]
        ),

        // MARK: Presets of the reference apps: what one app chose, kept with its example; no other clip links them.
        // Bluesky's starter-pack payload and URI check, its onboarding rule and the legacy write its
        // React Native app reads. A target here only so that its tests (BlueskyKitTests) and the
        // Apple check build it; not a product: Bluesky's clip compiles it from its folder in the
        // example's own package (scripts/apple_examples_package.py).
        .target(
            name: "BlueskyKit",
            dependencies: ["ClipKit", "ClipKitUI", "ClipWebBridge", "ClipWebBridgeUI"],
            path: "Examples/bluesky/BlueskyKit",
            swiftSettings: strictSwift
        ),

        // MARK: Benchmarks and size probes of the shipped modules (build with -c release)
        .executableTarget(
            name: "badge-counter-benchmark",
            dependencies: ["ClipNotifications"],
            path: "bench/BadgeCounter",
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
            name: "qr-codes-bench",
            dependencies: ["ClipCodes"],
            path: "bench/QRCodes",
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
            dependencies: ["ClipKit", "ClipManifestReader"],
            path: "bench/SizeProbe/Kit",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-web-bridge",
            dependencies: ["ClipKit", "ClipWebBridge", "ClipManifestReader"],
            path: "bench/SizeProbe/WebBridge",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-notifications",
            dependencies: ["ClipNotifications"],
            path: "bench/SizeProbe/Notifications",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "size-probe-nostr",
            dependencies: ["ClipKit", "ClipNostr", "ClipManifestReader"],
            path: "bench/SizeProbe/Nostr",
            swiftSettings: strictSwift
        ),
        // The same job with the configuration the manifest plugin compiles from clipkit.json.
        .executableTarget(
            name: "size-probe-nostr-generated",
            dependencies: ["ClipKit", "ClipNostr"],
            path: "bench/SizeProbe/NostrGenerated",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        // Launch probes (bench/clip-launch.sh): the RoadFlare clip from process start to its first screen's data.
        .executableTarget(
            name: "launch-probe-roadflare",
            dependencies: ["ClipKit", "ClipKitUI", "ClipNostr"],
            path: "bench/ClipLaunch/RoadFlare",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        // The coffee shop's clip, through ClipKitUI's ClipSession, from process start to its table screen's data.
        .executableTarget(
            name: "launch-probe-coffee-shop",
            dependencies: ["ClipKit", "ClipKitUI"],
            path: "bench/ClipLaunch/CoffeeShop",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        // The Foundation-only process the launch probes are measured against: parses the URL, exits.
        .executableTarget(
            name: "launch-probe-baseline",
            path: "bench/ClipLaunch/Baseline",
            swiftSettings: strictSwift
        ),
        // The same plus URLSession, which ClipNostr links (on Linux, FoundationNetworking loads libcurl at start).
        .executableTarget(
            name: "launch-probe-baseline-networking",
            path: "bench/ClipLaunch/BaselineNetworking",
            swiftSettings: strictSwift
        ),

        // MARK: Tests (the tooling's, and the relay transport's, are in Tooling/Tests)
        // The examples' manifests compiled by the manifest plugin, each into a module of its own, for
        // the differential tests of the generated routers against the run-time router.
        .target(
            name: "RoadFlareRoutes",
            dependencies: ["ClipKit", "ClipNostr"],
            path: "Tests/GeneratedRoutes/RoadFlare",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        .target(
            name: "BlueskyRoutes",
            dependencies: ["ClipKit"],
            path: "Tests/GeneratedRoutes/Bluesky",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        .target(
            name: "CoffeeShopRoutes",
            dependencies: ["ClipKit"],
            path: "Tests/GeneratedRoutes/CoffeeShop",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        .target(
            name: "FoodTruckRoutes",
            dependencies: ["ClipKit"],
            path: "Tests/GeneratedRoutes/FoodTruck",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        .target(
            name: "TicketingRoutes",
            dependencies: ["ClipKit"],
            path: "Tests/GeneratedRoutes/Ticketing",
            swiftSettings: strictSwift,
            plugins: ["ClipKitManifestPlugin"]
        ),
        // The helpers the test suites share; the tooling package compiles the same files into a
        // target of its own (Tooling/Tests/ClipTestSupport), so this is no product an app would see.
        .target(
            name: "ClipTestSupport",
            dependencies: ["ClipKit"],
            path: "Tests/ClipTestSupport",
            swiftSettings: strictSwift
        ),
        // The claimer process of the cross-process handoff tests: the App Group store's and the
        // keychain handoff's.
        .executableTarget(
            name: "HandoffRaceClaimer",
            dependencies: ["ClipKit", "ClipServices", "KeychainTestDouble"],
            path: "Tests/HandoffRaceClaimer",
            swiftSettings: strictSwift
        ),
        // A file-backed stand-in for the keychain (Linux has none), shared by ClipServicesTests and
        // the race claimer.
        .target(
            name: "KeychainTestDouble",
            dependencies: ["ClipServices", "ClipKit"],
            path: "Tests/KeychainTestDouble",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipServicesTests",
            dependencies: ["ClipServices", "ClipKit", "KeychainTestDouble", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitTests",
            dependencies: ["ClipKit", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipManifestReaderTests",
            dependencies: ["ClipManifestReader", "ClipKit", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipWebBridgeTests",
            dependencies: ["ClipWebBridge", "ClipKit", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNostrTests",
            dependencies: ["ClipNostr", "ClipKit", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitUITests",
            dependencies: ["ClipKitUI", "ClipKit", "ClipNostr", "ClipTestSupport", "ClipManifestReader", "CoffeeShopRoutes", "TicketingRoutes"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNostrUITests",
            dependencies: ["ClipNostrUI", "ClipKitUI", "ClipKit", "ClipNostr", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipWebBridgeUITests",
            dependencies: ["ClipWebBridgeUI", "ClipKitUI", "ClipKit", "ClipWebBridge", "ClipNostr", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "BlueskyKitTests",
            dependencies: ["BlueskyKit", "ClipWebBridgeUI", "ClipKitUI", "ClipKit", "ClipWebBridge", "ClipTestSupport", "ClipManifestReader"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitGenerationTests",
            dependencies: [
                "ClipKitGeneration", "ClipKit", "ClipNostr", "ClipTestSupport",
                "RoadFlareRoutes", "BlueskyRoutes", "CoffeeShopRoutes", "FoodTruckRoutes", "TicketingRoutes", "ClipManifestReader",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNotificationsTests",
            dependencies: ["ClipNotifications", "ClipTestSupport"],
            swiftSettings: strictSwift
        ),
        // Every public error type of Sources/, found by reading the sources, is a LocalizedError.
        .testTarget(
            name: "PublicErrorTests",
            dependencies: [
                "ClipKit", "ClipManifestReader", "ClipKitGeneration", "ClipWebBridge", "ClipKitUI", "ClipWebBridgeUI",
                "ClipNostr", "ClipNostrUI", "ClipNotifications", "ClipCodes", "ClipServices", "ClipTestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipCodesTests",
            dependencies: ["ClipCodes", "ClipTestSupport", "ClipKit", "ClipManifestReader", "ClipNostr"],
            swiftSettings: strictSwift
        ),
        // Runs scripts/check-apple-glue's negative control (it compiles with swiftc; it links nothing of ours).
        .testTarget(
            name: "AppleGlueCheckTests",
            dependencies: ["ClipTestSupport"],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
