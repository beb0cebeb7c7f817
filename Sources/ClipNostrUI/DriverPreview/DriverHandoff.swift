@_spi(ClipKitTooling) import ClipKit

/// What the driver-share flow hands to the full app: the driver whose share link opened the clip,
/// to pre-fill the app's add-driver screen.
///
/// The clip offers it when the person taps "Get the app"; the app claims it on first launch
/// (``DriverOnboardingRule``). It goes under ``handoffTypeName`` unless the route names another type
/// in `clipkit.json` (`routes[].handoff`). Decoding is strict: unknown members, an `npub` that is not
/// shaped like one, an over-long name or a negative timestamp make the payload undecodable. (The
/// bech32 checksum is checked where the npub came from: the router's `npub` parameter kind, and the
/// onboarding rule.)
public struct DriverHandoff: HandoffPayload, Equatable {
    /// `"clipkit.driver"`: the type name the flow uses when the route names none.
    public static let handoffTypeName = "clipkit.driver"
    /// The longest display name kept, in characters.
    @_spi(ClipKitTooling) public static let maximumDisplayNameLength = 256

    /// The driver's public key as a NIP-19 `npub1…` string.
    public var npub: String
    /// The driver's display name as the clip showed it (from the kind-0 profile), if it had one.
    public var displayName: String?
    /// The `created_at` (Unix seconds) of the kind-0 profile the display name came from, if any.
    public var profileCreatedAt: Int?

    /// Creates the handoff.
    public init(npub: String, displayName: String? = nil, profileCreatedAt: Int? = nil) {
        self.npub = npub
        self.displayName = displayName
        self.profileCreatedAt = profileCreatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case npub, displayName, profileCreatedAt }

    /// Decodes the payload strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowing: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        npub = try container.decode(String.self, forKey: .npub)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        profileCreatedAt = try container.decodeIfPresent(Int.self, forKey: .profileCreatedAt)
        if let problem = problem {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// Encodes the payload, leaving out absent members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(npub, forKey: .npub)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(profileCreatedAt, forKey: .profileCreatedAt)
    }

    /// What is wrong with the payload, or `nil` when it is well formed.
    public var problem: String? {
        if !Self.isNpubShaped(npub) {
            return "'\(npub.prefix(80))' is not an npub: expected 'npub1' and 58 bech32 characters"
        }
        if let displayName, displayName.count > Self.maximumDisplayNameLength {
            return "the display name has \(displayName.count) characters; at most \(Self.maximumDisplayNameLength) are kept"
        }
        if let profileCreatedAt, profileCreatedAt < 0 {
            return "profileCreatedAt is \(profileCreatedAt); a Nostr timestamp is Unix seconds, never negative"
        }
        return nil
    }

    /// Whether `value` looks like an npub: `npub1` and 58 lower-case bech32 characters.
    static func isNpubShaped(_ value: String) -> Bool {
        guard value.hasPrefix("npub1"), value.unicodeScalars.count == 63 else { return false }
        return ASCIISet("qpzry9x8gf2tvdw0s3jn54khce6mua7l").containsAll(value.dropFirst(5))
    }
}
