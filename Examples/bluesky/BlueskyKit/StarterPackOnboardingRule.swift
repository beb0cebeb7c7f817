import ClipKit
import ClipKitUI

/// The starter pack a native Bluesky app opens its onboarding with.
public struct StarterPackEntry: Sendable, Hashable, CustomStringConvertible {
    /// The starter pack's URI.
    public var uri: String
    /// Where it came from: the clip's handoff or the link that opened the app.
    public var origin: PrefillOrigin

    /// Creates an entry.
    public init(uri: String, origin: PrefillOrigin) {
        self.uri = uri
        self.origin = origin
    }

    /// A short line for logs.
    public var description: String {
        "starter-pack onboarding for \(uri), from \(origin.description)"
    }
}

/// Bluesky's onboarding rule: a starter-pack link or the clip's ``BlueskyStarterPackHandoff`` opens
/// the starter pack's onboarding, as the app's own screen.
///
/// Anything else — another route, another app's payload, a payload that does not decode — is left
/// to the resolver's next rule.
///
/// ```swift
/// enum Screen: Sendable { case home, starterPack(StarterPackEntry) }
/// let resolver = OnboardingResolver(rules: [StarterPackOnboardingRule().rule { .starterPack($0) }], otherwise: Screen.home)
/// ```
public struct StarterPackOnboardingRule: Sendable, Hashable {
    /// Routes whose link opens the starter-pack flow.
    public var routes: Set<String>

    /// Creates the rule; the default is Bluesky's manifest: routes `starterPack` and `starterPackShortLink`.
    public init(routes: Set<String> = ["starterPack", "starterPackShortLink"]) {
        self.routes = routes
    }

    /// The starter pack of a link to one of ``routes``: the link itself; otherwise `nil`.
    public func entry(openedBy match: RouteMatch) -> StarterPackEntry? {
        guard routes.contains(match.route) else { return nil }
        return StarterPackEntry(uri: match.url.absoluteString, origin: .invocationURL)
    }

    /// The starter pack of a claimed ``BlueskyStarterPackHandoff``; otherwise `nil`.
    public func entry(claimed envelope: HandoffEnvelope) -> StarterPackEntry? {
        guard envelope.typeName == BlueskyStarterPackHandoff.handoffTypeName,
              let pack = try? envelope.decodePayload(as: BlueskyStarterPackHandoff.self)
        else {
            return nil
        }
        return StarterPackEntry(uri: pack.starterPackURI, origin: .clipHandoff)
    }

    /// This rule as an `OnboardingRule` that opens `destination(entry)`.
    public func rule<Destination: Sendable>(_ destination: @escaping @Sendable (StarterPackEntry) -> Destination) -> OnboardingRule<Destination> {
        OnboardingRule(
            openedBy: { match in entry(openedBy: match).map(destination) },
            claimed: { envelope in entry(claimed: envelope).map(destination) }
        )
    }
}
