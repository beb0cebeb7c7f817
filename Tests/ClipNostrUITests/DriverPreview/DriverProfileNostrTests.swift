import ClipNostrUI
import ClipNostr
import Foundation
import Testing

@Suite struct DriverProfileNostrTests {
    @Test func aKindZeroEventBecomesADriverProfileWithItsCar() throws {
        let content = #"{"name":"alice","display_name":"Alice \u202eDriver","picture":"https://cdn.example.com/a.png","#
            + #""car_color":"Blue","car_make":"Toyota","car_model":"Prius","seats":4}"#
        let event = NostrEvent(
            id: String(repeating: "1", count: 64), pubkey: String(repeating: "2", count: 64), createdAt: 1_700_000_123,
            kind: 0, tags: [], content: content, signature: String(repeating: "3", count: 128)
        )
        let profile = try Profile(event: event)
        let driver = DriverProfile(verifiedEvent: event, profile: profile, relay: "wss://relay.example")
        #expect(driver.pubkey == event.pubkey)
        #expect(driver.eventID == event.id)
        #expect(driver.createdAt == Date(timeIntervalSince1970: 1_700_000_123))
        #expect(driver.readableName == "Alice Driver")
        #expect(driver.pictureURL?.absoluteString == "https://cdn.example.com/a.png")
        #expect(driver.car == CarDetails(color: "Blue", make: "Toyota", model: "Prius"))
        #expect(driver.relay == "wss://relay.example")
    }

    @Test func aRejectedNpubBecomesAnInvalidKeyError() throws {
        do {
            _ = try NIP19.decode("npub1notvalid")
            Issue.record("decoding should fail")
        } catch {
            let error = try #require(error as? NIP19Error)
            #expect(DriverProfileLoadingError(error) == .invalidKey(error.description))
            #expect(!error.description.isEmpty)
        }
    }
}
