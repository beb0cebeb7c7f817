import ClipAASA
import ClipDoctor
import ClipKit
import ClipLoopback
import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Doctor's AASA check runs ClipSite's validator and carries its findings into the report.
@Suite struct AASAValidatorCheckerTests {
    @Test(arguments: Fixtures.exampleNames)
    func generatedFilesPassForEveryDomain(example: String) async throws {
        let manifest = try ExampleManifest.load(example)
        let kinds = ParameterKindRegistry.standardWithNostr
        let folder = try TemporaryDirectory()
        for domain in manifest.domains {
            // Laid out as a site build does: a folder per domain, which tells doctor the domain.
            let file = folder.url.appendingPathComponent("\(domain)/.well-known/apple-app-site-association")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AASAGenerator(manifest: manifest).data(forDomain: domain).write(to: file)
            let doctor = Doctor(manifest: manifest, aasaChecker: AASAValidatorChecker(parameterKinds: kinds))
            let report = try await doctor.examine(DoctorInputs(aasa: file.path))
            #expect(report.findings == [], "\(domain): \(report.findings.map(\.code))")
        }
    }

    @Test func validatorFindingsAreCarriedWithTheirCodesAndPaths() async throws {
        let manifest = try ExampleManifest.load("roadflare")
        let kinds = ParameterKindRegistry.standardWithNostr
        let folder = try TemporaryDirectory()
        let file = folder.file("apple-app-site-association")
        // The clip is not listed, and the driver-share route is not opened by the app.
        try Data(#"{"applinks":{"details":[{"appIDs":["6Y98438M9X.com.roadflare.RoadFlare"],"components":[{"/":"/share/r/*"}]}]},"appclips":{"apps":["6Y98438M9X.com.other.Clip"]}}"#.utf8).write(to: file)
        let report = try await Doctor(manifest: manifest, aasaChecker: AASAValidatorChecker(parameterKinds: kinds))
            .examine(DoctorInputs(aasa: file.path))
        let codes = Set(report.findings.map(\.code))
        #expect(codes.contains("aasa.appclips.clipMissing"))
        #expect(codes.contains("aasa.route.notOpened"))
        #expect(report.findings.allSatisfy { $0.code.hasPrefix("aasa.") && $0.file == file.path && $0.path?.hasPrefix("$") == true })
        #expect(!report.isOK)
    }

    @Test func aMissingLocalFileIsAnInputError() async throws {
        let manifest = try ExampleManifest.load("bluesky")
        await #expect(throws: DoctorError.self) {
            _ = try await Doctor(manifest: manifest).examine(DoctorInputs(aasa: "/nonexistent/apple-app-site-association"))
        }
    }

    @Test func anUnreachableDomainIsAFinding() async throws {
        // Nothing listens on this loopback port: the real fetcher gets a refused connection.
        let manifest = try ExampleManifest.load("bluesky")
        let port = try LoopbackPort.free()
        let checker = AASAValidatorChecker(fetcher: URLSessionAASAFetcher(timeout: 5))
        let report = try await Doctor(manifest: manifest, aasaChecker: checker).examine(DoctorInputs(aasa: "http://127.0.0.1:\(port)"))
        #expect(report.findings.map(\.code).contains("aasa.hosting.unreachable"))
        #expect(!report.isOK)
    }
}
