import ClipKitUI
import Foundation
import Testing

@Suite struct InstallPromotionPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static func ago(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(-seconds) }

    /// One row of the policy's table: the request, the facts, and what must be decided.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let request: InstallPromotionRequest
        let facts: InstallPromotionFacts
        let expected: InstallPromotionDecision
        var testDescription: String { name }
    }

    static let policy = InstallPromotionPolicy(minimumDwell: 20, quietPeriodAfterDismissal: 3_600, maximumAutomaticPresentations: 1)

    static let rows: [Row] = [
        Row(name: "nothing happened yet: an automatic prompt would be a gate",
            request: .automatic, facts: InstallPromotionFacts(),
            expected: .hold(.taskNotDone(remaining: nil))),
        Row(name: "content on screen for 5 of 20 seconds, task not done",
            request: .automatic, facts: InstallPromotionFacts(contentShownAt: ago(5)),
            expected: .hold(.taskNotDone(remaining: 15))),
        Row(name: "content on screen for the whole dwell",
            request: .automatic, facts: InstallPromotionFacts(contentShownAt: ago(20)),
            expected: .present),
        Row(name: "task done right after the content showed",
            request: .automatic, facts: InstallPromotionFacts(contentShownAt: ago(1), taskCompletedAt: ago(0)),
            expected: .present),
        Row(name: "task done without content (a web page that stored the handoff)",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(0)),
            expected: .present),
        Row(name: "already on screen, automatic",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(1), overlayIsPresented: true),
            expected: .hold(.alreadyPresented)),
        Row(name: "already on screen, the person asks",
            request: .personAsked, facts: InstallPromotionFacts(overlayIsPresented: true),
            expected: .hold(.alreadyPresented)),
        Row(name: "already shown automatically once in this invocation",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(30), automaticPresentations: 1),
            expected: .hold(.alreadyShownThisInvocation)),
        Row(name: "dismissed ten minutes ago",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(1), lastDismissedAt: ago(600)),
            expected: .hold(.recentlyDismissed(until: ago(600).addingTimeInterval(3_600)))),
        Row(name: "dismissed just over the quiet period ago",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(1), lastDismissedAt: ago(3_601)),
            expected: .present),
        Row(name: "dismissal stamped in the future counts as now",
            request: .automatic, facts: InstallPromotionFacts(taskCompletedAt: ago(1), lastDismissedAt: now.addingTimeInterval(86_400 * 365)),
            expected: .hold(.recentlyDismissed(until: now.addingTimeInterval(3_600)))),
        Row(name: "the person asks before doing anything: their own request is never held",
            request: .personAsked, facts: InstallPromotionFacts(),
            expected: .present),
        Row(name: "the person asks right after dismissing, after an automatic prompt",
            request: .personAsked, facts: InstallPromotionFacts(taskCompletedAt: ago(5), automaticPresentations: 1, lastDismissedAt: ago(1)),
            expected: .present),
    ]

    @Test(arguments: rows)
    func decides(_ row: Row) {
        #expect(Self.policy.decide(row.request, given: row.facts, now: Self.now) == row.expected)
    }

    @Test func aPolicyWithoutDwellStillWaitsForContentOrTheTask() {
        let policy = InstallPromotionPolicy(minimumDwell: 0)
        #expect(policy.decide(.automatic, given: InstallPromotionFacts(), now: Self.now) == .hold(.taskNotDone(remaining: nil)))
        #expect(policy.decide(.automatic, given: InstallPromotionFacts(contentShownAt: Self.now), now: Self.now) == .present)
    }

    @Test func negativeSettingsAreClampedToZero() {
        let policy = InstallPromotionPolicy(minimumDwell: -5, quietPeriodAfterDismissal: -1, maximumAutomaticPresentations: -2)
        #expect(policy.minimumDwell == 0)
        #expect(policy.quietPeriodAfterDismissal == 0)
        #expect(policy.maximumAutomaticPresentations == 0)
        #expect(policy.decide(.automatic, given: InstallPromotionFacts(taskCompletedAt: Self.now), now: Self.now) == .hold(.alreadyShownThisInvocation))
    }

    @Test func everyDecisionReadsAsASentence() {
        for row in Self.rows {
            let text = row.expected.description
            #expect(text.hasPrefix("present") || text.hasPrefix("hold the App Store overlay: "))
            #expect(!text.contains("Optional("))
        }
    }
}
