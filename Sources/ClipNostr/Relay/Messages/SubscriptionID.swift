@_spi(ClipKitTooling) import ClipKit

/// A subscription id for one `REQ`: random for every fetch, so relays and observers cannot link
/// one fetch to another and a stale answer to an earlier fetch is never mistaken for this one's.
@_spi(ClipKitTooling)
public struct SubscriptionID: Sendable, Equatable, CustomStringConvertible {
    /// The id as sent: 24 lowercase hexadecimal characters (96 random bits).
    public let rawValue: String

    /// A fresh random id from the system's secure random number generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// A random id drawn from `generator` (tests pass a seeded one).
    public init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        rawValue = Hex.encode((0..<12).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The id as text.
    public var description: String { rawValue }
}
