// swift-tools-version: 6.1
//
// Coverage-guided fuzz targets (libFuzzer) and long differential runs for ClipKit's parsers and
// verifiers. A package of its own, so that the package apps depend on never builds them: each fuzz
// target's entry point calls libFuzzer's driver, which only links with `-sanitize=fuzzer`.
// `fuzz/run` builds and runs them; see fuzz/README.md.

import PackageDescription

/// A product of the ClipKit package (the clip modules).
func clipKit(_ product: String) -> Target.Dependency { .product(name: product, package: "ClipKit") }
/// A module of the tooling package (Tooling/), compiled here from the same files through the symbolic
/// link ToolingModules/<Module> to Tooling/Sources/<Module>. Most are no product of that package:
/// their declarations have `package` access, which only a target of the same package sees. The
/// products they need (ClipAASA, ClipNostrWebSocket) are compiled here too rather than taken from
/// the tooling package, since SwiftPM refuses a graph in which two packages declare the same targets.
/// `resources` are the module's resources as Tooling/Package.swift declares them.
func toolingModule(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "ToolingModules/\(name)", resources: resources,
        swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    )
}

let package = Package(
    name: "ClipKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        // By name: a path dependency is otherwise known by its folder's name, which a clone may change.
        .package(name: "ClipKit", path: ".."),
        // What the tooling modules compiled here depend on (the versions Tooling/Package.swift asks for).
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
        // Signing, for the differential harness: libsecp256k1 through pkg-config (Linux). ClipKit's
        // own module for it is not a product, so the harness declares the few functions it signs with.
        .systemLibrary(name: "CLibsecp256k1Signing", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        // libFuzzer's entry, shared by every fuzz target.
        .target(name: "FuzzDriver"),
        // What one differential input means, and the check, shared by the fuzz target and the long run.
        .target(
            name: "SignatureDifferential",
            dependencies: [.product(name: "ClipNostr", package: "ClipKit"), "CLibsecp256k1Signing"]
        ),
        .executableTarget(name: "FuzzSignatureDifferential", dependencies: ["SignatureDifferential", "FuzzDriver"]),
        // The decoder of signed events carried in share links' fragments.
        .executableTarget(
            name: "FuzzEventFragment",
            dependencies: [.product(name: "ClipNostr", package: "ClipKit"), "FuzzDriver"]
        ),
        .executableTarget(name: "signature-differential", dependencies: ["SignatureDifferential"]),
        // What the parser targets share: views of one input, and the invariant check.
        .target(name: "FuzzSupport"),
        // One target per parser of untrusted input; seed corpora under Corpus/TARGET.
        .executableTarget(
            name: "FuzzInvocationRouter",
            dependencies: [clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), clipKit("ClipWebBridge"), "FuzzDriver", "FuzzSupport"]
        ),
        .executableTarget(name: "FuzzManifest", dependencies: [clipKit("ClipKit"), clipKit("ClipManifestReader"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNIP19", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzRelayMessage", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNostrEvent", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzProfile", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNIP05Document", dependencies: [clipKit("ClipNostr"), clipKit("ClipKit"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzWebBridge", dependencies: [clipKit("ClipWebBridge"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzAASAValidator", dependencies: ["ClipAASA", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzAASAMatcher", dependencies: ["ClipAASA", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzPropertyList", dependencies: ["ClipDoctor", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzMachO", dependencies: ["ClipDoctor", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzZIPArchive", dependencies: ["ClipDoctor", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzSizeReport", dependencies: ["ClipDoctor", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNotificationPayload", dependencies: [clipKit("ClipNotifications"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzRequestScreening", dependencies: ["ClipServer", "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzCodes", dependencies: [clipKit("ClipCodes"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(
            name: "FuzzOutboundAddress",
            dependencies: ["ClipNostrWebSocket", "FuzzDriver", "FuzzSupport", .product(name: "NIOCore", package: "swift-nio")]
        ),

        // The tooling modules the targets above fuzz that are no product of Tooling/ (see toolingModule).
        toolingModule("ClipReports", [clipKit("ClipKit")]),
        toolingModule("ClipAASA", [clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipReports"]),
        toolingModule("ClipAppStoreConnect", [
            clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipReports", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        toolingModule("ClipDoctor", [
            clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipAASA", "ClipReports", "ClipAppStoreConnect",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        toolingModule("ClipNostrWebSocket", [
            clipKit("ClipNostr"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        toolingModule("ClipSite", [
            clipKit("ClipKit"), clipKit("ClipManifestReader"), clipKit("ClipNostr"), "ClipAASA", "ClipNostrWebSocket",
            .product(name: "Mustache", package: "swift-mustache"),
        ], resources: [.embedInCode("SharePages/link-profile.js"), .embedInCode("StaticExport/client-router.js")]),
        toolingModule("ClipServer", [
            clipKit("ClipKit"), clipKit("ClipManifestReader"), "ClipNostrWebSocket", "ClipSite",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
