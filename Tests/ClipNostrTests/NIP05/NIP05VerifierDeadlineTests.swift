@_spi(ClipKitTooling) import ClipNostr
import Foundation
import Testing

/// The verifier's own timeout. The real hung server (nginx in front of a socket that never answers)
/// is tested in the tooling package; here the stand-in is a fetch that ignores cancellation
/// altogether, which no real HTTP client here does, to show the deadline does not rely on it.
struct NIP05VerifierDeadlineTests {
    /// A fetch that does not end, cancelled or not, until the test lets it: it swallows
    /// cancellation and waits for ``release()``.
    final class StubbornFetcher: NIP05DocumentFetching, @unchecked Sendable {
        private let lock = NSLock()
        private var released = false
        private var started = false

        /// Whether a fetch has begun.
        var hasStarted: Bool { lock.withLock { started } }

        /// Lets every fetch end.
        func release() { lock.withLock { released = true } }

        func fetchDocument(at url: URL, maximumBytes: Int) async throws -> NIP05HTTPResponse {
            lock.withLock { started = true }
            while !lock.withLock({ released }) {
                try? await Task.sleep(for: .milliseconds(20))   // cancellation swallowed on purpose
            }
            return NIP05HTTPResponse(status: 200, body: [])
        }
    }

    @Test func aFetchThatIgnoresCancellationStillEndsAtTheTimeout() async throws {
        let fetcher = StubbornFetcher()
        defer { fetcher.release() }
        let verifier = NIP05Verifier(configuration: .init(timeout: .milliseconds(300)), fetcher: fetcher)
        let started = ContinuousClock.now
        let result = await verifier.verify("maria@roadflare.app", publicKey: String(repeating: "a1", count: 32))
        let elapsed = ContinuousClock.now - started
        // The fetch was under way and had not ended (it never does until released): the answer
        // came from the verifier's own deadline, whatever the machine's load made of its timing.
        #expect(fetcher.hasStarted)
        guard case .failed(.timedOut(let url, let seconds)) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(elapsed >= .milliseconds(300))
        #expect(url.absoluteString == "https://roadflare.app/.well-known/nostr.json?name=maria")
        #expect(abs(seconds - 0.3) < 0.001)
        #expect(result.code == "timed-out")
        #expect(!result.isVerified)
    }

    @Test func aClaimThatIsNoAddressFailsWithoutARequest() async {
        let fetcher = StubbornFetcher()
        defer { fetcher.release() }
        let result = await NIP05Verifier(fetcher: fetcher).verify("maria@a@b.example", publicKey: String(repeating: "a1", count: 32))
        #expect(!fetcher.hasStarted)
        #expect(result == .failed(.invalidAddress("maria@a@b.example", .notOneAtSign)))
        #expect(result.code == "invalid-address")
    }

    @Test func plainHTTPOnlyForLoopbackAndOnlyWhenAllowed() throws {
        let loopback = try NIP05Address("maria@127.0.0.1:8080")
        let remote = try NIP05Address("maria@roadflare.app")
        let strict = NIP05Verifier()
        let local = NIP05Verifier(configuration: .init(allowsPlainHTTPOnLoopback: true))
        #expect(strict.documentURL(for: loopback).scheme == "https")
        #expect(local.documentURL(for: loopback).absoluteString == "http://127.0.0.1:8080/.well-known/nostr.json?name=maria")
        #expect(local.documentURL(for: remote).scheme == "https")
    }
}
