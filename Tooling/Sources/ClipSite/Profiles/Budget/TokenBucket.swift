/// A token bucket: it holds up to ``Rate/burst`` tokens, gains ``Rate/perSecond`` tokens a
/// second, and each unit of work it admits takes one token.
///
/// Time is given by the caller in seconds on a monotonic clock, so the bucket is a plain value
/// that tests drive without waiting.
///
/// ```swift
/// var bucket = TokenBucket(rate: .init(burst: 10, perSecond: 0.5), now: clock.seconds)
/// if bucket.take(now: clock.seconds) { startLookup() }
/// ```
package struct TokenBucket: Sendable, Hashable {
    /// How many tokens a bucket holds and how fast it refills.
    package struct Rate: Sendable, Hashable {
        /// The most tokens the bucket holds: how much work may start at once after a quiet spell.
        package var burst: Int
        /// Tokens added per second: the sustained rate of work.
        package var perSecond: Double

        /// Creates a rate; a negative burst or rate counts as zero.
        package init(burst: Int, perSecond: Double) {
            self.burst = max(0, burst)
            self.perSecond = perSecond.isFinite ? max(0, perSecond) : 0
        }
    }

    /// The bucket's rate.
    package let rate: Rate
    private var tokens: Double
    private var updatedAt: Double

    /// A full bucket at `now` (seconds on the caller's monotonic clock).
    package init(rate: Rate, now: Double) {
        self.rate = rate
        tokens = Double(rate.burst)
        updatedAt = now
    }

    /// The tokens available at `now`, fractions included.
    package mutating func available(now: Double) -> Double {
        refill(now: now)
        return tokens
    }

    /// Whether a whole token is available at `now`, without taking it.
    package mutating func canTake(now: Double) -> Bool {
        available(now: now) >= 1
    }

    /// Takes one token if there is a whole one at `now`.
    ///
    /// - Returns: `true` when the work is admitted.
    package mutating func take(now: Double) -> Bool {
        guard canTake(now: now) else { return false }
        tokens -= 1
        return true
    }

    /// Whether the bucket is full at `now` (forgetting it would change nothing).
    package mutating func isFull(now: Double) -> Bool {
        available(now: now) >= Double(rate.burst)
    }

    private mutating func refill(now: Double) {
        guard now > updatedAt else { return }
        tokens = min(Double(rate.burst), tokens + (now - updatedAt) * rate.perSecond)
        updatedAt = now
    }
}
