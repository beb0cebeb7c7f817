import ClipTestSupport
import ClipToolingTestSupport
import Testing

/// Starts one ``TLSRelayFront`` (nginx with TLS in front of a real relay) for a whole suite and
/// stops it after the suite's last test; tests reach it through ``TLSRelayFronts/current``.
struct TLSRelayFrontTrait: SuiteTrait, TestScoping {
    /// The front serves the suite as a whole, not each test.
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let front = try await TLSRelayFront.start()
        defer { front.stop() }
        try await TLSRelayFronts.$current.withValue(front) {
            try await function()
        }
    }
}

extension Trait where Self == TLSRelayFrontTrait {
    /// nginx with TLS in front of a real relay, on loopback, for the suite.
    static var tlsRelayFront: Self { TLSRelayFrontTrait() }
}

/// The front a ``TLSRelayFrontTrait`` started.
enum TLSRelayFronts {
    /// The running front.
    @TaskLocal static var current: TLSRelayFront?
}
