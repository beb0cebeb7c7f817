import ClipKit
import ClipNostr
import ClipWebBridge

/// Decides the full app's first screen from the link that launched it and the clip's handoff,
/// the way RoadFlare's `AppState.initialize()` seeds its pending driver deep link.
///
/// Rules, in order:
/// 1. A launch link to a driver or starter-pack route wins: it is the person's latest action.
/// 2. Otherwise a claimed handoff of a known type pre-fills its flow. A driver handoff needs an
///    npub whose checksum verifies; the store checked only its shape.
/// 3. Otherwise, including a handoff the system evicted, an expired one, or one of another app's
///    type, the app shows its standard onboarding: the handoff is best-effort, never required.
///
/// ``launch(openedBy:claimingFrom:)`` always claims, even when a link wins, so a leftover handoff
/// never surfaces on a later launch.
public struct OnboardingResolver: Sendable, Hashable {
    /// Routes whose link opens the add-driver screen.
    public var driverRoutes: Set<String>
    /// The route parameter holding the driver's npub.
    public var driverParameter: String
    /// Routes whose link opens the starter-pack flow.
    public var starterPackRoutes: Set<String>

    /// Creates a resolver; the defaults are the reference manifests' route names.
    public init(
        driverRoutes: Set<String> = ["driverShare"], driverParameter: String = "npub",
        starterPackRoutes: Set<String> = ["starterPack", "starterPackShortLink"]
    ) {
        self.driverRoutes = driverRoutes
        self.driverParameter = driverParameter
        self.starterPackRoutes = starterPackRoutes
    }

    /// The app's first screen, given the route that launched it (if any) and the claimed entry (if any).
    public func destination(openedBy match: RouteMatch?, claimed envelope: HandoffEnvelope?) -> OnboardingDestination {
        if let match, let destination = destination(for: match) { return destination }
        if let envelope, let destination = destination(for: envelope) { return destination }
        return .standardOnboarding
    }

    /// Claims the waiting handoff from `store` (one-shot) and decides the first screen.
    public func launch(openedBy match: RouteMatch?, claimingFrom store: HandoffStore) -> OnboardingLaunch {
        let claimed = store.claimEnvelope()
        return OnboardingLaunch(claimed: claimed, destination: destination(openedBy: match, claimed: claimed))
    }

    private func destination(for match: RouteMatch) -> OnboardingDestination? {
        if driverRoutes.contains(match.route), let npub = match.parameters[driverParameter], Self.isValidNpub(npub) {
            return .addDriver(DriverPrefill(npub: npub, origin: .invocationURL))
        }
        if starterPackRoutes.contains(match.route) {
            return .starterPack(uri: match.url.absoluteString, origin: .invocationURL)
        }
        return nil
    }

    private func destination(for envelope: HandoffEnvelope) -> OnboardingDestination? {
        switch envelope.typeName {
        case RoadFlareDriverHandoff.handoffTypeName:
            guard let driver = try? envelope.decodePayload(as: RoadFlareDriverHandoff.self), Self.isValidNpub(driver.npub) else {
                return nil
            }
            return .addDriver(DriverPrefill(
                npub: driver.npub, displayName: driver.displayName, profileCreatedAt: driver.profileCreatedAt, origin: .clipHandoff
            ))
        case BlueskyStarterPackHandoff.handoffTypeName:
            guard let pack = try? envelope.decodePayload(as: BlueskyStarterPackHandoff.self) else { return nil }
            return .starterPack(uri: pack.starterPackURI, origin: .clipHandoff)
        default:
            return nil
        }
    }

    private static func isValidNpub(_ text: String) -> Bool {
        guard let entity = try? NIP19.decode(text), case .npub = entity else { return false }
        return true
    }
}

/// What the app found at launch: the entry it claimed (if any) and the screen it opens.
public struct OnboardingLaunch: Sendable, Equatable {
    /// The handoff entry claimed from the App Group, whatever its type; `nil` when there was none.
    public let claimed: HandoffEnvelope?
    /// The screen to open.
    public let destination: OnboardingDestination
}
