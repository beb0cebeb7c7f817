// swift-tools-version: 6.1
//
// ClipKit's tooling: the `clipkit` command and the libraries behind it, which no app links.
//
// It depends on the ClipKit package one folder up by path, so it always builds against the clip
// modules of the same checkout. Everything that needs more than swift-crypto lives here: SwiftNIO
// (the relay transport for Linux and macOS, the link-domain server), Hummingbird, Mustache,
// ZIPFoundation, ArgumentParser. An app that adds ClipKit resolves none of them.
//
// Module map: ClipAASA (the AASA engine: validate, match, generate, the CDN check) depends on
// ClipKit alone, and ClipAppStoreConnect (experiences, header images, domain statuses, and the Local
// Experiences to register on a device, with ClipAASA's sample URLs) on ClipKit, ClipAASA and swift-crypto, so the doctor, which uses both, links no NIO, Mustache or libsecp256k1.
// ClipSite renders the link domain (pages, static export); ClipServer serves it; ClipDoctor checks a clip
// before App Review; ClipSimulation runs the flows end to end; ClipKitCLI is the command.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The commit `clipkit --version` names: `CLIPKIT_BUILD_COMMIT` from the environment, which
/// `scripts/install` sets (hexadecimal, perhaps with `-dirty`); a build without it names none.
let buildCommit: [CSetting] = {
    guard let commit = Context.environment["CLIPKIT_BUILD_COMMIT"], !commit.isEmpty, commit.count <= 64,
          commit.allSatisfy({ $0.isHexDigit || $0 == "-" || ("a"..."z").contains($0) })
    else { return [] }
    return [.define("CLIPKIT_BUILD_COMMIT", to: commit)]
}()

/// The JavaScript files of ClipSite that its pages carry inline, embedded in the module's code
/// (`PackageResources.link_profile_js`, `PackageResources.client_router_js`). fuzz/Package.swift,
/// which compiles ClipSite from the same files, declares the same.
let clipSiteScripts: [Resource] = [
    .embedInCode("SharePages/link-profile.js"),
    .embedInCode("StaticExport/client-router.js"),
]

/// A product of the ClipKit package (the clip modules, one folder up).
func clipKit(_ product: String) -> Target.Dependency { .product(name: product, package: "ClipKit") }

let package = Package(
    name: "ClipKitTooling",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "clipkit", targets: ["clipkit"]),
        // The two libraries someone outside links (README.md, "The command line"): the relay
        // transport a Linux or macOS program needs for ClipNostr's relay pool, and the AASA engine.
        // Every other module shares its declarations with the command and the tests at `package`
        // access (scripts/dev/tooling-access rewrites them).
        .library(name: "ClipNostrWebSocket", targets: ["ClipNostrWebSocket"]),
        .library(name: "ClipAASA", targets: ["ClipAASA"]),
    ],
    dependencies: [
        .package(name: "ClipKit", path: ".."),
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
        // The relay transport for Linux, macOS and tooling (WebSocket over TCP or TLS on SwiftNIO);
        // Apple clips use URLSession's WebSocket task from ClipNostr and never link NIO.
        .target(
            name: "ClipNostrWebSocket",
            dependencies: [
                clipKit("ClipNostr"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift
        ),
        // What every `--json` report shares: the diagnostic shape (`Finding`), the error object,
        // and the descriptions the reports' JSON Schemas are generated from. ClipKit only.
        .target(
            name: "ClipReports",
            dependencies: [clipKit("ClipKit")],
            swiftSettings: strictSwift
        ),
        // The AASA engine: Foundation, ClipKit and its manifest reader only (and the report shapes).
        .target(
            name: "ClipAASA",
            dependencies: [clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipReports"],
            swiftSettings: strictSwift
        ),
        // The App Store Connect API: advanced App Clip experiences and the App Clip domain statuses.
        // ClipKit and swift-crypto (ES256 tokens, MD5 upload checksums) only.
        .target(
            name: "ClipAppStoreConnect",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipReports", "ClipAASA",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipSite",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipManifestReader"),
                clipKit("ClipNostr"),
                "ClipAASA",
                "ClipNostrWebSocket",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The scripts the pages carry, linted and tested under Node as the files they are, and
            // compiled into the module (`PackageResources`): the installed `clipkit` is one file.
            resources: clipSiteScripts,
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipServer",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipManifestReader"),
                "ClipNostrWebSocket", "ClipSite",
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
                clipKit("ClipKit"), clipKit("ClipManifestReader"),
                "ClipAASA", "ClipReports",
                "ClipAppStoreConnect",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        // `clipkit codes`: the invocation URLs of a route's values or the manifest's places, each
        // checked against the router and the experiences plan, made into QR codes, NDEF messages
        // and printable sheets with ClipCodes.
        .target(
            name: "ClipCodeMaker",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipCodes"),
                "ClipAppStoreConnect", "ClipDoctor", "ClipSite", "ClipReports",
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipSimulation",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), clipKit("ClipKitUI"), clipKit("ClipNostrUI"),
                clipKit("ClipWebBridgeUI"), clipKit("ClipWebBridge"),
                "ClipNostrWebSocket", "ClipSite", "ClipServer", "ClipLoopback", "ClipReports",
            ],
            swiftSettings: strictSwift
        ),
        // Loopback helpers that the demo, the tests and the benchmarks share: a free port, a port
        // probe, and a real nostr-relay on a loopback port. Not a product.
        .target(
            name: "ClipLoopback",
            swiftSettings: strictSwift
        ),
        // The commit the tool was built from, for `clipkit --version`.
        .target(
            name: "CClipKitBuildInfo",
            cSettings: buildCommit
        ),
        .target(
            name: "ClipKitCLI",
            dependencies: [
                "CClipKitBuildInfo", "ClipReports",
                clipKit("ClipKit"), clipKit("ClipManifestReader"),
                clipKit("ClipKitGeneration"),
                clipKit("ClipWebBridge"),
                clipKit("ClipNostr"),
                clipKit("ClipNotifications"),
                "ClipNostrWebSocket",
                "ClipAASA",
                "ClipAppStoreConnect",
                "ClipSite",
                "ClipDoctor",
                "ClipSimulation",
                "ClipServer",
                "ClipCodeMaker", clipKit("ClipCodes"),
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

        // MARK: Benchmarks of the tooling (build with -c release; scripts in ../bench)
        .executableTarget(
            name: "clipdoctor-bench",
            dependencies: ["ClipDoctor", "ClipReports"],
            path: "Benchmarks/ClipDoctorBench",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "aasa-match-bench",
            dependencies: ["ClipAASA"],
            path: "Benchmarks/AASAMatchBench",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "signed-link-bench",
            dependencies: [clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipKitUI"), clipKit("ClipNostr"), clipKit("ClipNostrUI"), "ClipNostrWebSocket"],
            path: "Benchmarks/SignedLink",
            exclude: ["run.py", "sizes.py"],
            swiftSettings: strictSwift
        ),

        // MARK: Tests
        // The helpers every test suite shares: the root package's Tests/ClipTestSupport, compiled
        // here from the same files (Tests/ClipTestSupport/Shared is a symbolic link to that folder),
        // so the root package need not export them as a product that apps would see.
        .target(
            name: "ClipTestSupport",
            dependencies: [clipKit("ClipKit")],
            path: "Tests/ClipTestSupport",
            swiftSettings: strictSwift
        ),
        .target(
            name: "ClipToolingTestSupport",
            dependencies: [
                clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), "ClipTestSupport", "ClipLoopback",
                // The App Store Connect API stand-in checks tokens' signatures and uploads' MD5.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/ClipToolingTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipNostrWebSocketTests",
            dependencies: [
                clipKit("ClipNostr"), clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipKitUI"), clipKit("ClipNostrUI"), "ClipTestSupport",
                "ClipNostrWebSocket", "ClipLoopback", "ClipToolingTestSupport",
                // The share-page provider, for the test that the clip, the server and the command
                // line read one lookup the same way.
                "ClipSite",
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
            name: "ClipAASATests",
            dependencies: ["ClipAASA", "ClipReports", clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipTestSupport", "ClipToolingTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipSiteTests",
            dependencies: [
                "ClipSite", "ClipAASA", clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), "ClipLoopback",
                "ClipTestSupport", "ClipToolingTestSupport",
                // The SHA-256 of the share-page script, for its Content-Security-Policy hash.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipAppStoreConnectTests",
            dependencies: [
                "ClipAppStoreConnect", clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipTestSupport", "ClipToolingTestSupport",
                // Makes the P-256 keys of the App Store Connect tests.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipDoctorTests",
            dependencies: [
                "ClipDoctor", "ClipAASA", "ClipAppStoreConnect", "ClipReports", clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), "ClipLoopback",
                "ClipTestSupport", "ClipToolingTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipSimulationTests",
            dependencies: [
                "ClipSimulation", clipKit("ClipKitUI"), clipKit("ClipNostrUI"), clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), clipKit("ClipWebBridge"),
                "ClipLoopback", "ClipTestSupport", "ClipToolingTestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipServerTests",
            dependencies: [
                "ClipServer", "ClipSite", "ClipAASA", clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), "ClipLoopback",
                "ClipTestSupport", "ClipToolingTestSupport",
                // Request heads in both forms the server reads them in (the fast path's NIOHTTP1, and
                // swift-http-types', which Hummingbird hands on), and socket addresses for the connection gate.
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ClipKitCLITests",
            dependencies: [
                "ClipKitCLI", clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipKitGeneration"), clipKit("ClipKitUI"), clipKit("ClipWebBridge"), "ClipLoopback",
                "ClipTestSupport", "ClipToolingTestSupport",
                // The documentation's code listings of the tooling modules (Documentation/Listings).
                clipKit("ClipNostr"), "ClipNostrWebSocket", "ClipAASA", "ClipSite", "ClipAppStoreConnect", "ClipServer",
                "ClipDoctor", "ClipSimulation", "ClipReports",
                "ClipCodeMaker", clipKit("ClipCodes"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
