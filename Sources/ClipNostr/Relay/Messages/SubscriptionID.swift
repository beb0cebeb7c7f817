/// A subscription id for one `REQ`: random for every fetch, so relays and observers cannot link
/// one fetch to another and a stale answer to an earlier fetch is never mistaken for this one's.
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
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        for _ in 0..<12 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        rawValue = String(decoding: text, as: UTF8.self)
    }

    /// The id as text.
    public var description: String { rawValue }
}
