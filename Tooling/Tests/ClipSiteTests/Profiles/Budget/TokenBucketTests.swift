import ClipSite
import Testing

@Suite struct TokenBucketTests {
    @Test func aFullBucketAdmitsItsBurstThenRefillsAtItsRate() {
        var bucket = TokenBucket(rate: .init(burst: 3, perSecond: 0.5), now: 100)
        var taken: [Bool] = []
        for _ in 0..<5 { taken.append(bucket.take(now: 100)) }
        #expect(taken == [true, true, true, false, false])
        // Half a token a second: one more after two seconds, not before.
        let early = bucket.take(now: 101.9)
        let onTime = bucket.take(now: 102)
        let again = bucket.take(now: 102)
        #expect([early, onTime, again] == [false, true, false])
        // Never more than the burst, however long it rested.
        let rested = bucket.available(now: 10_000)
        let full = bucket.isFull(now: 10_000)
        #expect(rested == 3)
        #expect(full)
    }

    @Test func aClockThatGoesBackAddsNothing() {
        var bucket = TokenBucket(rate: .init(burst: 1, perSecond: 1), now: 50)
        let first = bucket.take(now: 50)
        let back = bucket.take(now: 10)
        let later = bucket.take(now: 51)
        #expect([first, back, later] == [true, false, true])
    }

    @Test func negativeOrInfiniteRatesCountAsZero() {
        let rate = TokenBucket.Rate(burst: -4, perSecond: .infinity)
        #expect(rate.burst == 0)
        #expect(rate.perSecond == 0)
        var bucket = TokenBucket(rate: rate, now: 0)
        let taken = bucket.take(now: 1_000)
        #expect(!taken)
    }
}

@Suite struct LookupAdmissionTests {
    @Test func aLookupNeedsATokenFromItsClientAndFromTheOverallBucket() {
        var admission = LookupAdmission(
            budget: LookupBudget(perClient: .init(burst: 2, perSecond: 0), overall: .init(burst: 3, perSecond: 0)), now: 0
        )
        var admitted: [Bool] = []
        // a, a, a (over a's burst), b, then b and an address-less caller once the overall bucket is empty.
        for client in ["a", "a", "a", "b", "b", nil] as [String?] { admitted.append(admission.admit(client: client, now: 0)) }
        #expect(admitted == [true, true, false, true, false, false])
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
