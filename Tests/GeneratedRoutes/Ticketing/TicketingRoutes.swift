// The ticketing fixture's manifest (Tests/Fixtures/ticketing/clipkit.json, an app that is none of the
// examples: integer, uuid and slug captures handed off as `com.acme.event`) compiled by
// ClipKitManifestPlugin, which adds ClipRoute, the routes' RouteName identifiers, EventHandoff,
// ClipRouteMatch, ClipRouter and ClipConfiguration to this module on every build (public, as
// clipkit-plugin.json asks, for the tests).
