@_spi(ClipKitTooling) import ClipKit

/// Decides whether an event is genuine: well-formed, its id the hash of its fields, and its
/// signature made by its `pubkey`.
///
/// ```swift
/// let verifier = EventVerifier()
/// if case .failure(let error) = verifier.verify(event) {
///     print("rejected (\(error.code)): \(error)")
/// }
/// ```
public struct EventVerifier: Sendable {
    /// The BIP-340 backend.
    @_spi(ClipKitTooling) public let signatureVerifier: any SignatureVerifier
    /// The size caps applied before anything is hashed.
    public let limits: EventLimits

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - signatureVerifier: The BIP-340 backend; the platform's default unless one is given.
    ///   - limits: Size caps for content and tags.
    public init(signatureVerifier: any SignatureVerifier = SignatureVerifiers.platformDefault, limits: EventLimits = .standard) {
        self.signatureVerifier = signatureVerifier
        self.limits = limits
    }

    /// Checks the event's shape, its id and its signature, in that order, and says what failed first.
    public func verify(_ event: NostrEvent) -> Result<Void, EventVerificationError> {
        do {
            let parts = try checkShape(of: event)
            let computed = event.computedIDBytes()
            guard computed == parts.id else {
                return .failure(.idMismatch(claimed: event.id, computed: Hex.encode(computed)))
            }
            return checkSignature(parts.signature, message: computed, publicKey: parts.publicKey)
        } catch {
            return .failure(error)
        }
    }

    /// Checks only the event's shape and signature over its claimed id, without recomputing the id.
    ///
    /// Useful to measure or to diagnose; never enough to trust an event, since the claimed id may
    /// not belong to the content.
    @_spi(ClipKitTooling) public func verifySignatureOnly(_ event: NostrEvent) -> Result<Void, EventVerificationError> {
        do {
            let parts = try checkShape(of: event)
            return checkSignature(parts.signature, message: parts.id, publicKey: parts.publicKey)
        } catch {
            return .failure(error)
        }
    }

    private struct DecodedParts {
        var id: [UInt8]
        var publicKey: [UInt8]
        var signature: [UInt8]
    }

    private func checkShape(of event: NostrEvent) throws(EventVerificationError) -> DecodedParts {
        guard let id = Hex.decodeLowercase(event.id, byteCount: 32) else { throw .malformedID }
        guard let publicKey = Hex.decodeLowercase(event.pubkey, byteCount: 32) else { throw .malformedPublicKey }
        guard let signature = Hex.decodeLowercase(event.signature, byteCount: 64) else { throw .malformedSignature }
        guard event.createdAt >= 0 else { throw .negativeCreationTime(event.createdAt) }
        guard EventLimits.kindRange.contains(event.kind) else { throw .kindOutOfRange(event.kind) }
        let contentBytes = event.content.utf8.count
        guard contentBytes <= limits.maximumContentBytes else {
            throw .contentTooLarge(bytes: contentBytes, limit: limits.maximumContentBytes)
        }
        try checkTags(event.tags)
        return DecodedParts(id: id, publicKey: publicKey, signature: signature)
    }

    private func checkTags(_ tags: [[String]]) throws(EventVerificationError) {
        guard tags.count <= limits.maximumTagCount else {
            throw .tagsTooLarge("\(tags.count) tags, more than \(limits.maximumTagCount)")
        }
        var totalBytes = 0
        for (index, tag) in tags.enumerated() {
            guard !tag.isEmpty else { throw .emptyTag(index: index) }
            guard tag.count <= limits.maximumTagElements else {
                throw .tagsTooLarge("tag \(index) has \(tag.count) elements, more than \(limits.maximumTagElements)")
            }
            for element in tag { totalBytes += element.utf8.count }
            guard totalBytes <= limits.maximumTagBytes else {
                throw .tagsTooLarge("the tag strings have more than \(limits.maximumTagBytes) bytes")
            }
        }
    }

    private func checkSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Result<Void, EventVerificationError> {
        switch signatureVerifier.verifySchnorrSignature(signature, message: message, publicKey: publicKey) {
        case .valid: return .success(())
        case .invalidSignature, .malformedInput: return .failure(.invalidSignature)
        case .invalidPublicKey: return .failure(.publicKeyNotOnCurve)
        case .unavailable(let reason): return .failure(.verifierUnavailable(reason))
        }
    }
}
