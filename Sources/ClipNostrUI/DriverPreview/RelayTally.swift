/// How the relays of one fetch answered.
public struct RelayTally: Sendable, Hashable {
    /// Relays asked.
    public var asked = 0
    /// Relays that finished answering (with or without a profile).
    public var answered = 0
    /// Relays that could not be reached or misbehaved.
    public var failed = 0

    /// Creates a tally.
    public init(asked: Int = 0, answered: Int = 0, failed: Int = 0) {
        self.asked = asked
        self.answered = answered
        self.failed = failed
    }
}
