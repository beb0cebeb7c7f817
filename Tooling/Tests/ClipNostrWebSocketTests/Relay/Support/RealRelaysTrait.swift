import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Testing

/// Starts three real relays (`nostr-relay`) once for a whole suite and stops them after its last
/// test; tests reach them through ``RealRelays/current``.
struct RealRelaysTrait: SuiteTrait, TestScoping {
    /// The relays serve the suite as a whole, not each test.
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let servers = try await LocalRelay.start(count: 3)
        defer { servers.forEach { $0.stop() } }
        try await RealRelays.$current.withValue(servers) {
            try await function()
        }
    }
}

extension Trait where Self == RealRelaysTrait {
    /// Three real relays on loopback for the suite.
    static var realRelays: Self { RealRelaysTrait() }
}

/// The relays a ``RealRelaysTrait`` started.
enum RealRelays {
    /// The running relays, in start order.
    @TaskLocal static var current: [LocalRelay] = []
}
