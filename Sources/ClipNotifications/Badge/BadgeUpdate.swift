/// The result of one change to the badge count.
public struct BadgeUpdate: Sendable, Hashable {
    /// The count before the change.
    @_spi(ClipKitTooling) public let previousValue: Int
    /// The count after the change.
    public let value: Int
    /// The change's position in the counter's history: every change gets the next number, so
    /// changes from any number of processes can be put in the order they took effect.
    @_spi(ClipKitTooling) public let sequence: UInt64

    /// Creates an update.
    public init(previousValue: Int, value: Int, sequence: UInt64) {
        self.previousValue = previousValue
        self.value = value
        self.sequence = sequence
    }
}

/// The badge count as read, with the sequence number of the change that produced it (0 before any).
public struct BadgeSnapshot: Sendable, Hashable {
    /// The count.
    public let value: Int
    /// The sequence number of the last change.
    @_spi(ClipKitTooling) public let sequence: UInt64

    /// Creates a snapshot.
    public init(value: Int, sequence: UInt64) {
        self.value = value
        self.sequence = sequence
    }
}
