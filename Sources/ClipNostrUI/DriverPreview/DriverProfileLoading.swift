/// Fetches a driver's profile from Nostr relays: the seam between the preview model and
/// ClipNostr's profile fetcher.
///
/// An implementation decodes the npub, asks its relays and yields each verified profile as it
/// arrives, together with how each relay answered. It ends the stream when every relay has
/// answered or failed, and stops asking when the reader stops reading (the stream's
/// termination), which is how the model cancels a fetch.
@available(iOS 16.0, *)
public protocol DriverProfileLoading: Sendable {
    /// Starts fetching the profile of the driver whose key is `npub`.
    ///
    /// - Throws: ``DriverProfileLoadingError/invalidKey(_:)`` when `npub` is not a valid npub.
    func loadProfile(ofDriver npub: String) throws -> DriverProfileLoad

    /// Starts fetching the profile of the driver whose key is `npub`, starting from the signed
    /// profile the share link carried in its fragment, if any.
    ///
    /// A loader that reads the fragment yields the embedded profile first once it verifies, or a
    /// ``DriverProfileUpdate/embeddedProfileDropped(reason:)`` when it does not; the default
    /// implementation ignores the fragment.
    func loadProfile(ofDriver npub: String, linkFragment: String?) throws -> DriverProfileLoad
}

@available(iOS 16.0, *)
extension DriverProfileLoading {
    /// Ignores the fragment: fetches as ``loadProfile(ofDriver:)`` does.
    public func loadProfile(ofDriver npub: String, linkFragment: String?) throws -> DriverProfileLoad {
        try loadProfile(ofDriver: npub)
    }
}
