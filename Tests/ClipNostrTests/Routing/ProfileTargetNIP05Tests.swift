@_spi(ClipKitTooling) import ClipNostr
import Testing

/// Which texts `ProfileTarget.resolve(_:router:verifier:)` treats as NIP-05 addresses, before any request.
struct ProfileTargetNIP05Tests {
    @Test func anAddressIsRecognizedWithOrWithoutNostrPrefix() throws {
        #expect(try ProfileTarget.nip05Address(in: "Maria@roadflare.app")?.description == "maria@roadflare.app")
        #expect(try ProfileTarget.nip05Address(in: "nostr:maria@roadflare.app")?.description == "maria@roadflare.app")
    }

    @Test func keysAndURLsAreLeftToTheSynchronousResolution() throws {
        #expect(try ProfileTarget.nip05Address(in: "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m") == nil)
        #expect(try ProfileTarget.nip05Address(in: "https://user@roadflare.app/share/d/npub1x") == nil)
    }

    @Test func aBadAddressSaysSo() {
        #expect(throws: ProfileTargetNameLookupError.lookup(.invalidAddress("ma ria@roadflare.app", .invalidLocalPartCharacter(" ")))) {
            try ProfileTarget.nip05Address(in: "ma ria@roadflare.app")
        }
    }

    @Test func aNonAddressFallsThroughToTheSynchronousError() async {
        await #expect(throws: ProfileTargetNameLookupError.self) {
            try await ProfileTarget.resolve("not-a-key", router: nil, verifier: NIP05Verifier())
        }
    }
}
