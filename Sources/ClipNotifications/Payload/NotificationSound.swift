/// The sound a notification plays: `aps.sound`, and what a policy may set instead.
public enum NotificationSound: Sendable, Hashable, CustomStringConvertible {
    /// The system's default notification sound (`"sound": "default"`).
    case `default`
    /// A sound file in the app's (or the extension's) bundle or `Library/Sounds`, such as `dm.aiff`.
    case named(String)
    /// A critical alert, which plays even when the device is muted (needs Apple's entitlement);
    /// `name` `nil` is the default sound, `volume` is from 0 to 1.
    case critical(name: String?, volume: Double)

    /// The sound's file name, `default`, or `critical:NAME@VOLUME`.
    public var description: String {
        switch self {
        case .default: return "default"
        case .named(let name): return name
        case .critical(let name, let volume): return "critical:\(name ?? "default")@\(volume)"
        }
    }
}
