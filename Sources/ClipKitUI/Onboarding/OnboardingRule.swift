@_spi(ClipKitTooling) import ClipKit
import Foundation

/// One part of the full app's first-screen decision: which launch links and which claimed handoffs
/// open which of the app's own screens.
///
/// `Destination` is the app's own type — an enum of its screens, a navigation path. A rule answers
/// only for what it knows and returns `nil` for anything else (another route, another payload type,
/// a payload that does not decode or does not check out), so ``OnboardingResolver`` can ask the next.
///
/// ```swift
/// enum Screen: Sendable { case menu, order(CoffeeOrder) }
/// let rule = OnboardingRule<Screen>.payload(CoffeeOrder.self, routes: [.table]) { .order($0) }
/// ```
///
/// Each flow module offers rules for its own payloads: `DriverOnboardingRule` in ClipNostrUI;
/// ``payload(_:routes:_:)`` serves an app's own payload type.
public struct OnboardingRule<Destination: Sendable>: Sendable {
    /// What a rule answers for a claimed handoff.
    public enum ClaimAnswer: Sendable {
        /// The handoff opens this screen.
        case opens(Destination)
        /// The rule does not handle the handoff's type.
        case notMine
        /// The handoff is of the rule's type, but the rule cannot take it; the reason says why, and
        /// ``OnboardingLaunch/unhandledHandoff`` reports it when no other rule opens a screen.
        case refused(String)
    }

    private let link: @Sendable (RouteMatch) -> Destination?
    private let handoff: @Sendable (HandoffEnvelope) -> ClaimAnswer

    /// Creates a rule from its two answers; either defaults to "not mine".
    ///
    /// - Parameters:
    ///   - link: The screen a launch link that matched a route opens, or `nil` when this rule does not handle it.
    ///   - handoff: The screen a claimed handoff opens, or `nil` when this rule does not handle it.
    public init(
        openedBy link: @escaping @Sendable (RouteMatch) -> Destination? = { _ in nil },
        claimed handoff: @escaping @Sendable (HandoffEnvelope) -> Destination? = { _ in nil }
    ) {
        self.link = link
        self.handoff = { envelope in handoff(envelope).map(ClaimAnswer.opens) ?? .notMine }
    }

    /// Creates a rule whose answer for a claimed handoff can refuse one of its own type with the reason.
    ///
    /// - Parameters:
    ///   - link: The screen a launch link that matched a route opens, or `nil` when this rule does not handle it.
    ///   - handoff: The rule's answer for a claimed handoff.
    public init(
        openedBy link: @escaping @Sendable (RouteMatch) -> Destination? = { _ in nil },
        answering handoff: @escaping @Sendable (HandoffEnvelope) -> ClaimAnswer
    ) {
        self.link = link
        self.handoff = handoff
    }

    /// The screen a launch link opens when it matched `match`, or `nil` when this rule does not handle it.
    package func destination(openedBy match: RouteMatch) -> Destination? {
        link(match)
    }

    /// The screen a claimed handoff opens, or `nil` when this rule does not handle `envelope`.
    package func destination(claimed envelope: HandoffEnvelope) -> Destination? {
        if case .opens(let destination) = handoff(envelope) { return destination }
        return nil
    }

    /// The rule's whole answer for a claimed handoff, with the reason when it refuses one of its type.
    package func answer(claimed envelope: HandoffEnvelope) -> ClaimAnswer {
        handoff(envelope)
    }

    /// A rule for the app's own payload type: a claimed `Payload` opens `destination(payload)`, and
    /// so does a link to one of `routes` whose parameters decode as a `Payload` — the payload the
    /// clip hands off for such a link when its route names the type (`ClipSession.handOffRouteParameters()`).
    ///
    /// `routes` are the identifiers the manifest plugin generates (`[.table, .store]`), so a route
    /// that is not in `clipkit.json` does not compile. A handoff of another type is left to the next
    /// rule; one of this type that does not decode as `Payload` (a payload an older clip wrote, say)
    /// is refused with the decoding error's message (`HandoffDiagnostic.undecodablePayload`), which
    /// ``OnboardingLaunch/unhandledHandoff`` reports when no other rule opens a screen for it.
    public static func payload<Payload: HandoffPayload>(
        _ type: Payload.Type, routes: Set<RouteName> = [], _ destination: @escaping @Sendable (Payload) -> Destination?
    ) -> OnboardingRule {
        OnboardingRule(
            openedBy: { match in
                guard routes.contains(RouteName(match.route)), let payload = match.parameters(as: Payload.self) else { return nil }
                return destination(payload)
            },
            answering: { envelope in
                guard envelope.typeName == Payload.handoffTypeName else { return .notMine }
                let payload: Payload
                do throws(HandoffDiagnostic) {
                    payload = try envelope.checkedDecodePayload(as: Payload.self)
                } catch {
                    // The diagnostic's own message, which `clipkit simulate` gives for the same payload
                    // too; the reason names the app's type.
                    guard case .undecodablePayload(let typeName, let reason) = error else { return .refused(error.localizedDescription) }
                    return .refused(HandoffDiagnostic.undecodablePayload(typeName: typeName, reason: "\(Payload.self): \(reason)").localizedDescription)
                }
                guard let opened = destination(payload) else { return .refused("the rule for \(Payload.self) opened no screen for it") }
                return .opens(opened)
            }
        )
    }

    /// A rule for links to the route `name` (`.receipt`): they open `destination(match)`.
    public static func route(_ name: RouteName, _ destination: @escaping @Sendable (RouteMatch) -> Destination?) -> OnboardingRule {
        OnboardingRule(openedBy: { match in match.route == name.rawValue ? destination(match) : nil })
    }
}
