import ClipKit
import ClipServices
import ClipTestSupport
import Foundation
import KeychainTestDouble
import Testing

/// The app uses the identifier its clip kept only when Apple says the credential is authorized.
@Suite struct SignInWithAppleOnboardingTests {
    static let handoff = SignInWithAppleHandoff(userIdentifier: "001234.5f2e9c0a7b.0042")

    @Test func authorizedSignsThePersonIn() {
        let decision = SignInWithAppleOnboarding(handoff: Self.handoff, credentialState: .authorized)
        #expect(decision == .signedIn(userIdentifier: "001234.5f2e9c0a7b.0042"))
        #expect(decision.userIdentifier == "001234.5f2e9c0a7b.0042")
    }

    @Test(arguments: [
        (AppleIDCredentialState.revoked, SignInWithAppleOnboarding.revoked, "revoked"),
        (.notFound, .notFound, "no credential"),
        (.transferred, .transferred, "another developer team"),
    ])
    func everyOtherStateSaysWhyAndUsesNoIdentifier(state: AppleIDCredentialState, expected: SignInWithAppleOnboarding, words: String) {
        let decision = SignInWithAppleOnboarding(handoff: Self.handoff, credentialState: state)
        #expect(decision == expected)
        #expect(decision.userIdentifier == nil)
        #expect(decision.description.contains(words), "\(decision.description)")
        #expect(decision.description.contains("sign in"))
    }

    @Test(arguments: [AppleIDCredentialState.authorized, .revoked, .notFound, .transferred])
    func withoutAHandoffNobodyIsSignedIn(state: AppleIDCredentialState) {
        #expect(SignInWithAppleOnboarding(handoff: nil, credentialState: state) == .noHandoff)
    }

    /// The identifier crosses the install through the keychain handoff (a secret type of the
    /// manifest), once: the keychain here is the file-backed test double.
    @Test func theIdentifierCrossesThroughTheKeychainHandoffOnce() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-siwa")
        let keychain = try FileKeychainItems(directory: folder.url)
        let manifest = try ServicesFixtures.ticketing()
        try KeychainHandoffStore(keychain: keychain, manifest: manifest).offer(Self.handoff)

        let app = try KeychainHandoffStore(keychain: keychain, manifest: manifest)
        let claimed = app.claim(SignInWithAppleHandoff.self)
        #expect(SignInWithAppleOnboarding(handoff: claimed, credentialState: .authorized).userIdentifier == Self.handoff.userIdentifier)
        #expect(SignInWithAppleOnboarding(handoff: app.claim(SignInWithAppleHandoff.self), credentialState: .authorized) == .noHandoff)
    }
}
