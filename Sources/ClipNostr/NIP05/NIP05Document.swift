@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A domain's `/.well-known/nostr.json`, read strictly: `{"names": {name: key}, "relays": {key: [url]}}`.
///
/// The body is untrusted, so it is read with ClipKit's `ClipKit.StrictJSONParser` as RFC 8259
/// JSON, under bounds that every document a real domain serves fits, so that none that follows the
/// spec is refused:
///
/// - Size: at most `defaultMaximumBytes` (1 MiB) by default. A name with its key is about 80
///   bytes and a `relays` entry with three relays about 150, so 1 MiB holds some ten thousand names
///   with their relays — more than the largest static documents in use (64 KiB, the old cap, held
///   only a few hundred, and such documents could never verify). A domain that lists more answers
///   `?name=` with that name alone, as NIP-05 lets it. The bound keeps what one lookup costs a
///   clip or a server small and known.
/// - Depth: `maximumDepth` (32) levels of arrays and objects, ClipKit's bound for untrusted JSON.
///   NIP-05 itself needs three (`relays`, a key, its list), but a document may carry other members
///   (`nip46`, a provider's own) nested deeper; 32 is far beyond any such, and keeps the reader's
///   recursion short on a clip's thread.
/// - Numbers: any length the body can hold. NIP-05 has no number, but a document may carry one in
///   another member (a 70-digit identifier is valid JSON); it is kept as text and never converted.
///
/// A document beyond a bound is ``NIP05Error/tooLarge(url:limit:)`` or
/// ``NIP05Error/invalidDocument(url:reason:)`` saying which bound, never "not JSON". `names` must be
/// an object; members whose value is not a string are left out (a name is only checked when asked
/// for, by `lookUp(_:)`). `relays` is optional: when it is not an object, or a key's entry is not
/// an array, there are simply no hints; every hint is checked with ``RelayURL``, refused ones are
/// skipped, and at most `maximumRelayHints` are kept.
///
/// ```swift
/// let document = try NIP05Document(parsing: body, url: address.wellKnownURL)
/// switch document.lookUp(address) { … }
/// ```
public struct NIP05Document: Sendable, Equatable {
    /// The deepest nesting of arrays and objects read, the document itself counting as one: 32.
    @_spi(ClipKitTooling) public static let maximumDepth = 32
    /// The longest body read, by default: 1 MiB (see the type's discussion for why).
    @_spi(ClipKitTooling) public static let defaultMaximumBytes = 1024 * 1024
    /// The relay hints kept for one key, by default.
    public static let defaultMaximumRelayHints = 8

    /// The names the document lists, each with the string it gives as the key (checked by ``lookUp(_:)``).
    @_spi(ClipKitTooling) public let names: [String: String]
    /// The relay lists the document gives, by key, as sent.
    @_spi(ClipKitTooling) public let relays: [String: [String]]
    /// Where the document came from, for messages.
    @_spi(ClipKitTooling) public let url: URL
    /// The most relay hints ``lookUp(_:)`` returns.
    @_spi(ClipKitTooling) public let maximumRelayHints: Int

    /// Reads `body` as a NIP-05 document.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - url: Where it came from, for messages.
    ///   - maximumBytes: The longest body accepted.
    ///   - maximumRelayHints: The most relay hints kept for a key.
    /// - Throws: ``NIP05Error/tooLarge(url:limit:)``, ``NIP05Error/notJSON(url:reason:)`` or
    ///   ``NIP05Error/invalidDocument(url:reason:)``.
    @_spi(ClipKitTooling) public init<Bytes: Collection>(
        parsing body: Bytes, url: URL, maximumBytes: Int = Self.defaultMaximumBytes,
        maximumRelayHints: Int = Self.defaultMaximumRelayHints
    ) throws(NIP05Error) where Bytes.Element == UInt8 {
        guard body.count <= maximumBytes else { throw .tooLarge(url: url, limit: maximumBytes) }
        let value: JSONValue
        // A number literal may be as long as the body: RFC 8259 sets no bound, and it stays text.
        let parser = StrictJSONParser(maximumBytes: maximumBytes, maximumDepth: Self.maximumDepth, maximumNumberLength: max(1, maximumBytes))
        do {
            value = try parser.parse(body)
        } catch {
            switch error.kind {
            case .tooLarge(let limit):
                throw .tooLarge(url: url, limit: limit)
            case .tooDeep(let limit):
                throw .invalidDocument(url: url, reason: "it nests arrays and objects deeper than \(limit) levels, more than a NIP-05 document is read to")
            default:
                throw .notJSON(url: url, reason: error.description)
            }
        }
        guard let root = value.objectValue else {
            throw .invalidDocument(url: url, reason: "the document is \(value.typeDescription), not an object")
        }
        guard let listed = root["names"] else {
            throw .invalidDocument(url: url, reason: "it has no \"names\" member")
        }
        guard let names = listed.objectValue else {
            throw .invalidDocument(url: url, reason: "\"names\" is \(listed.typeDescription), not an object")
        }
        self.names = names.compactMapValues(\.stringValue)
        var relays: [String: [String]] = [:]
        for (key, entry) in root["relays"]?.objectValue ?? [:] {
            guard let list = entry.arrayValue else { continue }
            relays[key] = list.compactMap(\.stringValue)
        }
        self.relays = relays
        self.url = url
        self.maximumRelayHints = max(0, maximumRelayHints)
    }

    /// What the document says about `address`: its key and relay hints, that it does not list the
    /// name, or that it lists it with something that is not a key.
    ///
    /// The name is matched in lowercase, as NIP-05 compares it without regard to case; a document
    /// that spells it otherwise is matched only when exactly one of its names folds to it.
    ///
    /// - Throws: ``NIP05Error/invalidPublicKey(url:name:value:)`` for a listed value that is not
    ///   64 lowercase hexadecimal characters.
    /// - Returns: The identity, or `nil` when the name is not listed.
    @_spi(ClipKitTooling) public func lookUp(_ address: NIP05Address) throws(NIP05Error) -> NIP05Identity? {
        let value: String
        if let exact = names[address.localPart] {
            value = exact
        } else {
            let folded = names.filter { $0.key.lowercased() == address.localPart }
            guard folded.count == 1, let only = folded.first else { return nil }
            value = only.value
        }
        guard Hex.decodeLowercase(value, byteCount: 32) != nil else {
            throw .invalidPublicKey(url: url, name: address.localPart, value: value)
        }
        return NIP05Identity(address: address, publicKey: value, relayHints: relayHints(for: value))
    }

    /// The checked relay hints the document gives for `publicKey`, repeats and refused URLs left
    /// out, at most ``maximumRelayHints``.
    @_spi(ClipKitTooling) public func relayHints(for publicKey: String) -> [RelayURL] {
        var hints: [RelayURL] = []
        for text in relays[publicKey] ?? [] {
            guard hints.count < maximumRelayHints else { break }
            guard let relay = try? RelayURL(text), !hints.contains(relay) else { continue }
            hints.append(relay)
        }
        return hints
    }
}

/// A NIP-05 address together with the key its domain lists for it, and the relays it names.
public struct NIP05Identity: Sendable, Equatable {
    /// The address.
    public let address: NIP05Address
    /// The public key the domain lists: 64 lowercase hexadecimal characters.
    public let publicKey: String
    /// The relays the domain's `relays` entry names for the key, checked and capped.
    public let relayHints: [RelayURL]

    /// Creates an identity.
    public init(address: NIP05Address, publicKey: String, relayHints: [RelayURL] = []) {
        self.address = address
        self.publicKey = publicKey
        self.relayHints = relayHints
    }
}
