/// What a route accepts in the fragment (`#…`) of its URLs: the manifest's `"fragment"` key.
///
/// A fragment is never sent to a server, never takes part in AASA or App Clip experience
/// matching, and may be dropped on the way to the clip (see the routing documentation); a route
/// that accepts one must work without it.
public enum RouteFragment: String, Sendable, Equatable, CaseIterable {
    /// A signed Nostr profile (kind 0) of the key in the route's path, encoded for a URL fragment;
    /// the clip verifies it and shows it before any relay answers.
    case signedProfile
}
