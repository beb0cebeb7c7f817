// The food-truck example's manifest compiled by ClipKitManifestPlugin: clipkit.json here is a link to
// Examples/food-truck/clipkit.json, a clip with no domain of its own, and the plugin adds ClipRoute,
// ClipRouteMatch, ClipRouter, ClipConfiguration and the payload type to this module on every build
// (public, as clipkit-plugin.json asks, for ClipKitGenerationTests).
