import ClipKit
import ClipLoopback
import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport
import Foundation

/// A real `nostr-relay` on loopback with one driver's kind-0 profile, signed and published by
/// nostr-sdk, and the RoadFlare example manifest to simulate against it.
struct SeededRelay {
    let relay: LocalRelay
    let driver: DriverFixtures.Signed
    let npub: String

    static let driverName = "Ana Driver"

    static func start(key: String) async throws -> SeededRelay {
        let relay = try await LocalRelay.start()
        let driver = try await DriverFixtures.signProfile(key: key, content: [
            "name": "ana", "display_name": driverName, "picture": "https://roadflare.app/ana.png",
            "car_color": "Blue", "car_make": "Toyota", "car_model": "Prius",
        ])
        try await DriverFixtures.publish([driver], to: relay.url)
        return SeededRelay(relay: relay, driver: driver, npub: try NIP19.encodePublicKey(driver.pubkey))
    }

    var shareURL: String { "https://roadflare.app/share/d/\(npub)" }

    /// Stops the relay off the main actor.
    func stop() async {
        let relay = self.relay
        await Task.detached { relay.stop() }.value
    }
}
