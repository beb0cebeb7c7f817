import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The comparison of Apple's CDN copy with the domain's own file.
///
/// Apple's CDN (`app-site-association.cdn-apple.com`) cannot be reached from the test machine, so
/// a real HTTP server on the loopback interface stands in for it: it serves copies at
/// `/a/v1/<domain>` the way the CDN does. The domain's file comes from a second loopback server.
@Suite(.serialized) struct AASACDNTests {
    static let wellKnown = AASADocument.wellKnownPath
    static let json = [("Content-Type", "application/json")]
    static let app = "6Y98438M9X.com.roadflare.RoadFlare"
    static let clip = "6Y98438M9X.com.roadflare.RoadFlare.Clip"

    /// What the CDN still holds: an older file whose only component is a path the routes no longer use.
    static let olderFile = #"""
    {"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/s/*"}]}]},
     "appclips": {"apps": ["\#(clip)"]}}
    """#

    func currentFile() throws -> Data {
        try AASAGenerator(manifest: try ExampleManifests.roadflare()).data()
    }

    func check(cdn server: LoopbackHTTPServer) throws -> AASACDNCheck {
        AASACDNCheck(cdnBaseURL: try AASACDNCheck.baseURL(server.baseURL + "/a/v1"), manifest: try ExampleManifests.roadflare(),
                     parameterKinds: ExampleManifests.kinds)
    }

    func origin(_ server: LoopbackHTTPServer) throws -> AASACDNCheck.Origin {
        .fetch(try #require(URL(string: server.baseURL)))
    }

    @Test func anOlderCopyIsStaleAndTheDiffNamesComponentsAndRoutes() async throws {
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try currentFile())])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: Data(Self.olderFile.utf8))])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .stale)
        #expect(cdn.requests == ["GET /a/v1/roadflare.app HTTP/1.1"])
        let removed = report.differences.filter { $0.kind == .componentRemoved }
        #expect(removed.map(\.subject) == [#"{"/":"/s/*"}"#])
        #expect(removed.first?.appID == Self.app)
        let added = report.differences.filter { $0.kind == .componentAdded }.map(\.subject)
        #expect(added.contains { $0.contains("/share/d/") })
        let routes = report.differences.filter { $0.kind == .routeChanged }
        let driver = try #require(routes.first { $0.subject.contains("https://roadflare.app/share/d/npub1") })
        #expect(driver.appID == Self.app)
        #expect(driver.before == "unset")
        #expect(driver.after == "match")
        #expect(driver.subject.contains("driverShare"))
        let finding = try #require(report.findings.first { $0.code == .cdnStale })
        #expect(finding.message.contains("/s/*"))
        #expect(finding.message.contains("route differently"))
        #expect(finding.fix.contains("?mode=developer"))
        #expect(finding.fix.contains("Cache-Control"))
        #expect(finding.fix.contains("wait"))
    }

    @Test func theSameJSONIsIdenticalWhateverTheWhitespace() async throws {
        let file = try currentFile()
        let reformatted = try JSONValue(parsing: file).serialized()
        #expect(reformatted != file)
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: file)])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: reformatted)])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .identical)
        #expect(report.differences.isEmpty)
        #expect(report.findings.isEmpty)
    }

    @Test func aLocalFileIsComparedWithoutFetchingTheDomain() async throws {
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: Data(Self.olderFile.utf8))])
        defer { cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: .bytes(Data(Self.olderFile.utf8), label: "aasa.json"))
        #expect(report.status == .identical)
    }

    @Test func a404IsMissing() async throws {
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try currentFile())])
        let cdn = try LoopbackHTTPServer(routes: [:])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .missing)
        let finding = try #require(report.findings.first { $0.code == .cdnMissing })
        #expect(finding.severity == .error)
        #expect(finding.fix.contains("?mode=developer"))
    }

    @Test func aRedirectFromTheCDNIsReportedAndNotFollowed() async throws {
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try currentFile())])
        let cdn = try LoopbackHTTPServer(routes: [
            "/a/v1/roadflare.app": .init(status: 302, headers: [("Location", "/elsewhere")]),
            "/elsewhere": .init(headers: Self.json, body: try currentFile()),
        ])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .error)
        let finding = try #require(report.findings.first { $0.code == .cdnHosting })
        #expect(finding.message.contains("302") && finding.message.contains("/elsewhere"))
        #expect(cdn.requests == ["GET /a/v1/roadflare.app HTTP/1.1"])
    }

    @Test func aRedirectFromTheDomainIsReported() async throws {
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(status: 301, headers: [("Location", "https://www.roadflare.app/")])])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: try currentFile())])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .error)
        #expect(report.findings.contains { $0.code == .redirect })
        #expect(report.findings.contains { $0.code == .cdnError })
    }

    @Test func aWrongContentTypeOnEitherSideIsReported() async throws {
        let text = [("Content-Type", "text/plain")]
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: text, body: try currentFile())])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: text, body: try currentFile())])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .identical)
        #expect(report.findings.contains { $0.code == .contentType })
        let cdnSide = try #require(report.findings.first { $0.code == .cdnHosting })
        #expect(cdnSide.message.contains("text/plain"))
    }

    @Test func anOversizedCopyIsAnError() async throws {
        let domain = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: Self.json, body: try currentFile())])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: Data(repeating: 0x20, count: AASADocument.maximumBytes + 10))])
        defer { domain.stop(); cdn.stop() }
        let report = try await check(cdn: cdn).compare(domain: "roadflare.app", origin: try origin(domain))
        #expect(report.status == .error)
        #expect(report.findings.contains { $0.code == .cdnHosting && $0.message.contains("128 KB") })
    }

    @Test func plainHTTPIsOnlyAcceptedForLoopback() throws {
        #expect(throws: AASACDNBaseURLError.self) { try AASACDNCheck.baseURL("http://cdn.example.com/a/v1/") }
        #expect(try AASACDNCheck.baseURL("http://127.0.0.1:8080/a/v1").absoluteString == "http://127.0.0.1:8080/a/v1/")
        #expect(AASACDNCheck().cdnURL(for: "Example.com")?.absoluteString == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(AASACDNCheck().cdnURL(for: "example.com/../x") == nil)
    }

    @Test func theReportEncodesAsTheCommandLineContractSays() throws {
        let report = AASACDNReport(domain: "example.com", status: .stale,
                                   differences: [AASACDNDifference(kind: .appAdded, appID: "A.b", subject: "A.b", before: nil, after: nil)], findings: [])
        let value = try JSONValue(parsing: try JSONEncoder().encode(report))
        #expect(Set(value.objectValue?.keys.map { $0 } ?? []) == ["domain", "status", "differences"])
        #expect(value["status"] == .string("stale"))
    }
}
