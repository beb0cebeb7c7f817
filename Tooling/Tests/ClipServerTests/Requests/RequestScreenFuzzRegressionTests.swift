import ClipServer
import Testing

/// Inputs the libFuzzer target `FuzzRequestScreening` (fuzz/) found, kept as regressions. Each is
/// also in the target's seed corpus, `fuzz/Corpus/FuzzRequestScreening/regression-…`.
@Suite struct RequestScreenFuzzRegressionTests {
    /// `regression-non-ascii-header-name`: a header name with bytes outside ASCII trapped in
    /// NIOHTTP1's `HTTPHeaders.add` (a precondition) instead of being refused.
    @Test func headerNameOutsideASCIIIsRefusedNotTrapped() {
        let name = String(decoding: [0x48, 0xB2, 0xBA, 0xAB, 0xDF, 0xD0, 0x9C, 0x9E, 0x99, 0xC3, 0xA9, 0x6F, 0x32, 0x73, 0x74] as [UInt8], as: UTF8.self)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/share/%2e%2E/2F/x%5c", headers: [(name, " a")]) == 400)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/share/d/x", headers: [("Hést", "a")]) == 400)
    }

    @Test func screeningMatchesTheServersAnswers() {
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/share/d/x?ref=1", headers: [("Host", "roadflare.app")]) == nil)
        #expect(RequestScreen.refusalStatus(method: "HEAD", target: "/.well-known/apple-app-site-association", headers: [("Host", "roadflare.app")]) == nil)
        // RequestScreen speaks HTTP/1.1, where a request without a Host is refused (RFC 9112, 3.2).
        #expect(RequestScreen.refusalStatus(method: "HEAD", target: "/.well-known/apple-app-site-association") == 400)
        #expect(RequestScreen.refusalStatus(method: "POST", target: "/share/d/x") == 405)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/" + String(repeating: "a", count: 3000)) == 414)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/", headers: [("X-Big", String(repeating: "v", count: 9000))]) == 431)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/share/.%2e/x") == 400)
        #expect(RequestScreen.refusalStatus(method: "GET", target: "/a%2Fb") == 400)
    }
}
