import ClipKit
import ClipKitUI
import ClipNostr

/// RoadFlare's onboarding rule: a driver-share link or the clip's driver handoff opens the
/// add-driver screen, pre-filled with the driver.
///
/// The npub must decode with NIP-19 (its checksum verifies), from the link and from the handoff
/// alike: the handoff store checked only its shape. Anything else — another route, a rider link,
/// another app's payload — is left to the resolver's next rule.
///
/// ```swift
/// let launch = OnboardingResolver(rules: [DriverOnboardingRule()]).launch(openedBy: match, claimingFrom: store)
/// ```
public struct DriverOnboardingRule: OnboardingRule, Hashable {
    /// Routes whose link opens the add-driver screen.
    public var routes: Set<String>
    /// The route parameter holding the driver's npub.
    public var parameter: String

    /// Creates the rule; the defaults are RoadFlare's manifest: route `driverShare`, parameter `npub`.
    public init(routes: Set<String> = ["driverShare"], parameter: String = "npub") {
        self.routes = routes
        self.parameter = parameter
    }

    /// The add-driver screen for a link to one of ``routes`` whose npub verifies; otherwise `nil`.
    public func destination(openedBy match: RouteMatch) -> OnboardingDestination? {
        guard routes.contains(match.route), let npub = match.parameters[parameter], Self.isValidNpub(npub) else {
            return nil
        }
        return .addDriver(DriverPrefill(npub: npub, origin: .invocationURL))
    }

    /// The add-driver screen for a ``ClipKit/RoadFlareDriverHandoff`` whose npub verifies,
    /// with the name the clip showed; otherwise `nil`.
    public func destination(claimed envelope: HandoffEnvelope) -> OnboardingDestination? {
        guard envelope.typeName == RoadFlareDriverHandoff.handoffTypeName,
              let driver = try? envelope.decodePayload(as: RoadFlareDriverHandoff.self), Self.isValidNpub(driver.npub)
        else {
            return nil
        }
        return .addDriver(DriverPrefill(
            npub: driver.npub, displayName: driver.displayName, profileCreatedAt: driver.profileCreatedAt, origin: .clipHandoff
        ))
    }

    private static func isValidNpub(_ text: String) -> Bool {
        guard let entity = try? NIP19.decode(text), case .npub = entity else { return false }
        return true
    }
}
