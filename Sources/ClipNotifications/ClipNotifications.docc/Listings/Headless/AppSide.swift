import ClipNotifications
import Foundation

/// The full app's side: the person's choice of sound, where the extension reads it, and the shared
/// count cleared when the person opens the app.
func appOpened(appGroupFolder: URL, playsOrderReadySound: Bool) throws -> Int {
    try ContainerPreferencesStore(containerDirectory: appGroupFolder).save(["playSoundOrderReady": .bool(playsOrderReadySound)])
    let update = try BadgeCounter(containerDirectory: appGroupFolder).reset()
    return update.value                      // 0: the badge to show on the app's icon
}
