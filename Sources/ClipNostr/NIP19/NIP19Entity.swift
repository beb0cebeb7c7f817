/// A decoded NIP-19 entity that names a person: a bare public key (`npub`) or a public key with
/// relay hints (`nprofile`).
public enum NIP19Entity: Sendable, Equatable {
    /// An `npub`: the public key as 64 lowercase hex characters.
    case npub(publicKey: String)
    /// An `nprofile`: the public key and the relays where the person's events can be found.
    ///
    /// Only hints ClipNostr would connect to are kept (see ``RelayURL``), at most
    /// ``NIP19/maximumRelayHints``, in their original order.
    case nprofile(publicKey: String, relays: [String])

    /// The public key as 64 lowercase hex characters.
    public var publicKey: String {
        switch self {
        case .npub(let key), .nprofile(let key, _): return key
        }
    }

    /// The relay hints (empty for an `npub`).
    public var relays: [String] {
        switch self {
        case .npub: return []
        case .nprofile(_, let relays): return relays
        }
    }

    /// The entity's prefix: `npub` or `nprofile`.
    public var typeName: String {
        switch self {
        case .npub: return "npub"
        case .nprofile: return "nprofile"
        }
    }
}
