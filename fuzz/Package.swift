// swift-tools-version: 6.1
//
// Coverage-guided fuzz targets (libFuzzer) and long differential runs for ClipKit's parsers and
// verifiers. A package of its own, so that the package apps depend on never builds them: each fuzz
// target's entry point calls libFuzzer's driver, which only links with `-sanitize=fuzzer`.
// `fuzz/run` builds and runs them; see fuzz/README.md.

import PackageDescription

/// A product of the ClipKit package (the clip modules).
func clipKit(_ product: String) -> Target.Dependency { .product(name: product, package: "ClipKit") }
/// A product of the tooling package (Tooling/).
func tooling(_ product: String) -> Target.Dependency { .product(name: product, package: "ClipKitTooling") }

let package = Package(
    name: "ClipKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        // By name: a path dependency is otherwise known by its folder's name, which a clone may change.
        .package(name: "ClipKit", path: ".."),
        .package(name: "ClipKitTooling", path: "../Tooling"),
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
        .executableTarget(name: "FuzzManifest", dependencies: [clipKit("ClipKit"), clipKit("ClipManifestReader"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNIP19", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzRelayMessage", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNostrEvent", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzProfile", dependencies: [clipKit("ClipNostr"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzWebBridge", dependencies: [clipKit("ClipWebBridge"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzAASAValidator", dependencies: [tooling("ClipAASA"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzAASAMatcher", dependencies: [tooling("ClipAASA"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzPropertyList", dependencies: [tooling("ClipDoctor"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzMachO", dependencies: [tooling("ClipDoctor"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzZIPArchive", dependencies: [tooling("ClipDoctor"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzSizeReport", dependencies: [tooling("ClipDoctor"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzNotificationPayload", dependencies: [clipKit("ClipNotifications"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzRequestScreening", dependencies: [tooling("ClipServer"), "FuzzDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzCodes", dependencies: [clipKit("ClipCodes"), "FuzzDriver", "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
