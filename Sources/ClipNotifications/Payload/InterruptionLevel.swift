/// How urgently the system presents a notification: `aps.interruption-level`.
public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive
    /// Presented at once, lighting the screen and playing a sound (the default).
    case active
    /// Presented at once, breaking through Focus (needs the Time Sensitive capability).
    case timeSensitive = "time-sensitive"
    /// Presented at once, ignoring the mute switch and Focus (needs Apple's critical-alert entitlement).
    case critical
}
