import ClipAASA
import ClipDoctor
import ClipKit
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit doctor --cdn`: Apple's CDN copy of each manifest domain's file against the domain's.
///
/// Apple's CDN cannot be reached from the tests, so a real HTTP server on the loopback interface
/// stands in for it; the domain's file comes from a second one, named with `--aasa`.
@Suite(.serialized) struct DoctorCDNTests {
    static let json = [("Content-Type", "application/json")]

    @Test func aStaleCopyIsAWarningAndAMissingOneAnError() async throws {
        let manifest = try ExampleManifest.load("roadflare")
        let file = try AASAGenerator(manifest: manifest).data()
        let domain = try LoopbackHTTPServer(routes: [AASADocument.wellKnownPath: .init(headers: Self.json, body: file)])
        let older = Data(#"{"applinks":{"details":[{"appIDs":["6Y98438M9X.com.roadflare.RoadFlare"],"components":[{"/":"/s/*"}]}]},"appclips":{"apps":["6Y98438M9X.com.roadflare.RoadFlare.Clip"]}}"#.utf8)
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: older)])
        let empty = try LoopbackHTTPServer(routes: [:])
        defer { domain.stop(); cdn.stop(); empty.stop() }
        let doctor = Doctor(manifest: manifest, aasaChecker: nil)
        let stale = try await doctor.examine(DoctorInputs(aasa: domain.baseURL, compareCDN: true, cdnBaseURL: try AASACDNCheck.baseURL(cdn.baseURL + "/a/v1")))
        let finding = try #require(stale.findings.first { $0.code == "aasa.cdn.stale" })
        #expect(finding.severity == .warning)
        #expect(finding.file == cdn.baseURL + "/a/v1/roadflare.app")
        #expect((finding.fix ?? "").contains("?mode=developer"))
        #expect(stale.checkedFiles.contains("cdn:roadflare.app"))

        let missing = try await doctor.examine(DoctorInputs(aasa: domain.baseURL, compareCDN: true, cdnBaseURL: try AASACDNCheck.baseURL(empty.baseURL + "/a/v1")))
        #expect(missing.findings.contains { $0.code == "aasa.cdn.missing" && $0.severity == .error })
        #expect(!missing.isOK)
    }
}
