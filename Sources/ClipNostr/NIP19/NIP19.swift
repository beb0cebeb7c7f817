@_spi(ClipKitTooling) import ClipKit

/// NIP-19 Bech32 encodings of the entities that name people and events: public keys (`npub`),
/// profiles with relay hints (`nprofile`), events (`nevent`) and addressable events (`naddr`).
///
/// Decoding is strict: the checksum must verify, the string must be one case, the prefix must be
/// one of `acceptedPrefixes`, keys and ids must be exactly 32 bytes, and strings are capped at
/// 5,000 characters. A `nostr:` prefix (NIP-21) is accepted. In TLV data, unknown entry types are
/// ignored, relay hints ClipNostr would not connect to are skipped, and at most
/// ``maximumRelayHints`` are kept. An `nsec` is refused with a message that says never to share it.
///
/// ```swift
/// let entity = try NIP19.decode("npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")
/// entity.publicKey   // "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
/// let text = try NIP19.encodeProfile(publicKey: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d",
///                                    relays: ["wss://nos.lol"])
/// ```
public enum NIP19 {
    /// The most relay hints kept from an nprofile, nevent or naddr, and allowed when encoding one.
    public static let maximumRelayHints = 16

    /// The longest string ``decode(_:)`` accepts after the `nostr:` prefix, in characters.
    @_spi(ClipKitTooling) public static let maximumEncodedLength = Bech32.maximumLength

    /// The NIP-21 URI prefix that ``decode(_:)`` strips.
    @_spi(ClipKitTooling) public static let uriPrefix = "nostr:"

    /// The prefixes ``decode(_:)`` accepts, in the order messages list them.
    @_spi(ClipKitTooling) public static let acceptedPrefixes = ["npub", "nprofile", "nevent", "naddr"]

    /// The TLV entry types of NIP-19: `special` (what it holds depends on the prefix), `relay`,
    /// `author` and `kind`.
    private enum EntryType {
        static let special: UInt8 = 0
        static let relay: UInt8 = 1
        static let author: UInt8 = 2
        static let kind: UInt8 = 3
    }

    /// Decodes an `npub`, `nprofile`, `nevent` or `naddr` string, with or without a `nostr:` prefix.
    ///
    /// - Throws: ``NIP19Error`` saying what is wrong with the string, and where.
    public static func decode(_ text: String) throws -> NIP19Entity {
        try checkedDecode(text)
    }

    /// ``decode(_:)`` with its error typed, for this package.
    package static func checkedDecode(_ text: String) throws(NIP19Error) -> NIP19Entity {
        var body = Substring(text)
        if body.utf8.count >= uriPrefix.utf8.count, body.prefix(uriPrefix.count).lowercased() == uriPrefix {
            body = body.dropFirst(uriPrefix.count)
        }
        let decoded = try Bech32.decode(String(body))
        switch decoded.humanReadablePart {
        case "npub":
            guard decoded.bytes.count == 32 else { throw NIP19Error.invalidPublicKeyLength(decoded.bytes.count) }
            return .npub(publicKey: Hex.encode(decoded.bytes))
        case "nprofile":
            let entries = try TLVEntries(decoded.bytes, entity: "nprofile")
            let key = try entries.required(.publicKey, type: EntryType.special, byteCount: 32)
            return .nprofile(publicKey: Hex.encode(key), relays: entries.relayHints)
        case "nevent":
            let entries = try TLVEntries(decoded.bytes, entity: "nevent")
            let id = try entries.required(.eventID, type: EntryType.special, byteCount: 32)
            let author = try entries.optional(.author, type: EntryType.author, byteCount: 32)
            let kind = try entries.optional(.kind, type: EntryType.kind, byteCount: 4)
            return .nevent(NIP19EventPointer(
                eventID: Hex.encode(id), relays: entries.relayHints,
                author: author.map { Hex.encode($0) }, kind: kind.map(bigEndianInteger)
            ))
        case "naddr":
            let entries = try TLVEntries(decoded.bytes, entity: "naddr")
            let identifierBytes = try entries.required(.identifier, type: EntryType.special, byteCount: nil)
            guard let identifier = String(validatingUTF8Bytes: identifierBytes) else { throw NIP19Error.identifierNotUTF8 }
            let author = try entries.required(.author, type: EntryType.author, byteCount: 32)
            let kind = try entries.required(.kind, type: EntryType.kind, byteCount: 4)
            return .naddr(NIP19AddressPointer(
                identifier: identifier, author: Hex.encode(author), kind: bigEndianInteger(kind), relays: entries.relayHints
            ))
        default:
            throw NIP19Error.unsupportedPrefix(decoded.humanReadablePart)
        }
    }

    /// Encodes a public key (64 lowercase hex characters) as an `npub`.
    public static func encodePublicKey(_ publicKeyHex: String) throws -> String {
        try checkedEncodePublicKey(publicKeyHex)
    }

    /// ``encodePublicKey(_:)`` with its error typed, for this package.
    package static func checkedEncodePublicKey(_ publicKeyHex: String) throws(NIP19Error) -> String {
        let key = try keyBytes(publicKeyHex)
        return Bech32.encode(humanReadablePart: "npub", bytes: key)
    }

    /// Encodes a public key and relay hints as an `nprofile`.
    ///
    /// - Throws: ``NIP19Error/invalidRelay(_:)`` for a relay ClipNostr would not connect to, and
    ///   ``NIP19Error/tooManyRelays(_:limit:)`` past ``maximumRelayHints``.
    public static func encodeProfile(publicKey publicKeyHex: String, relays: [String]) throws -> String {
        try checkedEncodeProfile(publicKey: publicKeyHex, relays: relays)
    }

    /// ``encodeProfile(publicKey:relays:)`` with its error typed, for this package.
    package static func checkedEncodeProfile(publicKey publicKeyHex: String, relays: [String]) throws(NIP19Error) -> String {
        var data: [UInt8] = [EntryType.special, 32] + (try keyBytes(publicKeyHex))
        data += try relayEntries(relays)
        return Bech32.encode(humanReadablePart: "nprofile", bytes: data)
    }

    /// Encodes a pointer to an event as an `nevent`: the id, then the author and kind when given,
    /// then the relay hints (the order nostr-sdk writes).
    ///
    /// - Throws: ``NIP19Error/malformedEventIDHex`` for an id that is not 64 lowercase hex
    ///   characters, a public-key error for the author, and the relay errors of
    ///   ``encodeProfile(publicKey:relays:)``.
    public static func encodeEvent(_ pointer: NIP19EventPointer) throws -> String {
        try checkedEncodeEvent(pointer)
    }

    /// ``encodeEvent(_:)`` with its error typed, for this package.
    package static func checkedEncodeEvent(_ pointer: NIP19EventPointer) throws(NIP19Error) -> String {
        guard let id = Hex.decodeLowercase(pointer.eventID, byteCount: 32) else { throw NIP19Error.malformedEventIDHex }
        var data: [UInt8] = [EntryType.special, 32] + id
        if let author = pointer.author { data += [EntryType.author, 32] + (try keyBytes(author)) }
        if let kind = pointer.kind { data += [EntryType.kind, 4] + bigEndianBytes(kind) }
        data += try relayEntries(pointer.relays)
        return Bech32.encode(humanReadablePart: "nevent", bytes: data)
    }

    /// Encodes the coordinate of an addressable or replaceable event as an `naddr`: the
    /// identifier, author and kind, then the relay hints (the order nostr-sdk writes).
    ///
    /// - Throws: ``NIP19Error/identifierTooLong(_:limit:)`` for an identifier over 255 UTF-8
    ///   bytes, a public-key error for the author, and the relay errors of
    ///   ``encodeProfile(publicKey:relays:)``.
    public static func encodeAddress(_ pointer: NIP19AddressPointer) throws -> String {
        try checkedEncodeAddress(pointer)
    }

    /// ``encodeAddress(_:)`` with its error typed, for this package.
    package static func checkedEncodeAddress(_ pointer: NIP19AddressPointer) throws(NIP19Error) -> String {
        let identifier = Array(pointer.identifier.utf8)
        guard identifier.count <= 255 else { throw NIP19Error.identifierTooLong(identifier.count, limit: 255) }
        var data: [UInt8] = [EntryType.special, UInt8(identifier.count)] + identifier
        data += [EntryType.author, 32] + (try keyBytes(pointer.author))
        data += [EntryType.kind, 4] + bigEndianBytes(pointer.kind)
        data += try relayEntries(pointer.relays)
        return Bech32.encode(humanReadablePart: "naddr", bytes: data)
    }

    /// Encodes an entity as its NIP-19 string.
    public static func encode(_ entity: NIP19Entity) throws -> String {
        try checkedEncode(entity)
    }

    /// ``encode(_:)`` with its error typed, for this package.
    package static func checkedEncode(_ entity: NIP19Entity) throws(NIP19Error) -> String {
        switch entity {
        case .npub(let key): return try checkedEncodePublicKey(key)
        case .nprofile(let key, let relays): return try checkedEncodeProfile(publicKey: key, relays: relays)
        case .nevent(let pointer): return try checkedEncodeEvent(pointer)
        case .naddr(let pointer): return try checkedEncodeAddress(pointer)
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

    private static func relayEntries(_ relays: [String]) throws(NIP19Error) -> [UInt8] {
        guard relays.count <= maximumRelayHints else { throw .tooManyRelays(relays.count, limit: maximumRelayHints) }
        var data: [UInt8] = []
        for relay in relays {
            let checked: RelayURL
            do {
                checked = try RelayURL(checking: relay)
            } catch {
                throw .invalidRelay("\(relay): \(error.description)")
            }
            let bytes = Array(checked.string.utf8)
            guard bytes.count <= 255 else { throw .invalidRelay("\(relay): longer than the 255 bytes a TLV entry holds") }
            data += [EntryType.relay, UInt8(bytes.count)] + bytes
        }
        return data
    }

    private static func bigEndianInteger(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// The TLV entries of one entity's data, split once, with the rules every entry type shares.
    private struct TLVEntries {
        let entity: String
        private(set) var entries: [(type: UInt8, value: ArraySlice<UInt8>)] = []

        init(_ data: [UInt8], entity: String) throws(NIP19Error) {
            self.entity = entity
            var offset = 0
            while offset < data.count {
                guard offset + 2 <= data.count else { throw .truncatedTLV(entity: entity, offset: offset) }
                let length = Int(data[offset + 1])
                let start = offset + 2
                guard start + length <= data.count else { throw .truncatedTLV(entity: entity, offset: offset) }
                entries.append((data[offset], data[start..<(start + length)]))
                offset = start + length
            }
        }

        /// The one entry of `type`, or `nil` when there is none; more than one, or one of another
        /// length than `byteCount` (when given), is an error.
        func optional(_ field: NIP19Error.Field, type: UInt8, byteCount: Int?) throws(NIP19Error) -> ArraySlice<UInt8>? {
            var found: ArraySlice<UInt8>?
            for entry in entries where entry.type == type {
                guard found == nil else { throw .duplicateField(field, entity: entity) }
                if let byteCount, entry.value.count != byteCount {
                    throw .invalidFieldLength(field, entity: entity, length: entry.value.count, expected: byteCount)
                }
                found = entry.value
            }
            return found
        }

        /// The one entry of `type`; none is an error.
        func required(_ field: NIP19Error.Field, type: UInt8, byteCount: Int?) throws(NIP19Error) -> ArraySlice<UInt8> {
            guard let value = try optional(field, type: type, byteCount: byteCount) else {
                throw .missingField(field, entity: entity)
            }
            return value
        }

        /// The relay hints ClipNostr would connect to, without repeats, at most
        /// ``NIP19/maximumRelayHints``, in their order. Hints are advice: a bad one is skipped, not fatal.
        var relayHints: [String] {
            var relays: [String] = []
            for entry in entries where entry.type == EntryType.relay {
                guard relays.count < NIP19.maximumRelayHints else { break }
                if let text = String(validatingUTF8Bytes: entry.value),
                   let relay = try? RelayURL(text),
                   !relays.contains(relay.string) {
                    relays.append(relay.string)
                }
            }
            return relays
        }
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
