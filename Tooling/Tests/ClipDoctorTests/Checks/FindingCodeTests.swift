import ClipReports
import ClipAASA
import ClipAppStoreConnect
import ClipDoctor
import ClipKit
import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// One test per finding code: each builds the smallest input that should produce the code and
/// checks that it does, at the code's severity. The switch is exhaustive, so a new code without
/// a scenario does not compile.
@Suite struct FindingCodeTests {
    @Test(arguments: DoctorCode.allCases)
    func eachCodeHasAScenarioThatProducesIt(code: DoctorCode) async throws {
        let findings = try await Self.scenario(for: code)
        let matching = findings.filter { $0.code == code.rawValue }
        #expect(!matching.isEmpty, "no \(code.rawValue) among \(findings.map(\.code))")
        #expect(matching.allSatisfy { $0.severity == code.severity })
        #expect(matching.allSatisfy { !$0.message.isEmpty && !($0.fix ?? "").isEmpty })
    }

    static func scenario(for code: DoctorCode) async throws -> [Finding] {
        let manifest = try ExampleManifest.load("bluesky")
        let expectations = ManifestExpectations(manifest: manifest)
        let generator = EntitlementsGenerator(manifest: manifest)
        let clipCheck = ClipEntitlementsCheck(expectations: expectations)
        let appCheck = AppEntitlementsCheck(expectations: expectations)
        let infoCheck = InfoPlistCheck(expectations: expectations)
        let clip = generator.clipEntitlements
        let app = generator.appEntitlements
        func clipWith(_ key: String, _ value: PropertyListValue?) -> [Finding] {
            clipCheck.findings(in: Fixtures.setting(key, to: value, in: clip), file: "Clip.entitlements")
        }
        func appWith(_ key: String, _ value: PropertyListValue?) -> [Finding] {
            appCheck.findings(in: Fixtures.setting(key, to: value, in: app), file: "App.entitlements")
        }
        func clipDomains(_ change: ([String]) -> [String]) -> [Finding] {
            clipCheck.findings(in: Fixtures.domains(of: clip, change), file: "Clip.entitlements")
        }
        func appDomains(_ change: ([String]) -> [String]) -> [Finding] {
            appCheck.findings(in: Fixtures.domains(of: app, change), file: "App.entitlements")
        }
        let clipInfo = Fixtures.infoPlist(bundleID: manifest.clip.bundleID, executable: "AppClip", minimumOS: "15.1")
        func clipInfoWith(_ key: String, _ value: PropertyListValue?, origin: InfoPlistCheck.Origin = .built) -> [Finding] {
            infoCheck.clipFindings(in: Fixtures.setting(key, to: value, in: clipInfo), file: "Clip/Info.plist", origin: origin)
        }
        let appInfo = Fixtures.infoPlist(bundleID: manifest.app.bundleID, executable: "App", minimumOS: "15.1")
        func appInfoWith(_ key: String, _ value: PropertyListValue?, origin: InfoPlistCheck.Origin = .built) -> [Finding] {
            infoCheck.appFindings(in: Fixtures.setting(key, to: value, in: appInfo), file: "App/Info.plist", origin: origin)
        }
        func product(app appBundle: ProductFixture.Bundle? = nil, clips: [ProductFixture.Bundle]? = nil) async throws -> [Finding] {
            let folder = try TemporaryDirectory()
            let url = try ProductFixture.writeApp(appBundle ?? ProductFixture.app(manifest), clips: clips ?? [ProductFixture.clip(manifest)], into: folder.url)
            return try await Doctor(manifest: manifest).examine(DoctorInputs(archive: url.path)).findings
        }
        func sizeReport(uncompressed: String) throws -> [Finding] {
            let report = try SizeReportParser().parse(text: Fixtures.sizeReport([.init(name: "AppClip.ipa", compressed: "3 MB", uncompressed: uncompressed)]))
            guard let limit = expectations.sizeLimit else { return [] }
            return SizeEvaluation(report: report, limit: limit).findings(file: "report.txt")
        }

        var secret = manifest
        secret.handoff.types[0].isSecret = true
        let keychain = KeychainHandoffCheck(manifest: secret)

        switch code {
        case .keychainClipTeamPrefix:
            return keychain.clipFindings(in: Fixtures.setting(EntitlementKey.applicationIdentifier, to: .string("QQQQ11QQQQ.xyz.blueskyweb.app.AppClip"), in: clip), file: "AppClip")
        case .keychainClipAccessGroups:
            return keychain.clipFindings(in: Fixtures.setting(EntitlementKey.keychainAccessGroups, to: .array([.string("$(AppIdentifierPrefix)xyz.blueskyweb.app")]), in: clip), file: "AppClip")
        case .keychainAppAssociation: return keychain.appFindings(in: Fixtures.setting(EntitlementKey.associatedAppClipIdentifiers, to: nil, in: app), file: "App")
        case .keychainAppTeamPrefix:
            return keychain.appFindings(in: Fixtures.setting(EntitlementKey.applicationIdentifier, to: .string("QQQQ11QQQQ.xyz.blueskyweb.app"), in: app), file: "App")
        case .keychainAppMinimumIOS: return keychain.appInfoFindings(in: appInfo, file: "App/Info.plist")
        case .clipManifestMinimumIOS:
            var tooLow = manifest
            tooLow.clip.minimumIOS = "14.5"
            return try await Doctor(manifest: tooLow, aasaChecker: nil).examine(DoctorInputs()).findings
        case .clipManifestDefaultLinkIOS:
            var defaultLink = manifest
            defaultLink.routes[0].opensDefaultLink = true
            defaultLink.routes[0].patterns = []
            return try await Doctor(manifest: defaultLink, aasaChecker: nil).examine(DoctorInputs()).findings
        case .clipOnDemandInstallCapable: return clipWith(EntitlementKey.onDemandInstallCapable, .boolean(false))
        case .clipParentIdentifier: return clipWith(EntitlementKey.parentApplicationIdentifiers, .array([.string("AAAAAAAAAA.xyz.blueskyweb.app")]))
        case .clipAppClipsDomain: return clipDomains { $0.filter { $0 != "appclips:go.bsky.app" } }
        case .clipUnlistedDomain: return clipDomains { $0 + ["appclips:example.org"] }
        case .clipDomainWildcard: return clipDomains { $0 + ["appclips:*.bsky.app"] }
        case .clipDomainPath: return clipDomains { $0.map { $0 == "appclips:bsky.app" ? "appclips:bsky.app/start" : $0 } }
        case .clipDomainMode: return clipDomains { $0.map { $0 == "appclips:bsky.app" ? "appclips:bsky.app?mode=developer" : $0 } }
        case .clipAppLinks: return clipDomains { $0 + ["applinks:bsky.app"] }
        case .clipAppGroup: return clipWith(EntitlementKey.applicationGroups, .array([.string("group.other")]))
        case .clipUnsupportedCapability: return clipWith("com.apple.developer.healthkit", .boolean(true))
        case .clipAppOnlyKey: return clipWith(EntitlementKey.associatedAppClipIdentifiers, .array([.string(expectations.clipIdentifier)]))
        case .clipApplicationIdentifier: return clipWith(EntitlementKey.applicationIdentifier, .string("B3LX46C5HS.xyz.blueskyweb.app"))
        case .appAssociatedClipIdentifier: return appWith(EntitlementKey.associatedAppClipIdentifiers, .array([.string("B3LX46C5HS.xyz.blueskyweb.app.Clip")]))
        case .appAppClipsDomain: return appDomains { $0.filter { $0 != "appclips:bsky.app" } }
        case .appAppLinksDomain: return appDomains { $0.filter { $0 != "applinks:go.bsky.app" } }
        case .appDomainWildcard: return appDomains { $0 + ["appclips:*.bsky.app"] }
        case .appDomainPath: return appDomains { $0 + ["applinks:bsky.app/profile"] }
        case .appDomainMode: return appDomains { $0.map { $0 == "applinks:bsky.app" ? "applinks:bsky.app?mode=managed" : $0 } }
        case .appAppGroup: return appWith(EntitlementKey.applicationGroups, nil)
        case .appClipOnlyKey: return appWith(EntitlementKey.onDemandInstallCapable, .boolean(true))
        case .appApplicationIdentifier: return appWith(EntitlementKey.applicationIdentifier, .string("B3LX46C5HS.xyz.blueskyweb.app.AppClip"))
        case .clipBundleIdentifier: return clipInfoWith(InfoPlistKey.bundleIdentifier, .string("xyz.blueskyweb.app.Clip"))
        case .clipBundleIdentifierUnresolved: return clipInfoWith(InfoPlistKey.bundleIdentifier, .string("$(PRODUCT_BUNDLE_IDENTIFIER)"), origin: .source)
        case .clipAppClipDictionary: return clipInfoWith(InfoPlistKey.appClip, .dictionary([InfoPlistKey.requestLocationConfirmation: .string("YES")]))
        case .clipUnknownAppClipKey: return clipInfoWith(InfoPlistKey.appClip, .dictionary(["NSAppClipRequestEphemeralUserNotifications": .boolean(true)]))
        case .clipAppClipRequest: return clipInfoWith(InfoPlistKey.appClip, .dictionary([InfoPlistKey.requestLocationConfirmation: .boolean(true)]))
        case .clipMisplacedAppClipKey: return clipInfoWith(InfoPlistKey.requestEphemeralUserNotification, .boolean(true))
        case .clipBackgroundModes: return clipInfoWith(InfoPlistKey.backgroundModes, .array([.string("fetch")]))
        case .clipURLSchemes:
            return clipInfoWith(InfoPlistKey.urlTypes, .array([.dictionary(["CFBundleURLSchemes": .array([.string("bluesky")])])]))
        case .clipMinimumOS: return clipInfoWith(InfoPlistKey.minimumOSVersion, .string("17.0"))
        case .appBundleIdentifier: return appInfoWith(InfoPlistKey.bundleIdentifier, .string("xyz.blueskyweb.other"))
        case .appBundleIdentifierUnresolved: return appInfoWith(InfoPlistKey.bundleIdentifier, nil, origin: .source)
        case .appAppClipKeys: return appInfoWith(InfoPlistKey.appClip, .dictionary([InfoPlistKey.requestLocationConfirmation: .boolean(true)]))
        case .sizeOverLimit: return try sizeReport(uncompressed: "10.1 MB")
        case .sizeNearLimit: return try sizeReport(uncompressed: "9.5 MB")
        case .sizeBundle: return try await product()
        case .sizeBundleOverLimit: return try await product(clips: [ProductFixture.clip(manifest, resourceBytes: 10_500_000)])
        case .archiveClipMissing: return try await product(clips: [])
        case .archiveMultipleClips:
            var second = ProductFixture.clip(manifest)
            second.name = "SecondClip"
            return try await product(clips: [ProductFixture.clip(manifest), second])
        case .archiveAppMissing:
            let folder = try TemporaryDirectory()
            let archive = folder.url.appendingPathComponent("Empty.xcarchive/Products/Applications")
            try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: archive.appendingPathComponent("README"))
            return try await Doctor(manifest: manifest).examine(DoctorInputs(archive: folder.url.appendingPathComponent("Empty.xcarchive").path)).findings
        case .archiveInfoPlist:
            var broken = ProductFixture.clip(manifest)
            broken.infoOverride = Data("bplist00 but not really".utf8)
            return try await product(clips: [broken])
        case .clipExcludedFramework, .clipExcludedAPI, .clipLinkageUnreadable:
            var linked = ProductFixture.clip(manifest)
            var spec = LinkageFixture.Spec(libraries: [(LinkageFixture.framework("HealthKit"), false), (LinkageFixture.framework("StoreKit"), false)])
            spec.chainedImports = [("_OBJC_CLASS_$_SKAdNetwork", 2)]
            if code == .clipLinkageUnreadable { spec.importFormat = 9 }
            spec.signature = MachOFixture.Signature(entitlementsXML: linked.entitlements.map(PropertyListWriter.xml))
            linked.executableOverride = LinkageFixture.thin(spec)
            return try await product(clips: [linked])
        case .archiveExecutable:
            var broken = ProductFixture.clip(manifest)
            broken.executableOverride = Data("#!/bin/sh\necho not a Mach-O\n".utf8)
            return try await product(clips: [broken])
        case .archiveCodeSignature:
            var unsigned = ProductFixture.clip(manifest)
            unsigned.signed = false
            return try await product(clips: [unsigned])
        case .archiveEntitlementsMissing:
            var bare = ProductFixture.clip(manifest)
            bare.entitlements = nil
            return try await product(clips: [bare])
        case .archiveSliceEntitlementsDiffer:
            var universal = ProductFixture.clip(manifest)
            universal.secondSliceEntitlements = .some(Fixtures.setting("get-task-allow", to: .boolean(true), in: universal.entitlements ?? .dictionary([:])))
            return try await product(clips: [universal])
        case .aasaUnavailable:
            return try await Doctor(manifest: manifest, aasaChecker: nil).examine(DoctorInputs(aasa: "https://bsky.app")).findings
        case .ascStatusUnavailable, .ascDomainMissing, .ascDomainInvalid, .ascDomainCacheInvalid, .ascDomainCacheStale, .ascDomainNotCached, .ascDomainUnlisted:
            return try await Doctor(manifest: manifest, aasaChecker: nil).examine(DoctorInputs(appClipDomainStatuses: ascScenario(for: code))).findings
        case .shareLinkUnreachable, .shareLinkNoRoute, .shareLinkStatus, .shareLinkRedirect, .shareLinkBannerMissing, .shareLinkBannerMismatch,
             .shareLinkBannerNotCard, .shareLinkErrorTitle, .shareLinkPreviewTitleMissing, .shareLinkNotHTML, .shareLinkAssociationRedirect,
             .shareLinkAssociationPage:
            return try await shareLinkScenario(for: code, manifest: manifest)
        }
    }

    /// A Bluesky share link served over real HTTP on loopback by a server that answers the way
    /// that gives `code`; the AASA beside it is the generated one unless the scenario says otherwise.
    static func shareLinkScenario(for code: DoctorCode, manifest: ClipManifest) async throws -> [Finding] {
        func page(title: String? = "A starter pack on Bluesky", ogTitle: String? = "A starter pack on Bluesky",
                  banner: String? = "app-id=6444370199, app-clip-bundle-id=xyz.blueskyweb.app.AppClip, app-clip-display=card") -> Data {
            var head = "<!doctype html><html><head><meta charset=\"utf-8\">"
            if let title { head += "<title>\(title)</title>" }
            if let ogTitle { head += "<meta property=\"og:title\" content=\"\(ogTitle)\">" }
            if let banner { head += "<meta name=\"apple-itunes-app\" content=\"\(banner)\">" }
            return Data((head + "</head><body><main>pack</main></body></html>").utf8)
        }
        let html = [("Content-Type", "text/html; charset=utf-8")]
        var share = LoopbackHTTPServer.Response(headers: html, body: page())
        var association = LoopbackHTTPServer.Response(headers: [("Content-Type", "application/json")], body: try AASAGenerator(manifest: manifest).data(forDomain: "bsky.app"))
        var path = "/start/alice.bsky.social/3kabc"
        switch code {
        case .shareLinkNoRoute: path = "/nothing/here"
        case .shareLinkStatus: share = .init(status: 404, headers: html, body: page(title: "Page not found", ogTitle: "Page not found", banner: nil))
        case .shareLinkRedirect: share = .init(status: 302, headers: [("Location", "https://bsky.app/")])
        case .shareLinkBannerMissing: share.body = page(banner: nil)
        case .shareLinkBannerMismatch: share.body = page(banner: "app-id=6444370199, app-clip-bundle-id=com.other.Clip, app-clip-display=card")
        case .shareLinkBannerNotCard: share.body = page(banner: "app-id=6444370199, app-clip-bundle-id=xyz.blueskyweb.app.AppClip")
        case .shareLinkErrorTitle: share.body = page(title: "Bluesky", ogTitle: "404 · Page not found")
        case .shareLinkPreviewTitleMissing: share.body = page(ogTitle: nil)
        case .shareLinkNotHTML: share.headers = [("Content-Type", "text/plain")]
        case .shareLinkAssociationRedirect: association = .init(status: 301, headers: [("Location", "https://bsky.app/aasa.json")])
        case .shareLinkAssociationPage: association.body = page()
        default: break
        }
        let answers = [path: share, AASADocument.wellKnownPath: association]
        let server = try LoopbackHTTPServer { request in answers[request.path] ?? .init(status: 404) }
        defer { server.stop() }
        var inputs = DoctorInputs()
        inputs.shareLinks = [code == .shareLinkUnreachable ? "http://127.0.0.1:\(try LoopbackPort.free())\(path)" : "http://127.0.0.1:\(server.port)\(path)"]
        return try await Doctor(manifest: manifest, aasaChecker: nil).examine(inputs).findings
    }

    /// App Store Connect's domain statuses for the Bluesky manifest (bsky.app, go.bsky.app) that
    /// give `code`.
    static func ascScenario(for code: DoctorCode) -> AppClipDomainStatuses {
        typealias Entry = AppClipDomainStatus.Domain
        let valid = [Entry(domain: "bsky.app", isValid: true), Entry(domain: "go.bsky.app", isValid: true)]
        func statuses(cache: [Entry]?, debug: [Entry]?) -> AppClipDomainStatuses {
            AppClipDomainStatuses(
                buildBundleID: "bundle-1",
                cache: cache.map { AppClipDomainStatus(kind: .cache, id: "bundle-1", lastUpdatedDate: nil, domains: $0) },
                debug: debug.map { AppClipDomainStatus(kind: .debug, id: "bundle-1", lastUpdatedDate: nil, domains: $0) }
            )
        }
        switch code {
        case .ascStatusUnavailable: return statuses(cache: nil, debug: valid)
        case .ascDomainMissing: return statuses(cache: [valid[0]], debug: [valid[0]])
        case .ascDomainInvalid: return statuses(cache: valid, debug: [valid[0], Entry(domain: "go.bsky.app", isValid: false, errorCode: "TLS_ERROR")])
        case .ascDomainCacheInvalid: return statuses(cache: [valid[0], Entry(domain: "go.bsky.app", isValid: false, errorCode: "CANNOT_REACH_AASA_FILE")], debug: nil)
        case .ascDomainCacheStale: return statuses(cache: [valid[0], Entry(domain: "go.bsky.app", isValid: false, errorCode: "BAD_JSON_CONTENT")], debug: valid)
        case .ascDomainNotCached: return statuses(cache: [valid[0]], debug: valid)
        default: return statuses(cache: valid, debug: valid + [Entry(domain: "staging.bsky.app", isValid: true)])
        }
    }

    @Test func unsupportedCapabilitiesHaveTheirOwnSeverities() throws {
        let manifest = try ExampleManifest.load("roadflare")
        let expectations = ManifestExpectations(manifest: manifest)
        let clip = EntitlementsGenerator(manifest: manifest).clipEntitlements
        let cases: [(String, PropertyListValue, Severity?)] = [
            ("com.apple.developer.homekit", .boolean(true), .error),
            ("com.apple.developer.healthkit.access", .array([.string("health-records")]), .error),
            ("com.apple.developer.sensorkit.reader.allow", .array([.string("ambient-light-sensor")]), .error),
            ("com.apple.developer.pass-type-identifiers", .array([.string("6Y98438M9X.*")]), .error),
            ("com.apple.developer.ubiquity-kvstore-identifier", .string("6Y98438M9X.com.roadflare.RoadFlare"), .error),
            ("com.apple.developer.ubiquity-container-identifiers", .array([.string("iCloud.com.roadflare")]), .error),
            ("com.apple.developer.icloud-services", .array([.string("CloudDocuments")]), .error),
            ("com.apple.developer.icloud-services", .array([.string("CloudKit")]), .warning),
            ("keychain-access-groups", .array([.string("$(AppIdentifierPrefix)com.roadflare.shared")]), .warning),
            ("keychain-access-groups", .array([.string("6Y98438M9X.com.roadflare.RoadFlare.Clip")]), nil),
            ("com.apple.developer.in-app-payments", .array([.string("merchant.com.roadflare")]), nil),
            ("aps-environment", .string("production"), nil),
        ]
        for (key, value, severity) in cases {
            let findings = ClipEntitlementsCheck(expectations: expectations)
                .findings(in: Fixtures.setting(key, to: value, in: clip), file: "Clip.entitlements")
            #expect(findings.map(\.severity) == (severity.map { [$0] } ?? []), "\(key)")
            #expect(findings.allSatisfy { $0.code == DoctorCode.clipUnsupportedCapability.rawValue && $0.path == key })
        }
    }
}
