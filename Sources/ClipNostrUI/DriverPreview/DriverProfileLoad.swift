/// A fetch in progress: the key it is for and the updates it yields.
@available(iOS 16.0, *)
public struct DriverProfileLoad: Sendable {
    /// The public key the npub decodes to, in hex; profiles for any other key are ignored.
    public let pubkey: String
    /// How many relays are asked.
    @_spi(ClipKitTooling) public let relayCount: Int
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
