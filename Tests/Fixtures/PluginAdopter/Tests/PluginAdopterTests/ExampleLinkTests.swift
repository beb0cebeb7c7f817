import ClipKit
import Foundation
import Testing

@testable import BlueskyClip
@testable import MuseumClip
@testable import RoadFlareClip
@testable import TicketClip

/// The examples' links routed through the enums the plugin generated in each target.
@Suite struct ExampleLinkTests {
    static let driver = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    @Test func roadFlareDriverLinks() throws {
        let router = try RoadFlareClip.ClipRouter()
        let match = try router.route("https://roadflare.app/share/d/\(Self.driver)").get()
        #expect(match.route == .driverShare(npub: Self.driver))
        #expect(match.handledBy == .clip)
        // Upper-case bech32 is the same key; the npub kind hands back its lower-case form.
        #expect(try router.route("https://roadflare.app/share/d/\(Self.driver.uppercased())").get().route == .driverShare(npub: Self.driver))
        #expect(DriverLinkScreen.screen(for: "https://roadflare.app/share/d/\(Self.driver)#p1abc", router: router)
            == .driverCard(npub: Self.driver, signedProfile: "p1abc"))
        #expect(DriverLinkScreen.screen(for: "https://roadflare.app/share/r/\(Self.driver)", router: router) == .openInApp(rider: Self.driver))
    }

    @Test func roadFlareLinksThatAreNotDrivers() throws {
        let router = try RoadFlareClip.ClipRouter()
        #expect(router.route("https://roadflare.app.evil.com/share/d/\(Self.driver)") == .failure(.unknownHost("roadflare.app.evil.com")))
        guard case .failure(.parameterRejected(let route, let parameter, let kind, _)) = router.route("https://roadflare.app/share/d/npub1invalid") else {
            Issue.record("a bad npub must be rejected by ClipNostr's kind")
            return
        }
        #expect((route, parameter, kind) == ("driverShare", "npub", "npub"))
    }

    @Test func roadFlareConfiguration() {
        #expect(RoadFlareClip.ClipConfiguration.appGroup == "group.com.roadflare.RoadFlare")
        #expect(RoadFlareClip.ClipConfiguration.relays == ["wss://relay.damus.io", "wss://nos.lol"])
        #expect(RoadFlareClip.ClipConfiguration.handoffLifetimeSeconds == 604_800)
        #expect(RoadFlareClip.ClipConfiguration.manifest.routes.map(\.name) == ["driverShare", "riderShare"])
    }

    @Test func blueskyStarterPacks() throws {
        let router = try BlueskyClip.ClipRouter()
        let match = try router.route("https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref=share").get()
        #expect(match.route == .starterPack(handle: "alice.bsky.social", rkey: "3jzfcijpj2z2a"))
        #expect(match.queryValue(named: "ref") == "share")
        #expect(try router.route("https://go.bsky.app/4f1Ab2c").get().route == .starterPackShortLink(code: "4f1Ab2c"))
        #expect(starterPackPage(for: "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref=share", router: router)?.absoluteString
            == "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref=share&clip=true")
        #expect(starterPackPage(for: "https://bsky.app/profile/alice.bsky.social", router: router) == nil)
    }

    @Test func anAppsOwnKind() throws {
        let router = try ticketRouter()
        #expect(try router.route("https://tickets.example/t/ab12cd34").get().route == .admission(code: "AB12CD34"))
        #expect(try router.route("https://tickets.example/t/ab12cd34/seat/k/12").get().route == .seat(code: "AB12CD34", row: "k", number: 12))
        guard case .failure(.parameterRejected(_, "code", "ticket", let reason)) = router.route("https://tickets.example/t/short") else {
            Issue.record("the app's kind must reject a short code")
            return
        }
        #expect(reason == "a ticket code has 8 letters or digits")
        // Without the app's kind the router cannot be built, and says which route needs it.
        #expect(throws: RouterConfigurationError.self) { try TicketClip.ClipRouter() }
        #expect(TicketClip.ClipConfiguration.parameterKindNames == ["integer", "slug", "ticket"])
    }

    @Test func theMuseumsQueryItemsAreTyped() throws {
        let router = try MuseumClip.ClipRouter()
        // The installed app opened by the link: both values typed, by the generated route.
        let match = try router.route("https://museum.example/x/42?lang=fr").get()
        #expect(match.route == .exhibit(exhibit: 42, lang: "fr", tour: nil))
        guard case .exhibit(let exhibit, let lang, _) = match.route else { return }
        let number: Int = exhibit
        let language: String? = lang
        #expect(number == 42 && language == "fr")
        // The payload the clip hands off for the link decodes as the generated type, as the app's
        // payload rule reads it.
        #expect(match.match.parameters(as: ExhibitHandoff.self) == ExhibitHandoff(exhibit: 42, lang: "fr"))
        #expect(ExhibitScreen.screen(for: "https://museum.example/x/7?tour=3", router: router) == .exhibit(number: 7, language: nil, tourStop: 3))
        #expect(ExhibitScreen.screen(for: "https://museum.example/x/42?tour=abc", router: router)
            == .unsupported(reason: "route 'exhibit' matched, but query item 'tour' is not a valid integer: 'abc' is not a decimal number"))
        #expect(ExhibitScreen.screen(for: "https://museum.example/x/100000", router: router)
            == .unsupported(reason: "route 'exhibit' matched, but parameter 'exhibit' is not a valid integer: 100000 is more than the maximum, 99999"))
        let ticket = try #require(UUID(uuidString: "0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F"))
        #expect(ExhibitScreen.screen(for: "https://museum.example/t/0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F", router: router) == .ticket(ticket))
        #expect(MuseumClip.ClipConfiguration.manifest.places.first?.radius == 250)
        // Apple's default App Clip link reaches the same case through the generated router.
        #expect(try router.route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=42&lang=fr").get().route
            == .exhibit(exhibit: 42, lang: "fr", tour: nil))
        #expect(ExhibitScreen.screen(for: "https://appclip.apple.com/id?p=com.example.Other.Clip&exhibit=42", router: router)
            == .unsupported(reason: "the App Clip default link opens the clip 'com.example.Other.Clip', not this manifest's clip 'com.example.Museum.Clip'"))
    }
}
