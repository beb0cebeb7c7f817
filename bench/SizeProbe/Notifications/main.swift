// Size probe, notification service extension: what Bluesky's extension does for one push — read
// the payload (stdin), load the person's preferences from the App Group container, apply
// `ReasonPolicy.bluesky`, bump the shared badge count — with ClipNotifications. Built with -Osize
// and stripped by bench/notification-size.sh; its growth over the baseline probe is what
// ClipNotifications (and what it links) costs an extension. On Linux it also prints, on standard
// error, the process's resident and private dirty memory after the job: the extension's memory limit
// counts dirty pages, not the size of the file.
@_spi(ClipKitTooling) import ClipNotifications
import Foundation

let arguments = CommandLine.arguments
let container = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : FileManager.default.currentDirectoryPath, isDirectory: true)
let input = FileHandle.standardInput.readDataToEndOfFile()
do {
    let processor = NotificationProcessor(
        policy: ReasonPolicy.bluesky,
        preferences: ContainerPreferencesStore(containerDirectory: container),
        badgeCounter: try BadgeCounter(containerDirectory: container)
    )
    let processed = try processor.process(input)
    let sound = processed.content.sound.map { "\($0)" } ?? "none"
    let badge = processed.content.badge.map(String.init) ?? "none"
    print("sound: \(sound), badge: \(badge), issues: \(processed.issues.count)")
} catch {
    print("rejected: \(error)")
}
#if os(Linux)
if let status = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8) {
    let wanted = ["Rss:", "Private_Dirty:"]
    let lines = status.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }
    FileHandle.standardError.write(Data(("memory: " + lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }.joined(separator: ", ") + "\n").utf8))
}
#endif
