/// How a profile fetch waits, how many relays it asks and what it accepts from them.
@available(iOS 16.0, *)
public struct ProfileFetchConfiguration: Sendable, Equatable {
    /// The overall deadline: the final answer comes no later than this after the fetch starts,
    /// whatever the relays do. Default 5 seconds.
    public var timeout: Duration
    /// How long to keep listening for a newer profile after the first verified one arrived.
    /// Default 750 ms.
    public var graceWindow: Duration
    /// The most relays asked at once; further relays are skipped. Default 8.
    public var maximumRelays: Int
    /// How far in the future an event's `created_at` may be, for clocks that run fast. Default 15 minutes.
    public var allowedClockSkew: Duration
    /// The largest frame accepted from a relay, in bytes; a larger one drops that relay. Default 256 KiB.
    public var maximumFrameBytes: Int
    /// The largest profile content accepted, in UTF-8 bytes. Default 64 KiB.
    public var maximumContentBytes: Int
    /// The most of the author's write relays asked (the outbox model, NIP-65) when the given relays
    /// answered without a profile, or with only one older than ``staleProfileAge``. The relay list
    /// is asked for beside the profile, so finding it costs no extra round trip; the write relays
    /// still answer within ``timeout``. `0` asks only the given relays. Default 3.
    public var maximumWriteRelays: Int
    /// How old a profile may be before the author's write relays are asked for a newer one.
    /// Default 90 days.
    public var staleProfileAge: Duration

    /// Creates a configuration; every parameter defaults to the value documented on its property.
    public init(
        timeout: Duration = .seconds(5),
        graceWindow: Duration = .milliseconds(750),
        maximumRelays: Int = 8,
        allowedClockSkew: Duration = .seconds(15 * 60),
        maximumFrameBytes: Int = 256 * 1024,
        maximumContentBytes: Int = 64 * 1024,
        maximumWriteRelays: Int = 3,
        staleProfileAge: Duration = .seconds(90 * 24 * 60 * 60)
    ) {
        self.timeout = timeout
        self.graceWindow = graceWindow
        self.maximumRelays = maximumRelays
        self.allowedClockSkew = allowedClockSkew
        self.maximumFrameBytes = maximumFrameBytes
        self.maximumContentBytes = maximumContentBytes
        self.maximumWriteRelays = maximumWriteRelays
        self.staleProfileAge = staleProfileAge
    }

    /// The size caps for relay frames that follow from this configuration.
    var messageLimits: RelayMessageLimits {
        RelayMessageLimits(maximumFrameBytes: maximumFrameBytes)
    }

    /// The caps for profile content that follow from this configuration.
    var profileLimits: ProfileLimits {
        ProfileLimits(maximumContentBytes: maximumContentBytes)
    }
}
