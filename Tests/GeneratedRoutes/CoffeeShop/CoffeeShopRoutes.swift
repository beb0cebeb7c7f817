// The CoffeeShop example's manifest compiled by ClipKitManifestPlugin: clipkit.json here is a link to
// Examples/coffee-shop/clipkit.json, and the plugin adds ClipRoute, ClipRouteMatch, ClipRouter and
// ClipConfiguration to this module on every build (public, as clipkit-plugin.json asks, for
// ClipKitGenerationTests).
