import Foundation

/// Where a shown driver profile came from.
public enum DriverProfileOrigin: String, Sendable, Hashable {
    /// The share link carried the signed profile in its fragment; it was verified on the device.
    case link
    /// A relay the clip was given delivered it (the manifest's relays or the link's hints).
    case relay
    /// A write relay named by the driver's own relay list (NIP-65, kind 10002) delivered it: the
    /// given relays had no profile, or only a stale one.
    case writeRelay
}

/// What a clip shows of a driver: the readable parts of their verified Nostr profile (kind 0).
///
/// Build it from a profile that ClipNostr verified; the initializer cleans every field, since
/// profiles are written by anyone.
public struct DriverProfile: Sendable, Hashable {
    /// The driver's public key, 64 lower-case hex characters.
    public let pubkey: String
    /// The id of the profile event, when known; breaks ties between profiles of the same second.
    public let eventID: String?
    /// When the driver published this profile (the event's `created_at`).
    public let createdAt: Date
    /// The profile's `name`.
    public let name: String?
    /// The profile's `display_name`.
    public let displayName: String?
    /// The profile picture, only when it is an `https` URL.
    public let pictureURL: URL?
    /// The car, from the custom fields `car_color`, `car_make` and `car_model`.
    public let car: CarDetails?
    /// The relay the profile came from, when known.
    public let relay: String?
    /// Where the profile came from: the share link itself, or a relay.
    public let origin: DriverProfileOrigin
    /// The profile's `nip05` field as written: a claim, not shown until verified.
    public let nip05: String?
    /// The NIP-05 address to show (`maria@roadflare.app`), set only once its domain listed it
    /// with this profile's key (see ``DriverPreviewModel``); `nil` otherwise.
    public private(set) var verifiedNIP05: String?

    /// The longest name kept; longer names are cut.
    @_spi(ClipKitTooling) public static let maximumNameLength = 64
    /// The longest picture URL accepted.
    @_spi(ClipKitTooling) public static let maximumPictureURLLength = 2048
    /// The longest `nip05` field kept, in UTF-8 bytes (NIP-05 addresses are capped the same).
    @_spi(ClipKitTooling) public static let maximumNIP05Length = 320

    /// Creates a driver profile from a verified kind-0 event's fields.
    ///
    /// - Parameters:
    ///   - pubkey: The author's public key in hex.
    ///   - eventID: The event id in hex, if known.
    ///   - createdAt: The event's `created_at`.
    ///   - name: The `name` field.
    ///   - displayName: The `display_name` field.
    ///   - picture: The `picture` field; kept only when it is an `https` URL with a host.
    ///   - customFields: The profile's other text fields; `car_color`, `car_make` and
    ///     `car_model` describe the car.
    ///   - relay: The relay the event came from.
    ///   - origin: Where the event came from; a relay unless the share link carried it.
    ///   - nip05: The `nip05` field, unverified.
    public init(
        pubkey: String, eventID: String? = nil, createdAt: Date, name: String?, displayName: String?,
        picture: String?, customFields: [String: String] = [:], relay: String? = nil, origin: DriverProfileOrigin = .relay,
        nip05: String? = nil
    ) {
        self.origin = origin
        self.nip05 = nip05.flatMap { $0.utf8.count <= Self.maximumNIP05Length ? $0 : nil }
        self.pubkey = pubkey.lowercased()
        self.eventID = eventID?.lowercased()
        self.createdAt = createdAt
        self.name = ProfileText.cleaned(name, maximumLength: Self.maximumNameLength)
        self.displayName = ProfileText.cleaned(displayName, maximumLength: Self.maximumNameLength)
        self.pictureURL = Self.secureURL(picture)
        self.car = CarDetails(customFields: customFields)
        self.relay = relay
    }

    /// The name to show: the display name, else the name, else `nil`.
    public var readableName: String? {
        displayName ?? name
    }

    /// This profile with `address` shown as its verified NIP-05 address.
    ///
    /// Only ``DriverPreviewModel`` calls it with a result of ClipNostr's `NIP05Verifier`; pass an
    /// address only when its domain listed it with ``pubkey``.
    @_spi(ClipKitTooling) public func withVerifiedNIP05(_ address: String) -> DriverProfile {
        var copy = self
        copy.verifiedNIP05 = address
        return copy
    }

    /// Whether this profile should replace `other`: it is newer, or as old and its event id
    /// comes first (the rule NIP-01 gives for replaceable events).
    @_spi(ClipKitTooling) public func supersedes(_ other: DriverProfile) -> Bool {
        if createdAt != other.createdAt { return createdAt > other.createdAt }
        guard let eventID, let otherID = other.eventID else { return false }
        return eventID < otherID
    }

    private static func secureURL(_ text: String?) -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, text.utf8.count <= maximumPictureURLLength,
              let components = URLComponents(string: text),
              components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil
        else { return nil }
        return components.url
    }
}
