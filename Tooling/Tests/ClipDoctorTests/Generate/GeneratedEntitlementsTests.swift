import ClipDoctor
import ClipKit
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The generated files are the reference: they pass doctor with no findings, and each single
/// corruption of them gives exactly the expected finding.
@Suite struct GeneratedEntitlementsTests {
    @Test(arguments: Fixtures.everyExampleName)
    func generatedFilesPassDoctorWithZeroFindings(example: String) async throws {
        let manifest = try ExampleManifest.load(example)
        let folder = try TemporaryDirectory()
        let files = try EntitlementsGenerator(manifest: manifest).write(to: folder.url)
        #expect(files.map(\.lastPathComponent) == ["App.entitlements", "AppClip.entitlements", "AppClip-Info.plist"])
        #expect(files[1].lastPathComponent.contains("Clip"))
        let report = try await Doctor(manifest: manifest).examine(DoctorInputs(
            appEntitlements: files[0].path, clipEntitlements: files[1].path
        ))
        #expect(report.findings == [])
        #expect(report.checkedFiles.count == 2)
        // The Info.plist fragment merged into a built Info.plist passes too.
        var info = Fixtures.infoPlist(bundleID: manifest.clip.bundleID, executable: "AppClip", minimumOS: manifest.clip.minimumIOS).dictionaryValue ?? [:]
        let fragment = try PropertyListReader().read(Data(contentsOf: files[2]))
        for (key, value) in fragment.dictionaryValue ?? [:] { info[key] = value }
        let infoFindings = InfoPlistCheck(expectations: ManifestExpectations(manifest: manifest))
            .clipFindings(in: .dictionary(info), file: "Info.plist", origin: .built)
        #expect(infoFindings == [])
    }

    @Test(arguments: Fixtures.everyExampleName)
    func generatedFilesAreWhatTheManifestSays(example: String) throws {
        let manifest = try ExampleManifest.load(example)
        let generator = EntitlementsGenerator(manifest: manifest)
        let clip = generator.clipEntitlements
        #expect(clip[EntitlementKey.onDemandInstallCapable] == .boolean(true))
        #expect(clip[EntitlementKey.parentApplicationIdentifiers]?.stringArrayValue == ["\(manifest.teamID).\(manifest.app.bundleID)"])
        // A clip with no domain gets no associated-domains entitlement at all, on either target.
        #expect(clip[EntitlementKey.associatedDomains]?.stringArrayValue == (manifest.domains.isEmpty ? nil : manifest.domains.map { "appclips:\($0)" }))
        #expect(clip[EntitlementKey.applicationGroups]?.stringArrayValue == [manifest.appGroup])
        let app = generator.appEntitlements
        #expect(app[EntitlementKey.associatedAppClipIdentifiers]?.stringArrayValue == ["\(manifest.teamID).\(manifest.clip.bundleID)"])
        #expect(Set(app[EntitlementKey.associatedDomains]?.stringArrayValue ?? []) == Set(manifest.domains.flatMap { ["appclips:\($0)", "applinks:\($0)"] }))
        #expect((app[EntitlementKey.associatedDomains] == nil) == manifest.domains.isEmpty)
        #expect(generator.clipInfoPlistFragment[InfoPlistKey.appClip]?.dictionaryValue?.keys.sorted() == InfoPlistKey.appClipKeys.sorted())
        let requests = generator.clipInfoPlistFragment[InfoPlistKey.appClip]?.dictionaryValue
        #expect(requests?[InfoPlistKey.requestLocationConfirmation] == .boolean(manifest.clip.requestsLocationConfirmation))
        #expect(requests?[InfoPlistKey.requestEphemeralUserNotification] == .boolean(manifest.clip.requestsEphemeralNotifications))
    }

    @Test func theCoffeeShopsClipAsksForLocationConfirmationAndNotifications() throws {
        let fragment = EntitlementsGenerator(manifest: try ExampleManifest.load("coffee-shop")).clipInfoPlistFragment
        #expect(fragment[InfoPlistKey.appClip]?.dictionaryValue == [
            InfoPlistKey.requestLocationConfirmation: .boolean(true), InfoPlistKey.requestEphemeralUserNotification: .boolean(true),
        ])
    }

    @Test func anInfoPlistThatDisagreesWithTheManifestsRequestsIsReportedBothWays() throws {
        for (example, value) in [("coffee-shop", false), ("bluesky", true)] {
            let manifest = try ExampleManifest.load(example)
            var info = Fixtures.infoPlist(bundleID: manifest.clip.bundleID, executable: "AppClip", minimumOS: manifest.clip.minimumIOS).dictionaryValue ?? [:]
            info[InfoPlistKey.appClip] = .dictionary([
                InfoPlistKey.requestLocationConfirmation: .boolean(value),
                InfoPlistKey.requestEphemeralUserNotification: .boolean(manifest.clip.requestsEphemeralNotifications),
            ])
            let findings = InfoPlistCheck(expectations: ManifestExpectations(manifest: manifest))
                .clipFindings(in: .dictionary(info), file: "Info.plist", origin: .source)
            #expect(findings.map(\.code) == [DoctorCode.clipAppClipRequest.rawValue], "\(example)")
            #expect(findings.first?.path == "NSAppClip.NSAppClipRequestLocationConfirmation")
            #expect(findings.first?.message.contains("clip.requestsLocationConfirmation is \(!value)") == true)
        }
        // A missing key counts as false: the coffee shop's manifest asks for both.
        let coffee = try ExampleManifest.load("coffee-shop")
        let bare = Fixtures.infoPlist(bundleID: coffee.clip.bundleID, executable: "AppClip", minimumOS: coffee.clip.minimumIOS)
        let findings = InfoPlistCheck(expectations: ManifestExpectations(manifest: coffee)).clipFindings(in: bare, file: "Info.plist", origin: .source)
        #expect(findings.filter { $0.code == DoctorCode.clipAppClipRequest.rawValue }.count == 2)
    }

    enum Target: String, Sendable { case app, clip }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var name: String
        var target: Target
        var change: @Sendable (PropertyListValue, ClipManifest) -> PropertyListValue
        /// The codes expected, in order; empty for a change that must stay clean.
        var expected: [String]
        var testDescription: String { name }
    }

    static func replacingDomain(_ old: String, with new: String) -> @Sendable (PropertyListValue, ClipManifest) -> PropertyListValue {
        { value, manifest in
            let domain = manifest.domains[0]
            return Fixtures.domains(of: value) { $0.map { $0 == "\(old)\(domain)" ? "\(new)".replacingOccurrences(of: "{d}", with: domain) : $0 } }
        }
    }

    static func addingDomain(_ entry: String) -> @Sendable (PropertyListValue, ClipManifest) -> PropertyListValue {
        { value, manifest in Fixtures.domains(of: value) { $0 + [entry.replacingOccurrences(of: "{d}", with: manifest.domains[0])] } }
    }

    static func setting(_ key: String, _ value: @escaping @Sendable (ClipManifest) -> PropertyListValue?) -> @Sendable (PropertyListValue, ClipManifest) -> PropertyListValue {
        { entitlements, manifest in Fixtures.setting(key, to: value(manifest), in: entitlements) }
    }

    static let corruptions: [Corruption] = [
        Corruption(name: "clip: on-demand-install-capable removed", target: .clip,
                   change: setting(EntitlementKey.onDemandInstallCapable) { _ in nil }, expected: ["clip.entitlements.on-demand-install-capable"]),
        Corruption(name: "clip: on-demand-install-capable false", target: .clip,
                   change: setting(EntitlementKey.onDemandInstallCapable) { _ in .boolean(false) }, expected: ["clip.entitlements.on-demand-install-capable"]),
        Corruption(name: "clip: on-demand-install-capable a string", target: .clip,
                   change: setting(EntitlementKey.onDemandInstallCapable) { _ in .string("YES") }, expected: ["clip.entitlements.on-demand-install-capable"]),
        Corruption(name: "clip: parent from another team", target: .clip,
                   change: setting(EntitlementKey.parentApplicationIdentifiers) { .array([.string("ZZZZZZZZZZ.\($0.app.bundleID)")]) },
                   expected: ["clip.entitlements.parent-identifier"]),
        Corruption(name: "clip: parent list has an extra app", target: .clip,
                   change: setting(EntitlementKey.parentApplicationIdentifiers) { .array([.string("\($0.teamID).\($0.app.bundleID)"), .string("\($0.teamID).com.other")]) },
                   expected: ["clip.entitlements.parent-identifier"]),
        Corruption(name: "clip: parent a string, not an array", target: .clip,
                   change: setting(EntitlementKey.parentApplicationIdentifiers) { .string("\($0.teamID).\($0.app.bundleID)") },
                   expected: ["clip.entitlements.parent-identifier"]),
        Corruption(name: "clip: parent through $(AppIdentifierPrefix) stays clean", target: .clip,
                   change: setting(EntitlementKey.parentApplicationIdentifiers) { .array([.string("$(AppIdentifierPrefix)\($0.app.bundleID)")]) },
                   expected: []),
        Corruption(name: "clip: first appclips domain removed", target: .clip,
                   change: { value, manifest in Fixtures.domains(of: value) { $0.filter { $0 != "appclips:\(manifest.domains[0])" } } },
                   expected: ["clip.entitlements.appclips-domain"]),
        Corruption(name: "clip: ?mode=developer left in", target: .clip,
                   change: replacingDomain("appclips:", with: "appclips:{d}?mode=developer"), expected: ["clip.entitlements.domain-mode"]),
        Corruption(name: "clip: a path after the host", target: .clip,
                   change: replacingDomain("appclips:", with: "appclips:{d}/share"), expected: ["clip.entitlements.domain-path"]),
        Corruption(name: "clip: a wildcard appclips entry added", target: .clip,
                   change: addingDomain("appclips:*.{d}"), expected: ["clip.entitlements.domain-wildcard"]),
        Corruption(name: "clip: applinks copied from the app", target: .clip,
                   change: addingDomain("applinks:{d}"), expected: ["clip.entitlements.applinks"]),
        Corruption(name: "clip: a domain the manifest does not list", target: .clip,
                   change: addingDomain("appclips:unlisted.example"), expected: ["clip.entitlements.unlisted-domain"]),
        Corruption(name: "clip: upper-case domain stays clean", target: .clip,
                   change: { value, manifest in Fixtures.domains(of: value) { $0.map { $0.uppercased().replacingOccurrences(of: "APPCLIPS:", with: "appclips:") } } },
                   expected: []),
        Corruption(name: "clip: another App Group", target: .clip,
                   change: setting(EntitlementKey.applicationGroups) { _ in .array([.string("group.com.example.other")]) }, expected: ["clip.entitlements.app-group"]),
        Corruption(name: "clip: HealthKit requested", target: .clip,
                   change: setting("com.apple.developer.healthkit") { _ in .boolean(true) }, expected: ["clip.entitlements.unsupported-capability"]),
        Corruption(name: "clip: the app's key on the clip", target: .clip,
                   change: setting(EntitlementKey.associatedAppClipIdentifiers) { .array([.string("\($0.teamID).\($0.clip.bundleID)")]) },
                   expected: ["clip.entitlements.app-only-key"]),
        Corruption(name: "app: associated clip removed", target: .app,
                   change: setting(EntitlementKey.associatedAppClipIdentifiers) { _ in nil }, expected: ["app.entitlements.associated-clip-identifier"]),
        Corruption(name: "app: associated clip with a wrong bundle ID", target: .app,
                   change: setting(EntitlementKey.associatedAppClipIdentifiers) { .array([.string("\($0.teamID).\($0.app.bundleID).WrongClip")]) },
                   expected: ["app.entitlements.associated-clip-identifier"]),
        Corruption(name: "app: first appclips domain removed", target: .app,
                   change: { value, manifest in Fixtures.domains(of: value) { $0.filter { $0 != "appclips:\(manifest.domains[0])" } } },
                   expected: ["app.entitlements.appclips-domain"]),
        Corruption(name: "app: first applinks domain removed", target: .app,
                   change: { value, manifest in Fixtures.domains(of: value) { $0.filter { $0 != "applinks:\(manifest.domains[0])" } } },
                   expected: ["app.entitlements.applinks-domain"]),
        Corruption(name: "app: ?mode=developer on applinks", target: .app,
                   change: replacingDomain("applinks:", with: "applinks:{d}?mode=developer"), expected: ["app.entitlements.domain-mode"]),
        Corruption(name: "app: a path after an appclips host", target: .app,
                   change: replacingDomain("appclips:", with: "appclips:{d}/x"), expected: ["app.entitlements.domain-path"]),
        Corruption(name: "app: a wildcard appclips entry added", target: .app,
                   change: addingDomain("appclips:*.{d}"), expected: ["app.entitlements.domain-wildcard"]),
        Corruption(name: "app: a wildcard applinks entry stays clean", target: .app,
                   change: addingDomain("applinks:*.{d}"), expected: []),
        Corruption(name: "app: App Group removed", target: .app,
                   change: setting(EntitlementKey.applicationGroups) { _ in nil }, expected: ["app.entitlements.app-group"]),
        Corruption(name: "app: the clip's parent key on the app", target: .app,
                   change: setting(EntitlementKey.parentApplicationIdentifiers) { .array([.string("\($0.teamID).\($0.app.bundleID)")]) },
                   expected: ["app.entitlements.clip-only-key"]),
    ]

    @Test(arguments: Fixtures.exampleNames, corruptions)
    func eachSingleCorruptionGivesExactlyTheExpectedFinding(example: String, corruption: Corruption) async throws {
        let manifest = try ExampleManifest.load(example)
        let generator = EntitlementsGenerator(manifest: manifest)
        let folder = try TemporaryDirectory()
        let files = try generator.write(to: folder.url)
        let original = corruption.target == .app ? generator.appEntitlements : generator.clipEntitlements
        let corrupted = corruption.change(original, manifest)
        #expect(corrupted != original || corruption.expected.isEmpty)
        // Alternate the encodings: Xcode writes XML, some tools binary.
        let target = corruption.target == .app ? files[0] : files[1]
        let binary = corruption.name.count % 2 == 0
        try (binary ? Fixtures.binaryPlist(corrupted) : PropertyListWriter.xml(corrupted)).write(to: target)
        let report = try await Doctor(manifest: manifest).examine(DoctorInputs(appEntitlements: files[0].path, clipEntitlements: files[1].path))
        #expect(report.findings.map(\.code) == corruption.expected)
        #expect(report.findings.allSatisfy { $0.file == target.path })
    }
}
