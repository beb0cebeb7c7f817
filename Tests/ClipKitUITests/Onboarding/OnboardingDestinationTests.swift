import ClipKitUI
import Testing

@Suite struct OnboardingDestinationTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    @Test func destinationsReadAsSentences() {
        let prefill = DriverPrefill(npub: Self.npub, displayName: "Alice", origin: .clipHandoff)
        #expect(OnboardingDestination.addDriver(prefill).description == "add-driver screen pre-filled with Alice (\(Self.npub)), from the clip's handoff")
        #expect(OnboardingDestination.standardOnboarding.description == "standard onboarding, nothing pre-filled")
    }
}
