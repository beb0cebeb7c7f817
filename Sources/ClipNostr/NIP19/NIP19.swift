import ClipKit

/// NIP-19 Bech32 encodings of public keys (`npub`) and profiles with relay hints (`nprofile`).
///
/// Decoding is strict: the checksum must verify, the string must be one case, the prefix must be
/// `npub` or `nprofile`, keys must be exactly 32 bytes, and strings are capped at 5,000
/// characters. A `nostr:` prefix (NIP-21) is accepted.
///
/// ```swift
/// let entity = try NIP19.decode("npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")
/// entity.publicKey   // "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
/// let text = try NIP19.encodeProfile(publicKey: entity.publicKey, relays: ["wss://nos.lol"])
/// ```
public enum NIP19 {
    /// The most relay hints kept from an nprofile, and allowed when encoding one.
    public static let maximumRelayHints = 16

    /// The longest string ``decode(_:)`` accepts after the `nostr:` prefix, in characters.
    public static let maximumEncodedLength = Bech32.maximumLength

    /// The NIP-21 URI prefix that ``decode(_:)`` strips.
    public static let uriPrefix = "nostr:"

    private static let publicKeyType: UInt8 = 0
    private static let relayType: UInt8 = 1

    /// Decodes an `npub` or `nprofile` string, with or without a `nostr:` prefix.
    ///
    /// - Throws: ``NIP19Error`` saying what is wrong with the string.
    public static func decode(_ text: String) throws(NIP19Error) -> NIP19Entity {
        var body = Substring(text)
        if body.utf8.count >= uriPrefix.utf8.count, body.prefix(uriPrefix.count).lowercased() == uriPrefix {
            body = body.dropFirst(uriPrefix.count)
        }
        let decoded = try Bech32.decode(String(body))
        switch decoded.humanReadablePart {
        case "npub":
            guard decoded.bytes.count == 32 else { throw .invalidPublicKeyLength(decoded.bytes.count) }
            return .npub(publicKey: Hex.encode(decoded.bytes))
        case "nprofile":
            return try decodeProfile(decoded.bytes)
        default:
            throw .unsupportedPrefix(decoded.humanReadablePart)
        }
    }

    /// Encodes a public key (64 lowercase hex characters) as an `npub`.
    public static func encodePublicKey(_ publicKeyHex: String) throws(NIP19Error) -> String {
        let key = try keyBytes(publicKeyHex)
        return Bech32.encode(humanReadablePart: "npub", bytes: key)
    }

    /// Encodes a public key and relay hints as an `nprofile`.
    ///
    /// - Throws: ``NIP19Error/invalidRelay(_:)`` for a relay ClipNostr would not connect to, and
    ///   ``NIP19Error/tooManyRelays(_:limit:)`` past ``maximumRelayHints``.
    public static func encodeProfile(publicKey publicKeyHex: String, relays: [String]) throws(NIP19Error) -> String {
        let key = try keyBytes(publicKeyHex)
        guard relays.count <= maximumRelayHints else { throw .tooManyRelays(relays.count, limit: maximumRelayHints) }
        var data: [UInt8] = [publicKeyType, 32] + key
        for relay in relays {
            let checked: RelayURL
            do {
                checked = try RelayURL(relay)
            } catch {
                throw .invalidRelay("\(relay): \(error.description)")
            }
            let bytes = Array(checked.string.utf8)
            guard bytes.count <= 255 else { throw .invalidRelay("\(relay): longer than the 255 bytes a TLV entry holds") }
            data += [relayType, UInt8(bytes.count)] + bytes
        }
        return Bech32.encode(humanReadablePart: "nprofile", bytes: data)
    }

    /// Encodes an entity as its NIP-19 string.
    public static func encode(_ entity: NIP19Entity) throws(NIP19Error) -> String {
        switch entity {
        case .npub(let key): return try encodePublicKey(key)
        case .nprofile(let key, let relays): return try encodeProfile(publicKey: key, relays: relays)
        }
    }

    private static func keyBytes(_ hex: String) throws(NIP19Error) -> [UInt8] {
        guard let key = Hex.decodeLowercase(hex, byteCount: 32) else {
            if hex.utf8.count != 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) {
                throw .invalidPublicKeyLength(hex.utf8.count / 2)
            }
            throw .malformedPublicKeyHex
        }
        return key
    }

    private static func decodeProfile(_ data: [UInt8]) throws(NIP19Error) -> NIP19Entity {
        var publicKey: String?
        var relays: [String] = []
        var offset = 0
        while offset < data.count {
            guard offset + 2 <= data.count else { throw .truncatedTLV(offset: offset) }
            let type = data[offset]
            let length = Int(data[offset + 1])
            let start = offset + 2
            guard start + length <= data.count else { throw .truncatedTLV(offset: offset) }
            let value = data[start..<(start + length)]
            switch type {
            case publicKeyType:
                guard publicKey == nil else { throw .duplicatePublicKey }
                guard value.count == 32 else { throw .invalidPublicKeyLength(value.count) }
                publicKey = Hex.encode(value)
            case relayType:
                // Hints are advice: one ClipNostr would not connect to is skipped, not fatal.
                if relays.count < maximumRelayHints,
                   let text = String(validatingUTF8Bytes: value),
                   let relay = try? RelayURL(text),
                   !relays.contains(relay.string) {
                    relays.append(relay.string)
                }
            default:
                break
            }
            offset = start + length
        }
        guard let publicKey else { throw .missingPublicKey }
        return .nprofile(publicKey: publicKey, relays: relays)
    }
}

extension String {
    /// The bytes as a string when they are valid UTF-8; `nil` otherwise (never a replacement character).
    init?<Bytes: Collection>(validatingUTF8Bytes bytes: Bytes) where Bytes.Element == UInt8 {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
