import ClipKit
import ClipKitUI
import ClipNostr

/// The driver-share flow's part of the full app's first-screen decision: a driver-share link or the
/// clip's ``DriverHandoff`` opens the app's add-driver screen, pre-filled with the driver.
///
/// The npub must decode with NIP-19 (its checksum verifies), from the link and from the handoff
/// alike: the handoff store checked only its shape. Anything else — another route, a rider link,
/// another app's payload — is left to the resolver's next rule. The app names its own screen:
///
/// ```swift
/// enum Screen: Sendable { case home, addDriver(DriverPrefill) }
/// let resolver = OnboardingResolver(rules: [.driver { .addDriver($0) }], otherwise: Screen.home)
/// ```
public struct DriverOnboardingRule: Sendable, Hashable {
    /// Routes whose link opens the add-driver screen.
    public var routes: Set<String>
    /// The route parameter holding the driver's npub.
    public var parameter: String
    /// The handoff type names that carry a ``DriverHandoff``.
    @_spi(ClipKitTooling) public var handoffTypes: Set<String>

    /// Creates the rule; the defaults are the driver-share flow's: route `driverShare`, parameter
    /// `npub`, handoff type ``DriverHandoff/handoffTypeName``.
    public init(
        routes: Set<String> = ["driverShare"], parameter: String = "npub",
        handoffTypes: Set<String> = [DriverHandoff.handoffTypeName]
    ) {
        self.routes = routes
        self.parameter = parameter
        self.handoffTypes = handoffTypes
    }

    /// The driver a link to one of ``routes`` names, when its npub verifies; otherwise `nil`.
    public func prefill(openedBy match: RouteMatch) -> DriverPrefill? {
        guard routes.contains(match.route), let npub = match.parameters[parameter], Self.isValidNpub(npub) else {
            return nil
        }
        return DriverPrefill(npub: npub, origin: .invocationURL)
    }

    /// The driver a claimed ``DriverHandoff`` names, with the name the clip showed, when its npub
    /// verifies; otherwise `nil`.
    public func prefill(claimed envelope: HandoffEnvelope) -> DriverPrefill? {
        guard handoffTypes.contains(envelope.typeName),
              let driver = try? envelope.decodePayload(as: DriverHandoff.self), Self.isValidNpub(driver.npub)
        else {
            return nil
        }
        return DriverPrefill(
            npub: driver.npub, displayName: driver.displayName, profileCreatedAt: driver.profileCreatedAt, origin: .clipHandoff
        )
    }

    /// This rule as an ``/ClipKitUI/OnboardingRule`` that opens `destination(prefill)`.
    public func rule<Destination: Sendable>(
        _ destination: @escaping @Sendable (DriverPrefill) -> Destination
    ) -> OnboardingRule<Destination> {
        OnboardingRule(
            openedBy: { match in prefill(openedBy: match).map(destination) },
            claimed: { envelope in prefill(claimed: envelope).map(destination) }
        )
    }

    private static func isValidNpub(_ text: String) -> Bool {
        guard let entity = try? NIP19.decode(text), case .npub = entity else { return false }
        return true
    }
}

extension OnboardingRule {
    /// The driver-share flow's rule: a driver-share link or the clip's driver handoff opens
    /// `destination(prefill)` (see ``DriverOnboardingRule``).
    public static func driver(
        _ rule: DriverOnboardingRule = DriverOnboardingRule(), _ destination: @escaping @Sendable (DriverPrefill) -> Destination
    ) -> OnboardingRule {
        rule.rule(destination)
    }
}
