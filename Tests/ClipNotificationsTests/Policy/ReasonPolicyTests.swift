@_spi(ClipKitTooling) import ClipNotifications
import Foundation
import Testing

/// The mapping is configuration: other apps bring their own reasons, fields and actions.
@Suite struct ReasonPolicyTests {
    func payload(_ text: String) throws -> NotificationPayload {
        try NotificationPayloadParser().parse(Data(text.utf8)).payload
    }

    let policy = ReasonPolicy(
        reasonField: "type",
        rules: [
            ReasonRule(reasons: ["ride-offer"], actions: [
                .playSound(.critical(name: "horn.caf", volume: 0.8), whenEnabled: nil),
                .groupIntoThread(byField: "rideId"),
                .incrementBadge(by: 2),
                .incrementBadge(by: 1),
            ]),
            ReasonRule(reasons: ["read-all"], actions: [.resetBadge]),
        ],
        otherwise: [.playSound(named: "soft.aiff", whenEnabled: "sounds")]
    )

    @Test func customFieldSoundThreadAndBadge() throws {
        let decision = policy.decide(for: try payload(#"{"type":"ride-offer","rideId":"r42"}"#), preferences: [:])
        #expect(decision.mutations == NotificationMutations(
            sound: .critical(name: "horn.caf", volume: 0.8), badge: .increment(by: 3), threadIdentifier: "r42"
        ))
    }

    @Test func resetRule() throws {
        let decision = policy.decide(for: try payload(#"{"type":"read-all"}"#), preferences: [:])
        #expect(decision.mutations == NotificationMutations(badge: .reset))
    }

    @Test func fallbackHonoursItsPreference() throws {
        let on = policy.decide(for: try payload(#"{"type":"other"}"#), preferences: ["sounds": .number(1)])
        #expect(on.mutations == NotificationMutations(sound: .named("soft.aiff")))
        let off = policy.decide(for: try payload(#"{"type":"other"}"#), preferences: ["sounds": .number(0)])
        #expect(off.mutations.isEmpty)
    }

    @Test func missingThreadFieldIsAnIssue() throws {
        let decision = policy.decide(for: try payload(#"{"type":"ride-offer","rideId":""}"#), preferences: [:])
        #expect(decision.mutations.threadIdentifier == nil)
        #expect(decision.issues.map(\.path) == ["rideId"])
    }
}
