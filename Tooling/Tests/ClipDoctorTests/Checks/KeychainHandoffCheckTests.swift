import ClipDoctor
import ClipKit
import ClipReports
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `doctor` checks what the keychain handoff needs in a built clip and app, when the manifest marks
/// a handoff type secret: each case plants one thing wrong in an otherwise right product.
@Suite struct KeychainHandoffCheckTests {
    /// The coffee shop with a secret session type: the keychain path is in use.
    static func manifest() throws -> ClipManifest {
        var manifest = try ExampleManifest.load("coffee-shop")
        manifest.handoff.types.append(ClipManifest.HandoffType(name: "com.example.coffee.session", requiredMembers: ["token"], isSecret: true))
        return manifest
    }

    static func keychainFindings(
        _ manifest: ClipManifest, app: (inout ProductFixture.Bundle) -> Void = { _ in }, clip: (inout ProductFixture.Bundle) -> Void = { _ in }
    ) async throws -> [Finding] {
        var appBundle = ProductFixture.app(manifest)
        appBundle.info = Fixtures.setting(InfoPlistKey.minimumOSVersion, to: .string("15.4"), in: appBundle.info)
        app(&appBundle)
        var clipBundle = ProductFixture.clip(manifest)
        clip(&clipBundle)
        let folder = try TemporaryDirectory()
        let url = try ProductFixture.writeApp(appBundle, clips: [clipBundle], into: folder.url)
        let report = try await Doctor(manifest: manifest, aasaChecker: nil).examine(DoctorInputs(archive: url.path))
        return report.findings.filter { $0.code.hasPrefix("keychain.") }
    }

    static func signed(_ bundle: inout ProductFixture.Bundle, _ key: String, _ value: PropertyListValue?) {
        bundle.entitlements = bundle.entitlements.map { Fixtures.setting(key, to: value, in: $0) }
    }

    @Test func aRightProductHasNoKeychainFindings() async throws {
        #expect(try await Self.keychainFindings(Self.manifest()).isEmpty)
    }

    @Test func withoutSecretTypesNothingIsChecked() async throws {
        let plain = try ExampleManifest.load("coffee-shop")
        let findings = try await Self.keychainFindings(plain, app: {
            Self.signed(&$0, EntitlementKey.associatedAppClipIdentifiers, nil)
            $0.info = Fixtures.setting(InfoPlistKey.minimumOSVersion, to: .string("15.0"), in: $0.info)
        })
        #expect(findings.isEmpty, "\(findings.map(\.code))")
    }

    @Test func theClipSignedUnderAnotherTeamPrefix() async throws {
        let manifest = try Self.manifest()
        let findings = try await Self.keychainFindings(manifest, clip: {
            Self.signed(&$0, EntitlementKey.applicationIdentifier, .string("QQQQ11QQQQ.\(manifest.clip.bundleID)"))
        })
        #expect(findings.map(\.code) == ["keychain.clip-team-prefix"])
        #expect(findings.first?.message.contains("'\(manifest.teamID).\(manifest.clip.bundleID)'") == true)
        #expect(findings.first?.message.contains("com.example.coffee.session") == true)
    }

    @Test func theClipAskingForTheAppsKeychainGroup() async throws {
        let manifest = try Self.manifest()
        let findings = try await Self.keychainFindings(manifest, clip: {
            Self.signed(&$0, EntitlementKey.keychainAccessGroups, .array([.string("\(manifest.teamID).\(manifest.app.bundleID)")]))
        })
        #expect(findings.map(\.code) == ["keychain.clip-access-groups"])
        #expect(findings.first?.severity == .error)
        // Its own group, as Xcode writes it, is fine.
        let own = try await Self.keychainFindings(manifest, clip: {
            Self.signed(&$0, EntitlementKey.keychainAccessGroups, .array([.string("$(AppIdentifierPrefix)\(manifest.clip.bundleID)")]))
        })
        #expect(own.isEmpty, "\(own.map(\.message))")
    }

    @Test func theAppWithoutTheAssociation() async throws {
        let findings = try await Self.keychainFindings(Self.manifest(), app: { Self.signed(&$0, EntitlementKey.associatedAppClipIdentifiers, nil) })
        #expect(findings.map(\.code) == ["keychain.app-association"])
        #expect(findings.first?.fix?.contains("generate entitlements") == true)
    }

    @Test func theAppSignedUnderAnotherTeamPrefix() async throws {
        let manifest = try Self.manifest()
        let findings = try await Self.keychainFindings(manifest, app: {
            Self.signed(&$0, EntitlementKey.applicationIdentifier, .string("QQQQ11QQQQ.\(manifest.app.bundleID)"))
        })
        #expect(findings.map(\.code) == ["keychain.app-team-prefix"])
    }

    @Test(arguments: ["15.0", "15.3", "14.8"])
    func theAppBuiltForAnIOSBeforeItCanRead(minimum: String) async throws {
        let findings = try await Self.keychainFindings(Self.manifest(), app: {
            $0.info = Fixtures.setting(InfoPlistKey.minimumOSVersion, to: .string(minimum), in: $0.info)
        })
        #expect(findings.map(\.code) == ["keychain.app-minimum-ios"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("iOS \(minimum)") == true)
    }

    @Test(arguments: ["15.4", "16.0", "15.10"])
    func anAppBuiltFor15Point4OrLaterReads(minimum: String) async throws {
        let findings = try await Self.keychainFindings(Self.manifest(), app: {
            $0.info = Fixtures.setting(InfoPlistKey.minimumOSVersion, to: .string(minimum), in: $0.info)
        })
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}
