import ClipDoctor
import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipToolingTestSupport
import Testing

/// `clip.manifest.minimum-ios`: the manifest's `clip.minimumIOS` against what ClipKit and the
/// clip's flow need.
@Suite struct MinimumIOSCheckTests {
    static let code = DoctorCode.clipManifestMinimumIOS.rawValue
    static let defaultLinkCode = DoctorCode.clipManifestDefaultLinkIOS.rawValue

    @Test func theDoctorKnowsClipNostrsParameterKinds() {
        #expect(MinimumIOSCheck.nostrParameterKindNames == Set(ParameterKind.nostrKinds.map(\.name)))
    }

    @Test(arguments: Fixtures.everyExampleName)
    func theExamplesDeclareEnough(example: String) throws {
        let manifest = try ExampleManifest.load(example)
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: "clipkit.json").isEmpty)
    }

    /// RoadFlare's clip runs from iOS 16.0 and its driver route also opens the default link: the
    /// route's own links reach the versions before 16.4, so there is nothing to report.
    @Test func aRouteWithLinksOfItsOwnThatAlsoOpensTheDefaultLinkNeedsNoFinding() throws {
        let manifest = try ExampleManifest.load("roadflare")
        #expect(manifest.clip.minimumIOS == "16.0" && manifest.routes[0].opensDefaultLink && !manifest.routes[0].patterns.isEmpty)
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: "clipkit.json").isEmpty)
    }

    @Test func aRouteOnlyTheDefaultLinkOpensBelowIOS16_4IsAWarning() throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.routes[0].patterns = []
        let findings = MinimumIOSCheck(manifest: manifest).findings(file: "clipkit.json")
        #expect(findings.map(\.code) == [Self.defaultLinkCode])
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("'driverShare' opens only through Apple's default App Clip link"))
        #expect((finding.fix ?? "").contains("16.4"))
    }

    @Test(arguments: ["16.4", "16.4.1", "17.0"])
    func fromIOS16_4TheDefaultLinkNeedsNoFinding(version: String) throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = version
        manifest.routes[0].patterns = []
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).isEmpty)
        manifest.routes[0].patterns = ["https://roadflare.app/share/d/{npub}"]
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).isEmpty)
    }

    @Test func aNostrClipBelowIOS16IsAnError() throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = "15.1"
        let findings = MinimumIOSCheck(manifest: manifest).findings(file: "Examples/roadflare/clipkit.json")
        #expect(findings.map(\.code) == [Self.code])
        let finding = try #require(findings.first)
        #expect(finding.severity == .error)
        #expect(finding.file == "Examples/roadflare/clipkit.json")
        #expect(finding.path == "clip.minimumIOS")
        #expect(finding.message.contains("15.1") && finding.message.contains("16.0") && finding.message.contains("nostr section"))
        #expect((finding.fix ?? "").contains("16.0"))
    }

    @Test(arguments: ["16.0", "16", "16.4.1", "17.0"])
    func aNostrClipOnIOS16OrLaterPasses(version: String) throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = version
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).isEmpty)
    }

    @Test(arguments: ["npub", "nostrProfile", "nostrPerson"])
    func aNostrRouteParameterAloneMakesANostrClip(kind: String) throws {
        var manifest = try ExampleManifest.load("bluesky")
        #expect(MinimumIOSCheck(manifest: manifest).nostrFlowEvidence == nil)
        manifest.routes[0].params["handle"] = kind
        let check = MinimumIOSCheck(manifest: manifest)
        #expect(check.nostrFlowEvidence?.contains("'handle'") == true)
        let findings = check.findings(file: nil)
        #expect(findings.map(\.code) == [Self.code])
        #expect(findings.first?.message.contains("16.0") == true)
    }

    @Test func aNostrSectionAloneMakesANostrClip() throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = "15.0"
        for index in manifest.routes.indices { manifest.routes[index].params = [:] }
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).map(\.code) == [Self.code])
        manifest.nostr = nil
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).isEmpty)
    }

    @Test(arguments: ["14.0", "14.5", "14.9.9"])
    func anyClipBelowIOS15IsAnError(version: String) throws {
        var manifest = try ExampleManifest.load("bluesky")
        manifest.clip.minimumIOS = version
        let findings = MinimumIOSCheck(manifest: manifest).findings(file: nil)
        #expect(findings.map(\.code) == [Self.code])
        #expect(findings.first?.message.contains("15.0") == true)
        #expect(findings.first?.message.contains("Nostr") == false)
    }

    @Test func aVersionThatDoesNotParseIsLeftToTheManifestLoader() throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = "sixteen"
        #expect(MinimumIOSCheck(manifest: manifest).findings(file: nil).isEmpty)
    }

    @Test func doctorReportsItWhateverElseItChecks() async throws {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.clip.minimumIOS = "15.1"
        let report = try await Doctor(manifest: manifest, manifestFile: "clipkit.json", aasaChecker: nil).examine(DoctorInputs())
        #expect(report.findings.map(\.code) == [Self.code])
        #expect(report.findings.first?.file == "clipkit.json")
        #expect(!report.isOK)
    }
}
