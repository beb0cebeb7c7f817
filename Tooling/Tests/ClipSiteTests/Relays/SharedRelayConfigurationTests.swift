import ClipSite
import Testing

@Suite struct SharedRelayConfigurationTests {
    @Test func theBackoffDoublesUpToItsCapWithJitterInTheUpperHalf() {
        let configuration = SharedRelayConfiguration(initialBackoff: .milliseconds(500), maximumBackoff: .seconds(4))
        #expect(configuration.backoff(afterFailures: 0, jitter: 1) == .zero)
        #expect(configuration.backoff(afterFailures: 1, jitter: 1) == .milliseconds(500))
        #expect(configuration.backoff(afterFailures: 2, jitter: 1) == .seconds(1))
        #expect(configuration.backoff(afterFailures: 3, jitter: 1) == .seconds(2))
        #expect(configuration.backoff(afterFailures: 4, jitter: 1) == .seconds(4))
        #expect(configuration.backoff(afterFailures: 60, jitter: 1) == .seconds(4))
        #expect(configuration.backoff(afterFailures: 3, jitter: 0) == .seconds(1))
    }

    @Test func onlyTheFetchsRequestAndCloseGoOverASharedConnection() {
        let request = SharedRelaySubscription.typeAndSubscription(of: #"["REQ","abc123",{"kinds":[0],"authors":["00"],"limit":1}]"#)
        #expect(request?.type == "REQ")
        #expect(request?.id == "abc123")
        let close = SharedRelaySubscription.typeAndSubscription(of: #"["CLOSE","abc123"]"#)
        #expect(close?.type == "CLOSE")
        #expect(SharedRelaySubscription.typeAndSubscription(of: #"["EVENT",{"id":"x"}]"#) == nil)
        #expect(SharedRelaySubscription.typeAndSubscription(of: #"["CLOSE","abc","extra"]"#) == nil)
        #expect(SharedRelaySubscription.typeAndSubscription(of: #"["REQ",""]"#) == nil)
        #expect(SharedRelaySubscription.typeAndSubscription(of: "not json") == nil)
    }
}
