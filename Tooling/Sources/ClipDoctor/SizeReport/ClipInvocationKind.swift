/// How an App Clip is invoked, as far as Apple's size limit is concerned.
package enum ClipInvocationKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Links: Safari, Messages, Smart App Banners, Spotlight, other apps.
    case digital
    /// NFC tags, QR codes and App Clip Codes.
    case physical
    /// The demo App Clip link that App Store Connect generates for a demo version.
    case demo
}
