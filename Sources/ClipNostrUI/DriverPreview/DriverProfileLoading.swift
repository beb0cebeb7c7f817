/// Fetches a driver's profile from Nostr relays: the seam between the preview model and
/// ClipNostr's relay pool.
///
/// An implementation decodes the npub, asks its relays and yields each verified profile as it
/// arrives, together with how each relay answered. It ends the stream when every relay has
/// answered or failed, and stops asking when the reader stops reading (the stream's
/// termination), which is how the model cancels a fetch.
public protocol DriverProfileLoading: Sendable {
    /// Starts fetching the profile of the driver whose key is `npub`.
    ///
    /// - Throws: ``DriverProfileLoadingError/invalidKey(_:)`` when `npub` is not a valid npub.
    func loadProfile(ofDriver npub: String) throws(DriverProfileLoadingError) -> DriverProfileLoad
}

/// A fetch in progress: the key it is for and the updates it yields.
public struct DriverProfileLoad: Sendable {
    /// The public key the npub decodes to, in hex; profiles for any other key are ignored.
    public let pubkey: String
    /// How many relays are asked.
    public let relayCount: Int
    /// Verified profiles and per-relay outcomes, as they arrive.
    public let updates: AsyncStream<DriverProfileUpdate>
    /// The loader's own deadline, if it has one; the model reports the shorter of it and its own.
    public let timeout: Duration?

    /// Creates a fetch description.
    public init(pubkey: String, relayCount: Int, updates: AsyncStream<DriverProfileUpdate>, timeout: Duration? = nil) {
        self.pubkey = pubkey.lowercased()
        self.relayCount = relayCount
        self.updates = updates
        self.timeout = timeout
    }
}

/// One thing a profile fetch learned.
public enum DriverProfileUpdate: Sendable, Hashable {
    /// A relay sent a profile whose id and signature verified.
    case profile(DriverProfile)
    /// A relay finished answering (end of stored events); `foundProfile` says whether it had one.
    case relayAnswered(relay: String, foundProfile: Bool)
    /// A relay could not be reached or misbehaved.
    case relayFailed(relay: String, reason: String)
}

/// Why a profile fetch could not start.
public enum DriverProfileLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The driver's key is not a valid npub; the associated value says what is wrong with it.
    case invalidKey(String)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .invalidKey(let reason): return "the driver's key is not a valid npub: \(reason)"
        }
    }
}
