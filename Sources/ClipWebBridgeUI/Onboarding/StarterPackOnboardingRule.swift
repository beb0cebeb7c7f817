import ClipKit
import ClipKitUI
import ClipWebBridge

/// Bluesky's onboarding rule: a starter-pack link or the clip's starter-pack handoff opens the
/// starter pack's onboarding flow.
///
/// Anything else — another route, another app's payload, a payload that does not decode — is
/// left to the resolver's next rule.
///
/// ```swift
/// let launch = OnboardingResolver(rules: [StarterPackOnboardingRule()]).launch(openedBy: match, claimingFrom: store)
/// ```
public struct StarterPackOnboardingRule: OnboardingRule, Hashable {
    /// Routes whose link opens the starter-pack flow.
    public var routes: Set<String>

    /// Creates the rule; the default is Bluesky's manifest: routes `starterPack` and `starterPackShortLink`.
    public init(routes: Set<String> = ["starterPack", "starterPackShortLink"]) {
        self.routes = routes
    }

    /// The starter-pack flow for the link itself when it matched one of ``routes``; otherwise `nil`.
    public func destination(openedBy match: RouteMatch) -> OnboardingDestination? {
        guard routes.contains(match.route) else { return nil }
        return .starterPack(uri: match.url.absoluteString, origin: .invocationURL)
    }

    /// The starter-pack flow for a ``ClipWebBridge/BlueskyStarterPackHandoff``; otherwise `nil`.
    public func destination(claimed envelope: HandoffEnvelope) -> OnboardingDestination? {
        guard envelope.typeName == BlueskyStarterPackHandoff.handoffTypeName,
              let pack = try? envelope.decodePayload(as: BlueskyStarterPackHandoff.self)
        else {
            return nil
        }
        return .starterPack(uri: pack.starterPackURI, origin: .clipHandoff)
    }
}
