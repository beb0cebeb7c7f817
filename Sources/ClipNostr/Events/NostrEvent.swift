@_spi(ClipKitTooling) import ClipKit
import Crypto
import Foundation

/// A Nostr event as NIP-01 defines it: who wrote what, when, of which kind, with its id and
/// BIP-340 signature.
///
/// A value of this type is only a claim. Check it with ``EventVerifier`` before showing it; decode
/// untrusted JSON with ``NostrEvent/init(jsonData:limits:)``, which keeps `content` byte for byte
/// and rejects what other implementations could read differently.
///
/// ```swift
/// let event = try NostrEvent(jsonData: frame)
/// switch EventVerifier().verify(event) {
/// case .success: show(event)
/// case .failure(let error): log(error.description)
/// }
/// ```
public struct NostrEvent: Sendable, Equatable {
    /// The event id: lowercase hex of the SHA-256 of ``canonicalSerialization()``.
    public var id: String
    /// The author's x-only public key, 32 bytes as lowercase hex.
    public var pubkey: String
    /// When the author says the event was made, in seconds since 1970 (JSON `created_at`).
    public var createdAt: Int64
    /// The event kind (0 is a profile, 1 a note, …), 0 to 65,535.
    public var kind: Int
    /// The tags: arrays of one or more strings.
    public var tags: [[String]]
    /// The content, exactly as signed.
    public var content: String
    /// The BIP-340 Schnorr signature of the id, 64 bytes as lowercase hex (JSON `sig`).
    public var signature: String

    /// Creates an event from its fields, as received or as built for tests; nothing is checked.
    public init(id: String, pubkey: String, createdAt: Int64, kind: Int, tags: [[String]], content: String, signature: String) {
        self.id = id
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
        self.signature = signature
    }

    /// The bytes whose SHA-256 is the event id: `[0,<pubkey>,<created_at>,<kind>,<tags>,<content>]`
    /// as compact UTF-8 JSON, escaped the way NIP-01 prescribes.
    public func canonicalSerialization() -> Data {
        Data(canonicalBytes())
    }

    /// The id these fields hash to: lowercase hex of the SHA-256 of ``canonicalSerialization()``.
    ///
    /// An event is genuine only when this equals ``id`` and the signature verifies.
    @_spi(ClipKitTooling) public func computedID() -> String {
        Hex.encode(computedIDBytes())
    }

    /// The 32 bytes of ``computedID()``.
    func computedIDBytes() -> [UInt8] {
        Array(SHA256.hash(data: canonicalBytes()))
    }

    func canonicalBytes() -> [UInt8] {
        var writer = EventJSONWriter(estimatedSize: content.utf8.count + pubkey.utf8.count + 64 + tags.count * 32)
        writer.append(ascii: "[0,")
        writer.appendString(pubkey)
        writer.append(byte: UInt8(ascii: ","))
        writer.appendInteger(createdAt)
        writer.append(byte: UInt8(ascii: ","))
        writer.appendInteger(Int64(kind))
        writer.append(byte: UInt8(ascii: ","))
        writer.appendTags(tags)
        writer.append(byte: UInt8(ascii: ","))
        writer.appendString(content)
        writer.append(byte: UInt8(ascii: "]"))
        return writer.bytes
    }
}
