import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import Foundation
import Testing

@MainActor
@Suite struct InvocationInboxTests {
    let wall = TestWallClock()
    let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    func makeInbox() throws -> InvocationInbox {
        let manifest = try ManifestLoader(parameterKinds: .standard.registering(.npub)).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        let router = try InvocationRouter(manifest: manifest, parameterKinds: .standard.registering(.npub))
        let wall = self.wall
        return InvocationInbox(router: router, now: { wall.now })
    }

    @Test func aColdLaunchHeardTwiceIsDeliveredOnce() throws {
        let inbox = try makeInbox()
        let url = try #require(URL(string: "https://roadflare.app/share/d/\(npub)"))
        guard case .delivered(let first) = inbox.receive(.webpage(url)) else { Issue.record("not delivered"); return }
        #expect(first.match?.route == "driverShare")
        #expect(first.match?.parameters["npub"] == npub)
        #expect(first.sequence == 1)
        #expect(first.description == "web link \(url.absoluteString) → route 'driverShare' (npub=\(npub)), handled by the clip")
        #expect(inbox.receive(.webpage(url)) == .duplicate(first))

        wall.advance(by: 5)
        guard case .delivered(let again) = inbox.receive(.webpage(url)) else { Issue.record("a later tap is a new invocation"); return }
        #expect(again.sequence == 2)
    }

    @Test func notificationsRouteByTheirTargetContentIdentifier() throws {
        let inbox = try makeInbox()
        let delivery = inbox.receive(.notification(targetContentIdentifier: "https://roadflare.app/share/d/\(npub)"))
        guard case .delivered(let invocation) = delivery else { Issue.record("expected delivery, got \(delivery)"); return }
        #expect(invocation.match?.route == "driverShare")

        #expect(inbox.receive(.notification(targetContentIdentifier: nil)) == .ignored(.invalidTargetContentIdentifier("")))
        #expect(inbox.receive(.notification(targetContentIdentifier: "order-42")) == .ignored(.invalidTargetContentIdentifier("order-42")))
        #expect(inbox.current == invocation, "a notification without a routable target keeps the current screen")
    }

    @Test func anUnsupportedWebLinkIsDeliveredAsAFailure() throws {
        let inbox = try makeInbox()
        let url = try #require(URL(string: "https://roadflare.app/share/d/not-an-npub"))
        guard case .delivered(let invocation) = inbox.receive(.webpage(url)) else { Issue.record("not delivered"); return }
        #expect(invocation.match == nil)
        guard case .failure(.parameterRejected(let route, let parameter, _, _)) = invocation.result else {
            Issue.record("expected a rejected parameter, got \(invocation.result)"); return
        }
        #expect(route == "driverShare")
        #expect(parameter == "npub")
    }
}
