@_spi(ClipKitTooling) import ClipNostr
import Testing

/// Shape checks come first, then the id, then the signature; each failure has its own reason.
@Suite struct EventVerifierTests {
    let verifier = EventVerifier()

    func code(_ event: NostrEvent, verifier: EventVerifier? = nil) -> String? {
        switch (verifier ?? self.verifier).verify(event) {
        case .success: return nil
        case .failure(let error): return error.code
        }
    }

    @Test func genuineEventsVerify() throws {
        #expect(code(try SampleEvents.decode(SampleEvents.profileJSON)) == nil)
        #expect(code(try SampleEvents.decode(SampleEvents.noteJSON)) == nil)
    }

    @Test func malformedFieldsAreReportedBeforeHashing() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        var copy = event
        copy.id = event.id.uppercased()
        #expect(code(copy) == "malformed-id")
        copy = event
        copy.pubkey = String(event.pubkey.dropLast())
        #expect(code(copy) == "malformed-pubkey")
        copy = event
        copy.signature = event.signature + "00"
        #expect(code(copy) == "malformed-signature")
        copy = event
        copy.kind = 65_536
        #expect(code(copy) == "kind-out-of-range")
        copy = event
        copy.createdAt = -1
        #expect(code(copy) == "negative-created-at")
        copy = event
        copy.tags = [["t"], []]
        #expect(code(copy) == "empty-tag")
    }

    @Test func sizeCapsApply() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        let tight = EventVerifier(limits: EventLimits(maximumContentBytes: 10, maximumTagCount: 1))
        #expect(code(event, verifier: tight) == "content-too-large")
        var manyTags = event
        manyTags.content = "x"
        #expect(code(manyTags, verifier: tight) == "tags-too-large")
    }

    @Test func aKeyOffTheCurveIsNamed() throws {
        var event = try SampleEvents.decode(SampleEvents.noteJSON)
        event.pubkey = "eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34"
        event.id = event.computedID()
        #expect(code(event) == "pubkey-not-on-curve")
    }

    @Test func anIDMismatchSaysWhatTheFieldsHashTo() throws {
        var event = try SampleEvents.decode(SampleEvents.noteJSON)
        event.content += "."
        guard case .failure(.idMismatch(let claimed, let computed)) = verifier.verify(event) else {
            Issue.record("expected an id mismatch")
            return
        }
        #expect(claimed == event.id)
        #expect(computed == event.computedID())
    }

    @Test func withoutABackendNothingVerifies() throws {
        let closed = EventVerifier(signatureVerifier: UnavailableSignatureVerifier())
        #expect(code(try SampleEvents.decode(SampleEvents.profileJSON), verifier: closed) == "verifier-unavailable")
    }

    @Test func signatureOnlyVerificationSkipsTheIDButNotTheSignature() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        var altered = event
        altered.content = "anything"
        #expect((try? verifier.verifySignatureOnly(altered).get()) != nil, "the signature still covers the claimed id")
        altered.signature = String(repeating: "0", count: 128)
        #expect((try? verifier.verifySignatureOnly(altered).get()) == nil)
    }

    @Test func errorsExplainThemselves() {
        let errors: [EventVerificationError] = [
            .malformedID, .malformedPublicKey, .malformedSignature, .negativeCreationTime(-1), .kindOutOfRange(70_000),
            .emptyTag(index: 2), .tagsTooLarge("x"), .contentTooLarge(bytes: 9, limit: 1), .idMismatch(claimed: "a", computed: "b"),
            .publicKeyNotOnCurve, .invalidSignature, .verifierUnavailable("none"),
        ]
        #expect(Set(errors.map(\.code)).count == errors.count)
        for error in errors { #expect(error.description.count > 15) }
    }
}
