import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit doctor --asc` as a user runs it: the built `clipkit` reads the App Clip's domain
/// statuses from the App Store Connect API stand-in over real HTTP and reports them as findings.
@Suite(.serialized) struct DoctorASCCommandTests {
    static let keyID = "2X9R4HXF34"
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    struct Setup {
        let standIn: AppStoreConnectStandIn
        let folder: TemporaryDirectory
        var keyFile: String { folder.file("AuthKey_2X9R4HXF34.p8").path }
    }

    func setup() throws -> Setup {
        let (standIn, p8) = try AppStoreConnectStandIn.withNewKey(keyID: Self.keyID, issuerID: Self.issuer)
        let folder = try TemporaryDirectory()
        try Data(p8.utf8).write(to: folder.file("AuthKey_2X9R4HXF34.p8"))
        return Setup(standIn: standIn, folder: folder)
    }

    func doctor(_ setup: Setup, _ extra: [String], key: String? = nil) async throws -> CommandResult {
        try await ChildProcess.clipkit(["doctor", "--manifest", roadflare, "--asc", "--key", key ?? setup.keyFile, "--key-id", Self.keyID,
                                        "--issuer", Self.issuer, "--asc-base-url", setup.standIn.baseURL.absoluteString, "--json"] + extra)
    }

    func codes(_ result: CommandResult) throws -> [String] {
        (try result.json()["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test func aDomainCachedAndValidPasses() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bb-clip", cache: [.init("roadflare.app", isValid: true)], debug: [.init("roadflare.app", isValid: true)])
        let result = try await doctor(setup, ["--asc-build-bundle", "bb-clip"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["ok"] as? Bool == true)
        #expect(try codes(result).isEmpty)
        #expect((json["checked"] as? [String]) == ["asc:buildBundles/bb-clip"])
        #expect(setup.standIn.requests == ["GET /v1/buildBundles/bb-clip/appClipDomainCacheStatus", "GET /v1/buildBundles/bb-clip/appClipDomainDebugStatus"])
        #expect(setup.standIn.refusedTokens.isEmpty)
    }

    @Test func errorStatesBecomeFindingsWithTheirFixes() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(
            buildBundleID: "bb-clip",
            cache: [.init("roadflare.app", isValid: false, errorCode: "CANNOT_REACH_AASA_FILE"), .init("old.roadflare.app", isValid: true)],
            debug: [.init("roadflare.app", isValid: false, errorCode: "INVALID_ENTITLEMENT_MISSING_SECTION")]
        )
        let result = try await doctor(setup, ["--asc-build-bundle", "bb-clip"])
        #expect(result.status == 1)
        let findings = try #require(try result.json()["findings"] as? [[String: Any]])
        #expect(try codes(result) == ["asc.domain.invalid", "asc.domain.unlisted"])
        let invalid = findings[0]
        #expect(invalid["severity"] as? String == "error")
        #expect(invalid["path"] as? String == "roadflare.app")
        #expect((invalid["message"] as? String)?.contains("INVALID_ENTITLEMENT_MISSING_SECTION") == true)
        #expect((invalid["fix"] as? String)?.contains("6Y98438M9X.com.roadflare.RoadFlare.Clip") == true)
        #expect(findings[1]["severity"] as? String == "warning")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func aStatusAppStoreConnectDoesNotHaveAndADomainNotCachedYet() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bb-clip", cache: [], debug: [.init("roadflare.app", isValid: true)])
        let notCached = try await doctor(setup, ["--asc-build-bundle", "bb-clip"])
        #expect(notCached.status == 0)
        #expect(try codes(notCached) == ["asc.domain.not-cached"])

        let unknown = try await doctor(setup, ["--asc-build-bundle", "bb-other"])
        #expect(unknown.status == 1)
        #expect(try codes(unknown) == ["asc.status-unavailable", "asc.status-unavailable"])
    }

    @Test func a429ThenSuccessIsSurvived() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.setDomainStatus(buildBundleID: "bb-clip", cache: [.init("roadflare.app", isValid: true)], debug: [.init("roadflare.app", isValid: true)])
        setup.standIn.force(429, for: "GET")
        let result = try await doctor(setup, ["--asc-build-bundle", "bb-clip"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["ok"] as? Bool == true)
        #expect(setup.standIn.requests.count == 3)
    }

    @Test func theBuildsAppClipBundleIsFoundFromTheBuild() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        setup.standIn.addBuild(id: "build-7", bundles: [("bb-app", "com.roadflare.RoadFlare", "APP"), ("bb-clip", "com.roadflare.RoadFlare.Clip", "APP_CLIP")])
        setup.standIn.setDomainStatus(buildBundleID: "bb-clip", cache: [.init("roadflare.app", isValid: true)], debug: [.init("roadflare.app", isValid: true)])
        let result = try await doctor(setup, ["--asc-build", "build-7"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(setup.standIn.requests.first == "GET /v1/builds/build-7")

        setup.standIn.addBuild(id: "build-8", bundles: [("bb-app", "com.roadflare.RoadFlare", "APP")])
        let noClip = try await doctor(setup, ["--asc-build", "build-8"])
        #expect(noClip.status == 2)
        #expect(noClip.standardError.contains("no App Clip bundle"))
        let noBuild = try await doctor(setup, ["--asc-build", "build-9"])
        #expect(noBuild.status == 2)
        #expect(noBuild.standardError.contains("--asc-build"))
    }

    @Test func aBadKeyAndMissingOptionsAreClearUsageErrors() async throws {
        let setup = try setup()
        defer { setup.standIn.stop() }
        let bad = setup.folder.file("bad.p8")
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: bad)
        let badKey = try await doctor(setup, ["--asc-build-bundle", "bb-clip"], key: bad.path)
        #expect(badKey.status == 2)
        #expect(badKey.standardError.contains("bad.p8") && badKey.standardError.contains("P-256"))
        #expect((try badKey.json()["error"] as? [String: Any])?["message"] is String)

        // A key App Store Connect does not know: the stand-in refuses the token.
        let stranger = try AppStoreConnectStandIn.withNewKey(keyID: Self.keyID, issuerID: Self.issuer)
        stranger.standIn.stop()
        try Data(stranger.p8.utf8).write(to: setup.folder.file("stranger.p8"))
        let refused = try await doctor(setup, ["--asc-build-bundle", "bb-clip"], key: setup.folder.file("stranger.p8").path)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("401") && refused.standardError.contains("key ID"))
        #expect(setup.standIn.refusedTokens == ["bad signature"])

        let noBundle = try await doctor(setup, [])
        #expect(noBundle.status == 2)
        #expect(noBundle.standardError.contains("--asc-build-bundle"))

        let noKey = try await ChildProcess.clipkit(["doctor", "--manifest", roadflare, "--asc", "--asc-build-bundle", "bb-clip"])
        #expect(noKey.status == 2)
        #expect(noKey.standardError.contains("--key") && noKey.standardError.contains("--issuer"))

        let withoutASC = try await ChildProcess.clipkit(["doctor", "--manifest", roadflare, "--asc-build-bundle", "bb-clip", "--cdn"])
        #expect(withoutASC.status == 2)
        #expect(withoutASC.standardError.contains("need --asc"))

        let remote = try await ChildProcess.clipkit(["doctor", "--manifest", roadflare, "--asc", "--key", setup.keyFile, "--key-id", Self.keyID,
                                                     "--issuer", Self.issuer, "--asc-build-bundle", "bb-clip", "--asc-base-url", "http://api.example.com"])
        #expect(remote.status == 2)
        #expect(remote.standardError.contains("loopback") || remote.standardError.contains("127.0.0.1"))
        #expect(setup.standIn.requests.count == 1)
    }
}
