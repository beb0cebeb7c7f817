@testable import ClipSite
import Testing

@Suite struct TokenBucketTests {
    @Test func aFullBucketAdmitsItsBurstThenRefillsAtItsRate() {
        var bucket = TokenBucket(rate: .init(burst: 3, perSecond: 0.5), now: 100)
        #expect((0..<5).map { _ in bucket.take(now: 100) } == [true, true, true, false, false])
        // Half a token a second: one more after two seconds, not before.
        #expect(!bucket.take(now: 101.9))
        #expect(bucket.take(now: 102))
        #expect(!bucket.take(now: 102))
        // Never more than the burst, however long it rested.
        #expect(bucket.available(now: 10_000) == 3)
        #expect(bucket.isFull(now: 10_000))
    }

    @Test func aClockThatGoesBackAddsNothing() {
        var bucket = TokenBucket(rate: .init(burst: 1, perSecond: 1), now: 50)
        #expect(bucket.take(now: 50))
        #expect(!bucket.take(now: 10))
        #expect(bucket.take(now: 51))
    }

    @Test func negativeOrInfiniteRatesCountAsZero() {
        let rate = TokenBucket.Rate(burst: -4, perSecond: .infinity)
        #expect(rate.burst == 0)
        #expect(rate.perSecond == 0)
        var bucket = TokenBucket(rate: rate, now: 0)
        #expect(!bucket.take(now: 1_000))
    }
}

@Suite struct LookupAdmissionTests {
    @Test func aLookupNeedsATokenFromItsClientAndFromTheOverallBucket() {
        var admission = LookupAdmission(
            budget: LookupBudget(perClient: .init(burst: 2, perSecond: 0), overall: .init(burst: 3, perSecond: 0)), now: 0
        )
        #expect(admission.admit(client: "a", now: 0))
        #expect(admission.admit(client: "a", now: 0))
        #expect(!admission.admit(client: "a", now: 0))
        #expect(admission.admit(client: "b", now: 0))
        // The overall bucket is empty now; b still has a token of its own, which is not taken.
        #expect(!admission.admit(client: "b", now: 0))
        #expect(!admission.admit(client: nil, now: 0))
    }

    @Test func rememberedClientsStayWithinTheCap() {
        var admission = LookupAdmission(
            budget: LookupBudget(perClient: .init(burst: 5, perSecond: 0), overall: .init(burst: 1_000, perSecond: 0), maximumTrackedClients: 20),
            now: 0
        )
        for index in 0..<500 { _ = admission.admit(client: "client-\(index)", now: 0) }
        #expect(admission.trackedClients <= 20)
        #expect(admission.trackedClients > 0)
    }
}
