import ClipAASA
import ClipKit
import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The hosting checks against a real HTTP server on the loopback interface.
@Suite(.serialized) struct AASAHostingTests {
    /// The finding codes these tests exercise (the file fixtures cover the rest).
    static let coveredCodes: Set<AASAFinding.Code> = [
        .loopbackHTTP, .redirect, .badStatus, .contentType, .wrongPath, .unreachable, .notHTTPS, .fileTooLarge,
    ]

    static let wellKnown = AASADocument.wellKnownPath

    func servedFile() throws -> Data {
        try AASAGenerator(manifest: try ExampleManifests.roadflare()).data()
    }

    func validator() throws -> AASAValidator {
        AASAValidator(manifest: try ExampleManifests.roadflare(), domain: "roadflare.app", parameterKinds: ExampleManifests.kinds)
    }

    static let json = [("Content-Type", "application/json")]

    @Test func aWellServedFileIsValidWithOnlyTheLoopbackWarning() async throws {
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try servedFile())])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)))
        #expect(report.isValid)
        #expect(report.findings.map(\.code) == [.loopbackHTTP])
        #expect(server.requests == ["GET \(Self.wellKnown) HTTP/1.1"])
    }

    @Test func theFileIsCheckedAgainstTheManifestToo() async throws {
        let file = Data(#"{"applinks":{"details":[{"appIDs":["6Y98438M9X.com.roadflare.RoadFlare"],"components":[{"/":"/share/d/*"}]}]}}"#.utf8)
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: file)])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL + Self.wellKnown)))
        #expect(!report.isValid)
        #expect(report.codes == [.loopbackHTTP, .clipMissing, .routeNotOpened])
    }

    @Test func redirectsAreReportedAndNotFollowed() async throws {
        let server = try LoopbackHTTPServer(routes: [
            Self.wellKnown: .init(status: 301, headers: [("Location", "/elsewhere")]),
            "/elsewhere": .init(headers: Self.json, body: try servedFile()),
        ])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)))
        let redirect = try #require(report.findings.first { $0.code == .redirect })
        #expect(redirect.severity == .error)
        #expect(redirect.message.contains("301") && redirect.message.contains("/elsewhere"))
        #expect(server.requests == ["GET \(Self.wellKnown) HTTP/1.1"])
    }

    @Test func aStatusOtherThan200IsAnError() async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)))
        #expect(report.codes == [.loopbackHTTP, .badStatus])
        #expect(report.findings.first { $0.code == .badStatus }?.message.contains("404") == true)
    }

    @Test func aContentTypeOtherThanJSONIsAWarning() async throws {
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: [("Content-Type", "text/plain; charset=utf-8")], body: try servedFile())])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)))
        #expect(report.isValid)
        #expect(report.codes == [.loopbackHTTP, .contentType])
        let parameters = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: [("Content-Type", "application/json; charset=utf-8")], body: try servedFile())])
        defer { parameters.stop() }
        #expect(try await validator().validate(url: try #require(URL(string: parameters.baseURL))).codes == [.loopbackHTTP])
    }

    @Test func aFileOutsideTheWellKnownPathIsAnError() async throws {
        let server = try LoopbackHTTPServer(routes: ["/apple-app-site-association": .init(headers: Self.json, body: try servedFile())])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL + "/apple-app-site-association")))
        #expect(report.codes == [.loopbackHTTP, .wrongPath])
        #expect(!report.isValid)
    }

    @Test func anOversizedBodyIsCutAndReported() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 3 * AASADocument.maximumBytes) + (try servedFile())
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: body)])
        defer { server.stop() }
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)))
        #expect(report.codes == [.loopbackHTTP, .fileTooLarge])
    }

    @Test func aPortWithoutAServerIsUnreachable() async throws {
        let port = try LoopbackPort.free()
        let report = try await validator().validate(url: try #require(URL(string: "http://127.0.0.1:\(port)")))
        #expect(report.codes == [.loopbackHTTP, .unreachable])
    }

    @Test func aServerThatDoesNotAnswerTimesOut() async throws {
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try servedFile(), delay: 3)])
        defer { server.stop() }
        let started = Date()
        let report = try await validator().validate(url: try #require(URL(string: server.baseURL)), using: URLSessionAASAFetcher(timeout: 1))
        #expect(report.codes == [.loopbackHTTP, .unreachable])
        #expect(Date().timeIntervalSince(started) < 2.9)
    }

    @Test(arguments: ["http://example.com", "http://192.168.1.10:8080/", "ftp://example.com/x", "file:///etc/passwd", "https://"])
    func onlyHTTPSIsFetchedExceptLoopback(url: String) async throws {
        let report = try await validator().validate(url: try #require(URL(string: url)))
        #expect(report.codes == [.notHTTPS])
    }
}
