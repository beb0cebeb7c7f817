import ClipNostr
import Foundation

extension DriverProfile {
    /// A driver profile from a verified kind-0 event and the profile read from its content.
    ///
    /// Verify the event with ClipNostr's `EventVerifier` first; this initializer trusts it.
    /// Custom fields that hold text (`car_color`, `car_make`, `car_model`, …) are kept; other
    /// JSON values are left out.
    public init(verifiedEvent event: NostrEvent, profile: Profile, relay: String? = nil, origin: DriverProfileOrigin = .relay) {
        var texts: [String: String] = [:]
        for (key, value) in profile.custom {
            if let text = value.stringValue { texts[key] = text }
        }
        self.init(
            pubkey: event.pubkey, eventID: event.id, createdAt: Date(timeIntervalSince1970: TimeInterval(event.createdAt)),
            name: profile.name, displayName: profile.displayName, picture: profile.picture?.absoluteString,
            customFields: texts, relay: relay, origin: origin, nip05: profile.nip05
        )
    }
}

extension DriverProfileLoadingError {
    /// The loading error for an npub that NIP-19 rejected.
    public init(_ error: NIP19Error) {
        self = .invalidKey(error.description)
    }
}
