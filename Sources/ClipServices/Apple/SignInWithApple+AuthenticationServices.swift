#if canImport(AuthenticationServices) && os(iOS)
import AuthenticationServices
import ClipKit
import Foundation

extension AppleIDCredentialState {
    /// The portable form of `ASAuthorizationAppleIDProvider.CredentialState`; `nil` for a state this
    /// version of ClipServices does not know.
    init?(_ state: ASAuthorizationAppleIDProvider.CredentialState) {
        switch state {
        case .authorized: self = .authorized
        case .revoked: self = .revoked
        case .notFound: self = .notFound
        case .transferred: self = .transferred
        @unknown default: return nil
        }
    }
}

extension SignInWithAppleOnboarding {
    /// The app's onboarding decision: claims the identifier its clip kept from `store` and asks Apple
    /// for the credential's state; the person is signed in only when it is `.authorized`.
    public static func resolve(
        from store: KeychainHandoffStore, provider: ASAuthorizationAppleIDProvider = ASAuthorizationAppleIDProvider()
    ) async -> SignInWithAppleOnboarding {
        guard let handoff = store.claim(SignInWithAppleHandoff.self) else { return .noHandoff }
        do {
            let state = try await provider.credentialState(forUserID: handoff.userIdentifier)
            guard let portable = AppleIDCredentialState(state) else {
                return .stateUnavailable(reason: "Apple reported credential state \(state.rawValue), which this version does not know")
            }
            return SignInWithAppleOnboarding(handoff: handoff, credentialState: portable)
        } catch {
            return .stateUnavailable(reason: error.localizedDescription)
        }
    }
}
#endif
