import ClipKit

/// The Sign in with Apple user identifier a clip keeps for its full app.
///
/// Sign in with Apple is the usual way a clip creates an account; the clip offers the credential's
/// `user` identifier through the keychain handoff, and the app uses it only when Apple says the
/// credential is still authorized (``SignInWithAppleOnboarding``). A manifest that lists
/// `handoff.types` lists this one, marked secret:
///
/// ```json
/// { "name": "clipkit.signInWithApple", "required": ["userIdentifier"], "optional": [], "secret": true }
/// ```
public struct SignInWithAppleHandoff: HandoffPayload, Equatable {
    /// The payload's type name.
    public static let handoffTypeName = "clipkit.signInWithApple"

    /// `ASAuthorizationAppleIDCredential.user`: the stable identifier of the person for your team.
    public var userIdentifier: String

    /// Creates the payload.
    public init(userIdentifier: String) {
        self.userIdentifier = userIdentifier
    }
}

/// The state of a Sign in with Apple credential, as `ASAuthorizationAppleIDProvider` reports it.
public enum AppleIDCredentialState: String, Sendable, Equatable {
    /// The person is signed in with this identifier.
    case authorized
    /// The person stopped using Sign in with Apple with the app.
    case revoked
    /// Apple knows no credential for this identifier.
    case notFound
    /// The app moved to another developer team; the identifier must be migrated before use.
    case transferred
}

/// Whether the full app finds the person already signed in with the identifier its clip kept, and
/// why not.
///
/// The rule: the identifier is used only when the credential state is ``AppleIDCredentialState/authorized``;
/// otherwise the app asks the person to sign in, and the case says why.
public enum SignInWithAppleOnboarding: Sendable, Equatable, CustomStringConvertible {
    /// The person is signed in: the app continues as this user.
    case signedIn(userIdentifier: String)
    /// The clip left no identifier (or it expired, or could not be read; the handoff's diagnostics say which).
    case noHandoff
    /// The person revoked Sign in with Apple for the app since the clip signed them in.
    case revoked
    /// Apple knows no credential for the identifier.
    case notFound
    /// The app was transferred to another team; the identifier needs migrating first.
    case transferred
    /// The credential state could not be read (no network, for example).
    case stateUnavailable(reason: String)

    /// Applies the rule to the identifier the clip kept and the state Apple reports for it.
    public init(handoff: SignInWithAppleHandoff?, credentialState: AppleIDCredentialState) {
        guard let handoff else {
            self = .noHandoff
            return
        }
        switch credentialState {
        case .authorized: self = .signedIn(userIdentifier: handoff.userIdentifier)
        case .revoked: self = .revoked
        case .notFound: self = .notFound
        case .transferred: self = .transferred
        }
    }

    /// The identifier to continue with; `nil` unless ``signedIn(userIdentifier:)``.
    public var userIdentifier: String? {
        if case .signedIn(let identifier) = self { return identifier }
        return nil
    }

    /// Why the person is or is not signed in, and what the app does.
    public var description: String {
        switch self {
        case .signedIn:
            return "signed in with the Apple ID the clip used"
        case .noHandoff:
            return "the clip left no Sign in with Apple identifier (or it expired); ask the person to sign in"
        case .revoked:
            return "the person revoked Sign in with Apple for this app; ask them to sign in again"
        case .notFound:
            return "Apple knows no credential for the identifier the clip kept; ask the person to sign in"
        case .transferred:
            return "the app moved to another developer team, so the identifier must be migrated with the transfer identifier before use; ask the person to sign in"
        case .stateUnavailable(let reason):
            return "the credential state could not be read (\(reason)); ask the person to sign in, or check again later"
        }
    }
}
