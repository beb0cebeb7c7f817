@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A person's kind-0 profile (NIP-01 and NIP-24 fields), read defensively from untrusted content.
///
/// Fields of the wrong JSON type are ignored, strings are cut to ``ProfileLimits``, names lose
/// control and bidirectional-override characters, and URL fields keep only `https` URLs
/// (`javascript:`, `data:`, `file:` and plain `http` are dropped). Every field ClipNostr does not
/// know — RoadFlare's `car_color`, `car_make`, `car_model` — is kept in ``custom``.
///
/// ```swift
/// let profile = try Profile(event: verifiedEvent)
/// title.text = profile.preferredName ?? "Unnamed driver"
/// let car = profile.custom["car_make"]?.stringValue
/// ```
public struct Profile: Sendable, Equatable {
    /// `name`: a short handle.
    public var name: String?
    /// `display_name`, or the deprecated `displayName` when `display_name` is absent.
    public var displayName: String?
    /// `picture`: the avatar, `https` only.
    public var picture: URL?
    /// `banner`: a wide header image, `https` only.
    public var banner: URL?
    /// `about`: a short biography.
    public var about: String?
    /// `website`, `https` only.
    public var website: URL?
    /// `nip05`: an internet identifier such as `alice@example.com` (not verified here).
    public var nip05: String?
    /// `lud16`: a Lightning address such as `alice@wallet.example`.
    public var lightningAddress: String?
    /// `bot`: whether the account says it is automated.
    public var isBot: Bool?
    /// Every other member of the content, as JSON.
    public var custom: [String: JSONValue]

    /// The field names this type reads itself; everything else goes to ``custom``.
    @_spi(ClipKitTooling) public static let knownFields: Set<String> = [
        "name", "display_name", "displayName", "picture", "banner", "about", "website", "nip05", "lud16", "bot",
    ]

    /// The deepest nesting of arrays and objects read in a profile's content.
    @_spi(ClipKitTooling) public static let maximumContentDepth = 16

    /// Whether profile fields drop `scalar`: C0 and C1 controls and the bidirectional embedding,
    /// override and isolate characters. Share pages apply the same rule in the browser.
    @_spi(ClipKitTooling) public static func dropsFromFields(_ scalar: Unicode.Scalar) -> Bool {
        ProfileFieldReader.isInvisibleControl(scalar)
    }

    /// Creates a profile from its fields.
    public init(
        name: String? = nil, displayName: String? = nil, picture: URL? = nil, banner: URL? = nil,
        about: String? = nil, website: URL? = nil, nip05: String? = nil, lightningAddress: String? = nil,
        isBot: Bool? = nil, custom: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.displayName = displayName
        self.picture = picture
        self.banner = banner
        self.about = about
        self.website = website
        self.nip05 = nip05
        self.lightningAddress = lightningAddress
        self.isBot = isBot
        self.custom = custom
    }

    /// The name to show: ``displayName``, else ``name``.
    public var preferredName: String? {
        displayName ?? name
    }

    /// Reads the profile in a kind-0 event's content. Verify the event first.
    ///
    /// - Throws: ``ProfileError`` when the event is not kind 0 or its content is not a JSON object
    ///   within the limits.
    public init(event: NostrEvent, limits: ProfileLimits = .standard) throws {
        guard event.kind == 0 else { throw ProfileError.notAProfileEvent(kind: event.kind) }
        try self.init(content: event.content, limits: limits)
    }

    /// Reads a profile from kind-0 content (a JSON object as text).
    public init(content: String, limits: ProfileLimits = .standard) throws {
        let bytes = content.utf8.count
        guard bytes <= limits.maximumContentBytes else { throw ProfileError.contentTooLarge(bytes: bytes, limit: limits.maximumContentBytes) }
        let parsed: JSONValue
        do {
            parsed = try StrictJSONParser(maximumBytes: limits.maximumContentBytes, maximumDepth: Self.maximumContentDepth).parse(content)
        } catch {
            throw ProfileError.invalidJSON(error)
        }
        guard let object = parsed.objectValue else { throw ProfileError.notAnObject(found: parsed.typeDescription) }
        self.init(members: object, limits: limits)
    }

    private init(members object: [String: JSONValue], limits: ProfileLimits) {
        let reader = ProfileFieldReader(limits: limits)
        name = reader.singleLine(object["name"])
        displayName = reader.singleLine(object["display_name"]) ?? reader.singleLine(object["displayName"])
        picture = reader.secureURL(object["picture"])
        banner = reader.secureURL(object["banner"])
        about = reader.text(object["about"], maximumLength: limits.maximumAboutLength)
        website = reader.secureURL(object["website"])
        nip05 = reader.identifier(object["nip05"])
        lightningAddress = reader.identifier(object["lud16"])
        isBot = object["bot"]?.boolValue
        var custom: [String: JSONValue] = [:]
        for key in object.keys.sorted() where !Self.knownFields.contains(key) {
            guard custom.count < limits.maximumCustomFields else { break }
            if let value = object[key] { custom[key] = value }
        }
        self.custom = custom
    }
}
