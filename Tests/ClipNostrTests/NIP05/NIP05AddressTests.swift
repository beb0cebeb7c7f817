@_spi(ClipKitTooling) import ClipNostr
import Testing

/// NIP-05 addresses: the characters NIP-05 allows, case folded, the well-known URL, and clear refusals.
struct NIP05AddressTests {
    @Test func aNameAtADomainFormsTheWellKnownURL() throws {
        let address = try NIP05Address("Maria@RoadFlare.app")
        #expect(address.localPart == "maria")
        #expect(address.domain == "roadflare.app")
        #expect(address.description == "maria@roadflare.app")
        #expect(address.wellKnownURL.absoluteString == "https://roadflare.app/.well-known/nostr.json?name=maria")
        #expect(!address.isLoopback)
    }

    @Test func theRootIdentifierReadsAsTheDomain() throws {
        let address = try NIP05Address("_@bsky.example")
        #expect(address.description == "bsky.example")
        #expect(address.identifier == "_@bsky.example")
        #expect(address.wellKnownURL.absoluteString == "https://bsky.example/.well-known/nostr.json?name=_")
    }

    @Test func aLoopbackDomainKeepsItsPort() throws {
        let address = try NIP05Address("bob.smith-1@127.0.0.1:8443")
        #expect(address.isLoopback)
        #expect(address.wellKnownURL.absoluteString == "https://127.0.0.1:8443/.well-known/nostr.json?name=bob.smith-1")
    }

    @Test(arguments: [
        ("", NIP05AddressError.empty),
        ("maria", .notOneAtSign),
        ("a@b@c", .notOneAtSign),
        ("@roadflare.app", .emptyLocalPart),
        ("maria@", .emptyDomain),
        ("ma ria@roadflare.app", .invalidLocalPartCharacter(" ")),
        ("maría@roadflare.app", .invalidLocalPartCharacter("í")),
        ("maria@roadflare.app/x", .invalidDomain("roadflare.app/x")),
        ("maria@roadflare.app?x=1", .invalidDomain("roadflare.app?x=1")),
        ("maria@user:pw@host", .notOneAtSign),
    ])
    func badAddressesSayWhatIsWrong(text: String, error: NIP05AddressError) {
        #expect(throws: error) { try NIP05Address(text) }
        #expect(!error.description.isEmpty)
    }

    @Test func longAddressesAreRefusedBeforeParsing() {
        let text = String(repeating: "a", count: 400) + "@roadflare.app"
        #expect(throws: NIP05AddressError.tooLong(text.utf8.count, limit: NIP05Address.maximumLength)) { try NIP05Address(text) }
    }
}
