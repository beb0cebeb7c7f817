import ClipNostrUI
import ClipTestSupport

extension AppGroupFixture {
    /// The driver handoff the full app would find, left in place.
    func waitingDriver() -> DriverHandoff? {
        store.peek(DriverHandoff.self)
    }
}
