// swift-tools-version: 6.1
//
// A package that adopts ClipKit's manifest plugin as an app would: it depends on the ClipKit package
// (here by path, three folders up) and adds the plugin to a target in one line. Each target's
// `clipkit.json` is checked on every build and compiled into `ClipRoute`, `ClipRouteMatch`,
// `ClipRouter` and `ClipConfiguration` in that target. The test target routes the examples' links through them.
//
// ClipKit is added without its default traits, as an Apple clip builds it: no libsecp256k1.
// `ClipKitGenerationTests` builds and tests this package (PluginAdopterTests), and checks that a
// broken manifest fails its build with the JSON path in the error.

import PackageDescription

let package = Package(
    name: "PluginAdopter",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ClipKit", path: "../../..", traits: []),
    ],
    targets: [
        // RoadFlare's manifest (a link to Examples/roadflare/clipkit.json): the npub kind comes from ClipNostr.
        .target(
            name: "RoadFlareClip",
            dependencies: [.product(name: "ClipKit", package: "ClipKit"), .product(name: "ClipNostr", package: "ClipKit")],
            plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")]
        ),
        // Bluesky's manifest (a link to Examples/bluesky/clipkit.json): ClipKit's standard kinds only.
        .target(
            name: "BlueskyClip",
            dependencies: [.product(name: "ClipKit", package: "ClipKit"), .product(name: "ClipWebBridge", package: "ClipKit")],
            plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")]
        ),
        // A manifest with a kind of the app's own, declared in its clipkit-plugin.json.
        .target(
            name: "TicketClip",
            dependencies: [.product(name: "ClipKit", package: "ClipKit")],
            plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")]
        ),
        // The museum of the query-item issue: an integer capture with a range, declared query items.
        .target(
            name: "MuseumClip",
            dependencies: [.product(name: "ClipKit", package: "ClipKit")],
            plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")]
        ),
        .testTarget(
            name: "PluginAdopterTests",
            dependencies: ["RoadFlareClip", "BlueskyClip", "TicketClip", "MuseumClip", .product(name: "ClipKit", package: "ClipKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
