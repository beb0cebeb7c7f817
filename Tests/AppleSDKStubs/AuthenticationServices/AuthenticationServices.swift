// Declarations of the AuthenticationServices API (Sign in with Apple credential state) the glue
// uses, as Apple documents them.
import AppleFoundationShim

/// Something that creates authorization requests.
@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationProvider: NSObjectProtocol {}

/// Creates Sign in with Apple requests and reports a user's credential state.
@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationAppleIDProvider: NSObject, ASAuthorizationProvider {
    /// The state of a user's Apple ID credential. An Objective-C enumeration: not frozen, so a switch
    /// over it needs `@unknown default`, as with the SDK.
    @available(iOS 13.0, macOS 10.15, *)
    public enum CredentialState: Int, @unchecked Sendable {
        /// The user's authorization was revoked.
        case revoked = 0
        /// The user is authorized.
        case authorized = 1
        /// No credential was found for the user identifier.
        case notFound = 2
        /// The app was transferred to another team; the user identifier must be migrated.
        case transferred = 3
    }

    /// Creates a provider.
    @available(iOS 13.0, macOS 10.15, *)
    override public init() {}

    /// The credential state of `userID` (the async form of `getCredentialState(forUserID:completion:)`).
    @available(iOS 13.0, macOS 10.15, *)
    open func credentialState(forUserID userID: String) async throws -> ASAuthorizationAppleIDProvider.CredentialState { fatalError() }
}
