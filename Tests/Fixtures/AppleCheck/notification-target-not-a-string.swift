// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. A notification's target content identifier is a string (the URL
// of a clip route, written out), not a URL value.
// target: Sources/ClipServices/Apple/ClipNotificationScheduler.swift
// expect: cannot assign value of type 'URL' to type 'String'
#if canImport(UserNotifications) && os(iOS)
func plantedURLTarget(_ content: UNMutableNotificationContent, url: URL) {
    content.targetContentIdentifier = url // planted
}
#endif
