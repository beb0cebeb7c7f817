@_spi(ClipKitTooling) import ClipKit

/// A compact encoding of a signed Nostr event for a URL fragment (`#…`), which browsers and the
/// system never send to a server.
///
/// ```swift
/// let fragment = try EventFragment.encode(signedProfile)        // "AcvZx3oGjSw-2yJD…"
/// let event = try EventFragment.decode(fragment)                 // id recomputed; verify it next
/// ```
///
/// Layout, version 1, then unpadded base64url:
///
/// | field | bytes |
/// |---|---|
/// | version | 1 byte, `1` |
/// | pubkey | 32 |
/// | created_at | unsigned LEB128, minimal |
/// | kind | unsigned LEB128, minimal, at most 65,535 |
/// | signature | 64 |
/// | content | LEB128 byte count, then UTF-8 |
/// | tags | LEB128 tag count; per tag an element count (at least 1); per element a byte count, then UTF-8 |
///
/// The id is never carried: it is the hash of the other fields, so the decoder recomputes it and a
/// changed byte anywhere makes the signature fail. Decoding is strict: every input is either
/// exactly one event or rejected with an ``EventFragmentError`` — a wrong version, a cut, a number
/// written long or out of range, invalid UTF-8, bytes after the last tag, a fragment past the
/// size cap. A decoded event is still only a claim: verify it with ``EventVerifier``.
public enum EventFragment {
    /// The format version this library writes and reads.
    public static let version: UInt8 = 1
    /// The most bytes an encoded event may take before base64url: 2,048, which keeps a share link
    /// well under the router's URL limit and inside a version-40 QR code.
    public static let maximumBytes = 2_048
    /// The most characters a fragment may have: ``maximumBytes`` in base64url.
    @_spi(ClipKitTooling) public static let maximumCharacters = Base64URL.encodedLength(of: maximumBytes)

    /// The event laid out and written as unpadded base64url.
    ///
    /// - Throws: ``EventFragmentError/malformedEvent(_:)`` when the pubkey or signature is not
    ///   lowercase hex of the right length, `created_at` is negative or the kind out of range;
    ///   ``EventFragmentError/eventTooLarge(bytes:limit:)`` past ``maximumBytes``.
    public static func encode(_ event: NostrEvent) throws -> String {
        try checkedEncode(event)
    }

    /// ``encode(_:)`` with its error typed, for this package.
    package static func checkedEncode(_ event: NostrEvent) throws(EventFragmentError) -> String {
        Base64URL.encode(try bytes(of: event))
    }

    /// The event laid out as bytes, before base64url.
    static func bytes(of event: NostrEvent) throws(EventFragmentError) -> [UInt8] {
        guard let publicKey = Hex.decodeLowercase(event.pubkey, byteCount: 32) else { throw .malformedEvent(.malformedPublicKey) }
        guard let signature = Hex.decodeLowercase(event.signature, byteCount: 64) else { throw .malformedEvent(.malformedSignature) }
        guard event.createdAt >= 0 else { throw .malformedEvent(.negativeCreationTime(event.createdAt)) }
        guard EventLimits.kindRange.contains(event.kind) else { throw .malformedEvent(.kindOutOfRange(event.kind)) }
        var output: [UInt8] = [version]
        output.reserveCapacity(128 + event.content.utf8.count)
        output += publicKey
        appendNumber(UInt64(event.createdAt), to: &output)
        appendNumber(UInt64(event.kind), to: &output)
        output += signature
        appendText(event.content, to: &output)
        appendNumber(UInt64(event.tags.count), to: &output)
        for (index, tag) in event.tags.enumerated() {
            guard !tag.isEmpty else { throw .malformedEvent(.emptyTag(index: index)) }
            appendNumber(UInt64(tag.count), to: &output)
            for element in tag { appendText(element, to: &output) }
            if output.count > maximumBytes { break }
        }
        guard output.count <= maximumBytes else { throw .eventTooLarge(bytes: output.count, limit: maximumBytes) }
        return output
    }

    /// The event a fragment holds, with its id recomputed from the other fields.
    ///
    /// A leading `#` is not part of the fragment; pass what follows it.
    ///
    /// - Throws: ``EventFragmentError`` saying what is wrong and where.
    public static func decode(_ fragment: some StringProtocol) throws -> NostrEvent {
        try checkedDecode(fragment)
    }

    /// ``decode(_:)`` with its error typed, for this package.
    package static func checkedDecode(_ fragment: some StringProtocol) throws(EventFragmentError) -> NostrEvent {
        let characters = fragment.utf8.count
        guard characters > 0 else { throw EventFragmentError.empty }
        guard characters <= maximumCharacters else { throw EventFragmentError.tooLong(characters: characters, limit: maximumCharacters) }
        let bytes: [UInt8]
        do {
            bytes = try Base64URL.decode(fragment)
        } catch {
            switch error {
            case .invalidCharacter(let offset): throw EventFragmentError.invalidCharacter(offset: offset)
            case .impossibleLength(let length): throw EventFragmentError.impossibleLength(length)
            case .nonCanonicalEnding: throw EventFragmentError.nonCanonicalBase64
            }
        }
        return try decode(bytes: bytes)
    }

    /// The event that `bytes` (the layout before base64url) hold.
    static func decode(bytes: [UInt8]) throws(EventFragmentError) -> NostrEvent {
        guard bytes.count <= maximumBytes else { throw .tooLong(characters: Base64URL.encodedLength(of: bytes.count), limit: maximumCharacters) }
        var reader = Reader(bytes: bytes)
        let found = try reader.byte(.version)
        guard found == version else { throw .unsupportedVersion(found) }
        let publicKey = try reader.fixed(32, .pubkey)
        let createdAt = try reader.number(.createdAt)
        guard createdAt <= UInt64(Int64.max) else { throw .numberOutOfRange(.createdAt) }
        let kind = try reader.number(.kind)
        guard kind <= UInt64(EventLimits.kindRange.upperBound) else { throw .numberOutOfRange(.kind) }
        let signature = try reader.fixed(64, .signature)
        let content = try reader.text(.content)
        let tagCount = try reader.number(.tags)
        var tags: [[String]] = []
        // Every tag takes at least two bytes, so a count larger than what is left is a cut.
        guard tagCount <= UInt64(reader.remaining) else { throw .truncated(.tags) }
        for index in 0..<Int(tagCount) {
            let elementCount = try reader.number(.tags)
            guard elementCount > 0 else { throw .emptyTag(index: index) }
            guard elementCount <= UInt64(reader.remaining) else { throw .truncated(.tags) }
            var tag: [String] = []
            for _ in 0..<Int(elementCount) { tag.append(try reader.text(.tags)) }
            tags.append(tag)
        }
        guard reader.remaining == 0 else { throw .trailingBytes(reader.remaining) }
        var event = NostrEvent(
            id: "", pubkey: Hex.encode(publicKey), createdAt: Int64(createdAt), kind: Int(kind), tags: tags,
            content: content, signature: Hex.encode(signature)
        )
        event.id = event.computedID()
        return event
    }

    /// The character between the profile and the relay list in a fragment that carries both.
    ///
    /// It is outside the base64url alphabet, so each part decodes alone; a reader that knows only
    /// single events refuses such a fragment as a whole and falls back to the relays.
    public static let partSeparator: Character = "."

    /// A share link's fragment carrying the signed profile and, after ``partSeparator``, the
    /// author's signed relay list (kind 10002), so a clip knows the author's write relays without
    /// a lookup.
    ///
    /// - Throws: ``EventFragmentError`` from encoding either event;
    ///   ``EventFragmentError/notAProfile(kind:)`` or ``EventFragmentError/notARelayList(kind:)``
    ///   for events of other kinds, ``EventFragmentError/authorMismatch(expected:found:)`` when
    ///   the two authors differ.
    public static func encode(profile: NostrEvent, relayList: NostrEvent) throws -> String {
        try checkedEncode(profile: profile, relayList: relayList)
    }

    /// ``encode(profile:relayList:)`` with its error typed, for this package.
    package static func checkedEncode(profile: NostrEvent, relayList: NostrEvent) throws(EventFragmentError) -> String {
        guard profile.kind == 0 else { throw EventFragmentError.notAProfile(kind: profile.kind) }
        guard relayList.kind == ProfileFilter.relayListKind else { throw EventFragmentError.notARelayList(kind: relayList.kind) }
        guard relayList.pubkey == profile.pubkey else { throw EventFragmentError.authorMismatch(expected: profile.pubkey, found: relayList.pubkey) }
        return try checkedEncode(profile) + String(partSeparator) + checkedEncode(relayList)
    }

    /// The kind-0 event by `author` (hex public key) that a share link's fragment holds: the whole
    /// fragment, or its part before ``partSeparator``.
    ///
    /// - Throws: ``EventFragmentError``; ``EventFragmentError/authorMismatch(expected:found:)``
    ///   when the event is by another key than the link's path names, and
    ///   ``EventFragmentError/notAProfile(kind:)`` when it is not kind 0.
    public static func decodeProfile(_ fragment: some StringProtocol, author: String) throws -> NostrEvent {
        try checkedDecodeProfile(fragment, author: author)
    }

    /// ``decodeProfile(_:author:)`` with its error typed, for this package.
    package static func checkedDecodeProfile(_ fragment: some StringProtocol, author: String) throws(EventFragmentError) -> NostrEvent {
        let profilePart = fragment.firstIndex(of: partSeparator).map { fragment[..<$0] } ?? fragment[...]
        let event = try checkedDecode(profilePart)
        guard event.pubkey == author.lowercased() else { throw EventFragmentError.authorMismatch(expected: author.lowercased(), found: event.pubkey) }
        guard event.kind == 0 else { throw EventFragmentError.notAProfile(kind: event.kind) }
        return event
    }

    /// The kind-10002 relay list by `author` that a share link's fragment carries after
    /// ``partSeparator``; `nil` when the fragment has no second part.
    ///
    /// - Throws: ``EventFragmentError`` for a second part that is not exactly one signed event,
    ///   ``EventFragmentError/authorMismatch(expected:found:)`` when it is by another key, and
    ///   ``EventFragmentError/notARelayList(kind:)`` when it is not kind 10002.
    public static func decodeRelayList(_ fragment: some StringProtocol, author: String) throws -> NostrEvent? {
        try checkedDecodeRelayList(fragment, author: author)
    }

    /// ``decodeRelayList(_:author:)`` with its error typed, for this package.
    package static func checkedDecodeRelayList(_ fragment: some StringProtocol, author: String) throws(EventFragmentError) -> NostrEvent? {
        guard let separator = fragment.firstIndex(of: partSeparator) else { return nil }
        let event = try checkedDecode(fragment[fragment.index(after: separator)...])
        guard event.pubkey == author.lowercased() else { throw EventFragmentError.authorMismatch(expected: author.lowercased(), found: event.pubkey) }
        guard event.kind == ProfileFilter.relayListKind else { throw EventFragmentError.notARelayList(kind: event.kind) }
        return event
    }

    // MARK: - Layout

    private static func appendNumber(_ value: UInt64, to output: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    private static func appendText(_ text: String, to output: inout [UInt8]) {
        appendNumber(UInt64(text.utf8.count), to: &output)
        output += text.utf8
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func byte(_ field: EventFragmentField) throws(EventFragmentError) -> UInt8 {
            guard offset < bytes.count else { throw .truncated(field) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func fixed(_ count: Int, _ field: EventFragmentField) throws(EventFragmentError) -> ArraySlice<UInt8> {
            guard remaining >= count else { throw .truncated(field) }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        /// An unsigned LEB128 number of at most 64 bits, in its shortest form.
        mutating func number(_ field: EventFragmentField) throws(EventFragmentError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte(field)
                let payload = UInt64(next & 0x7F)
                if shift == 63 && payload > 1 { throw .numberOutOfRange(field) }
                value |= payload << shift
                if next & 0x80 == 0 {
                    if next == 0 && shift > 0 { throw .nonMinimalNumber(field) }
                    return value
                }
                shift += 7
                if shift > 63 { throw .numberOutOfRange(field) }
            }
        }

        mutating func text(_ field: EventFragmentField) throws(EventFragmentError) -> String {
            let length = try number(field)
            guard length <= UInt64(remaining) else { throw .truncated(field) }
            let slice = try fixed(Int(length), field)
            // Decoding repairs invalid UTF-8 with U+FFFD, so only valid text reads back byte for byte.
            let text = String(decoding: slice, as: UTF8.self)
            guard text.utf8.elementsEqual(slice) else { throw .invalidUTF8(field) }
            return text
        }
    }
}
