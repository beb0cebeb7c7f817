import ClipReports
import ClipDoctor
import ClipKit
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Reading what a clip executable links and imports, and flagging what App Clips cannot use.
/// The executables are built byte by byte by ``LinkageFixture``.
@Suite struct ClipLinkageTests {
    static let f = LinkageFixture.framework

    /// A clip that uses only what App Clips may use.
    static let clean = LinkageFixture.Spec(
        libraries: [(f("Foundation"), false), (f("UIKit"), false), (f("SwiftUI"), false), (f("CoreLocation"), true), ("/usr/lib/libSystem.B.dylib", false)],
        chainedImports: [("_OBJC_CLASS_$_NSURLSession", 1), ("_OBJC_CLASS_$_CLLocationManager", 4), ("_swift_retain", 5)],
        symbolTableImports: [("_OBJC_CLASS_$_UIApplication", 2), ("_objc_msgSend", 5)],
        selectors: ["defaultSessionConfiguration", "requestWhenInUseAuthorization", "viewDidLoad"]
    )

    /// A clip with one excluded reference of each kind.
    static let offending = LinkageFixture.Spec(
        libraries: [(f("Foundation"), false), (f("HealthKit"), false), (f("CallKit"), true), (f("StoreKit"), false), ("/usr/lib/libSystem.B.dylib", false)],
        chainedImports: [("_OBJC_CLASS_$_HKHealthStore", 2), ("_OBJC_CLASS_$_BGTaskScheduler", -3), ("_swift_retain", 5)],
        symbolTableImports: [("_OBJC_CLASS_$_SKAdNetwork", 4)],
        selectors: ["requestAlwaysAuthorization", "backgroundSessionConfigurationWithIdentifier:", "viewDidLoad"]
    )

    @Test func theReaderSeesLibrariesImportsFromBothTablesAndSelectors() throws {
        let slices = try MachOLinkageReader().linkage(in: LinkageFixture.thin(Self.offending))
        let slice = try #require(slices.first)
        #expect(slices.count == 1)
        #expect(slice.architecture == "arm64")
        #expect(slice.libraries.map(\.name) == ["Foundation", "HealthKit", "CallKit", "StoreKit", "libSystem.B.dylib"])
        #expect(slice.libraries.map(\.isWeak) == [false, false, true, false, false])
        let chained = slice.importedSymbols.filter { $0.source == .chainedFixups }
        #expect(chained.map(\.name) == ["_OBJC_CLASS_$_HKHealthStore", "_OBJC_CLASS_$_BGTaskScheduler", "_swift_retain"])
        #expect(chained.first?.library == Self.f("HealthKit"))
        #expect(chained[1].library == nil) // a weak-lookup ordinal names no library
        let classic = slice.importedSymbols.filter { $0.source == .symbolTable }
        #expect(classic.map(\.name) == ["_OBJC_CLASS_$_SKAdNetwork"]) // the defined _main is not an import
        #expect(classic.first?.library == Self.f("StoreKit"))
        #expect(slice.objectiveCClassReferences == ["HKHealthStore", "BGTaskScheduler", "SKAdNetwork"])
        #expect(slice.selectors == ["requestAlwaysAuthorization", "backgroundSessionConfigurationWithIdentifier:", "viewDidLoad"])
    }

    @Test(arguments: [UInt32(1), 2, 3])
    func everyChainedImportFormatIsRead(format: UInt32) throws {
        var spec = LinkageFixture.Spec(libraries: [(Self.f("Foundation"), false), (Self.f("AppTrackingTransparency"), false)])
        spec.chainedImports = [("_OBJC_CLASS_$_NSObject", 1), ("_OBJC_CLASS_$_ATTrackingManager", 2)]
        spec.importFormat = format
        let slice = try #require(try MachOLinkageReader().linkage(in: LinkageFixture.thin(spec)).first)
        #expect(slice.importedSymbols.map(\.name) == ["_OBJC_CLASS_$_NSObject", "_OBJC_CLASS_$_ATTrackingManager"])
        #expect(slice.importedSymbols.map(\.library) == [Self.f("Foundation"), Self.f("AppTrackingTransparency")])
    }

    @Test func eachKindOfReferenceGivesAFindingWithItsFix() throws {
        let slices = try MachOLinkageReader().linkage(in: LinkageFixture.thin(Self.offending))
        let findings = ClipLinkageCheck().findings(in: slices, file: "AppClip.app/AppClip")
        func finding(_ text: String) -> Finding? { findings.first { $0.message.contains(text) } }
        let health = try #require(finding("links HealthKit"))
        #expect(health.code == "clip.binary.excluded-framework")
        #expect(health.path == Self.f("HealthKit"))
        #expect((health.fix ?? "").contains("HealthKit") && (health.fix ?? "").contains("APPCLIP"))
        #expect(try #require(finding("links CallKit")).message.contains("weakly"))
        let adNetwork = try #require(finding("SKAdNetwork"))
        #expect(adNetwork.code == "clip.binary.excluded-api")
        #expect(adNetwork.severity == .error)
        #expect(adNetwork.path == "_OBJC_CLASS_$_SKAdNetwork")
        #expect(try #require(finding("BGTaskScheduler")).code == "clip.binary.excluded-api")
        let always = try #require(finding("requestAlwaysAuthorization"))
        #expect((always.fix ?? "").contains("requestWhenInUseAuthorization"))
        #expect(try #require(finding("backgroundSessionConfigurationWithIdentifier:")).fix?.contains("ephemeral") == true)
        #expect(findings.count == 6)
        #expect(!findings.contains { $0.message.contains("StoreKit") && $0.code == "clip.binary.excluded-framework" })
    }

    @Test func aCleanClipGivesNoFinding() throws {
        let slices = try MachOLinkageReader().linkage(in: LinkageFixture.thin(Self.clean))
        #expect(slices.first?.libraries.count == 5)
        #expect(slices.first?.importedSymbols.count == 5)
        #expect(ClipLinkageCheck().findings(in: slices, file: "AppClip").isEmpty)
    }

    @Test func everySliceOfAUniversalExecutableIsRead() throws {
        let data = LinkageFixture.fat(arm64: Self.clean, x86_64: LinkageFixture.Spec(libraries: [(Self.f("Speech"), false)]))
        let slices = try MachOLinkageReader().linkage(in: data)
        #expect(slices.map(\.architecture) == ["arm64", "x86_64"])
        let findings = ClipLinkageCheck().findings(in: slices, file: "AppClip")
        #expect(findings.map(\.code) == ["clip.binary.excluded-framework"])
        #expect(findings.first?.message.contains("Speech") == true)
        #expect(ClipLinkageCheck().findings(in: try MachOLinkageReader().linkage(in: LinkageFixture.fat(arm64: Self.clean, x86_64: Self.clean)), file: "x").isEmpty)
    }

    @Test func theTableNamesWhatApplesPageLists() {
        let frameworks = Set(AppClipExcludedAPIs.entries.compactMap { entry -> String? in
            if case .framework(let name) = entry.match { return name }
            return nil
        })
        for name in ["AppTrackingTransparency", "BackgroundTasks", "CallKit", "CareKit", "HealthKit", "HomeKit", "ResearchKit", "SensorKit", "Speech"] {
            #expect(frameworks.contains(name), "\(name)")
        }
        #expect(AppClipExcludedAPIs.entries.allSatisfy { !$0.fix.isEmpty })
    }

    @Test func damagedTablesAreErrorsNotCrashes() throws {
        var spec = Self.offending
        spec.importFormat = 1
        let data = LinkageFixture.thin(spec)
        // Cut the file inside the symbol table and string table.
        for length in stride(from: data.count - 40, to: data.count - 200, by: -7) {
            #expect(throws: MachOError.self) { try MachOLinkageReader().linkage(in: data.prefix(length)) }
        }
    }

    @Test func aBuiltClipWithAnExcludedFrameworkFailsDoctor() async throws {
        let manifest = try ExampleManifest.load("roadflare")
        let folder = try TemporaryDirectory()
        var clip = ProductFixture.clip(manifest)
        var spec = Self.offending
        spec.signature = MachOFixture.Signature(entitlementsXML: clip.entitlements.map(PropertyListWriter.xml))
        clip.executableOverride = LinkageFixture.thin(spec)
        let url = try ProductFixture.writeIPA(ProductFixture.app(manifest), clips: [clip], into: folder.url)
        let report = try await Doctor(manifest: manifest).examine(DoctorInputs(archive: url.path))
        let codes = report.findings.map(\.code)
        #expect(codes.contains("clip.binary.excluded-framework"))
        #expect(codes.contains("clip.binary.excluded-api"))
        #expect(!report.isOK)
        #expect(report.findings.first { $0.code == "clip.binary.excluded-api" }?.file?.hasSuffix("AppClip.app/AppClip") == true)
    }
}
