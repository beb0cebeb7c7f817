import ClipAASA
import ClipKit
import Foundation
import Testing

/// One fixture per finding the validator reports about a file, each checked for its code,
/// severity and JSON path; a well-formed file of the same shape reports nothing.
@Suite struct AASAValidatorFindingTests {
    enum ManifestChoice: Sendable {
        case none, roadflare, bluesky
    }

    struct FindingCase: Sendable, CustomTestStringConvertible {
        let code: AASAFinding.Code
        let severity: AASAFinding.Severity
        let path: String
        let file: Data
        var manifest: ManifestChoice = .none
        var domain: String?

        var testDescription: String { code.rawValue + " at " + path }

        init(_ code: AASAFinding.Code, _ severity: AASAFinding.Severity, _ path: String, _ text: String, manifest: ManifestChoice = .none, domain: String? = nil) {
            self.code = code
            self.severity = severity
            self.path = path
            self.file = Data(text.utf8)
            self.manifest = manifest
            self.domain = domain
        }

        init(_ code: AASAFinding.Code, _ severity: AASAFinding.Severity, _ path: String, bytes: Data) {
            self.code = code
            self.severity = severity
            self.path = path
            self.file = bytes
        }
    }

    static let app = Apps.main
    static let roadflareApp = "6Y98438M9X.com.roadflare.RoadFlare"
    static let roadflareClip = "6Y98438M9X.com.roadflare.RoadFlare.Clip"

    /// A file with one entry for the test app holding `components`, plus `extra` members of applinks.
    static func file(_ components: String, extra: String = "") -> String {
        #"{"applinks":{\#(extra)"details":[{"appIDs":["\#(app)"],"components":\#(components)}]}}"#
    }

    /// RoadFlare's file with `components` for the app and `rest` after applinks.
    static func roadflare(_ components: String, rest: String = #","appclips":{"apps":["6Y98438M9X.com.roadflare.RoadFlare.Clip"]}"#) -> String {
        #"{"applinks":{"details":[{"appIDs":["\#(roadflareApp)"],"components":\#(components)}]}\#(rest)}"#
    }

    static let roadflareComponents = #"[{"/":"/share/d/*"},{"/":"/share/r/*"}]"#
    static let component0 = "$.applinks.details[0].components[0]"

    static let cases: [FindingCase] = [
        FindingCase(.fileTooLarge, .error, "$", bytes: Data((#"{"applinks":{"details":[]},"padding":""# + String(repeating: "a", count: AASADocument.maximumBytes) + #""}"#).utf8)),
        FindingCase(.byteOrderMark, .error, "$", bytes: Data([0xEF, 0xBB, 0xBF]) + Data(file(#"[{"/":"*"}]"#).utf8)),
        FindingCase(.notJSON, .error, "$", #"{"applinks": {"details": [}}"#),
        FindingCase(.notAnObject, .error, "$", #"[{"applinks": {}}]"#),
        FindingCase(.noServices, .warning, "$", #"{}"#),
        FindingCase(.duplicateKey, .warning, "$.webcredentials", #"{"webcredentials":{"apps":[]},"webcredentials":{"apps":["\#(app)"]}}"#),
        FindingCase(.unknownKey, .warning, "\(component0).commentt", file(#"[{"/":"/a/*","commentt":"typo"}]"#)),
        FindingCase(.wrongType, .error, "\(component0).exclude", file(#"[{"/":"/a/*","exclude":"yes"}]"#)),
        FindingCase(.invalidAppID, .warning, "$.applinks.details[0].appIDs[0]", #"{"applinks":{"details":[{"appIDs":["com.example.app"],"components":[]}]}}"#),
        FindingCase(.invalidAppID, .warning, "$.appclips.apps[0]", #"{"appclips":{"apps":["abcde12345.com.example.Clip"]}}"#),
        FindingCase(.duplicateAppID, .warning, "$.webcredentials.apps[1]", #"{"webcredentials":{"apps":["\#(app)","\#(app)"]}}"#),
        FindingCase(.noDetails, .error, "$.applinks", #"{"applinks":{"apps":[]}}"#),
        FindingCase(.legacyAppsNotEmpty, .warning, "$.applinks.apps", #"{"applinks":{"apps":["\#(app)"],"details":[{"appID":"\#(app)","paths":["*"]}]}}"#),
        FindingCase(.detailWithoutApps, .error, "$.applinks.details[0]", #"{"applinks":{"details":[{"components":[{"/":"*"}]}]}}"#),
        FindingCase(.appIDAndAppIDs, .warning, "$.applinks.details[0]", #"{"applinks":{"details":[{"appID":"\#(app)","appIDs":["\#(app)"],"components":[]}]}}"#),
        FindingCase(.detailWithoutPatterns, .warning, "$.applinks.details[0]", #"{"applinks":{"details":[{"appIDs":["\#(app)"]}]}}"#),
        FindingCase(.mixedFormats, .warning, "$.applinks.details[0]", #"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/a"}],"paths":["/a"]}]}}"#),
        FindingCase(.mixedFormats, .warning, "$.applinks.details",
                    #"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/a"}]},{"appID":"\#(Apps.second)","paths":["/b"]}]}}"#),
        FindingCase(.patternSyntax, .error, #"\#(component0)["/"]"#, file(#"[{"/":"/$(lang/x"}]"#)),
        FindingCase(.unknownVariable, .error, #"\#(component0)["?"].id"#, file(#"[{"?":{"id":"$(food)"}}]"#)),
        FindingCase(.patternTooComplex, .error, #"\#(component0)["/"]"#, file(#"[{"/":"/\#(String(repeating: "a", count: 3000))"}]"#)),
        FindingCase(.fragmentInPath, .warning, #"\#(component0)["/"]"#, file(#"[{"/":"/#/market/*"}]"#)),
        FindingCase(.queryInPath, .warning, #"\#(component0)["/"]"#, file(#"[{"/":"/search?q=*"}]"#)),
        FindingCase(.leadingDelimiter, .warning, #"\#(component0)["?"]"#, file(#"[{"/":"/s","?":"?id=*"}]"#)),
        FindingCase(.leadingDelimiter, .warning, ##"\##(component0)["#"]"##, file(##"[{"#":"#top"}]"##)),
        FindingCase(.badPercentEscape, .warning, #"\#(component0)["/"]"#, file(#"[{"/":"/100%"}]"#)),
        FindingCase(.unencodedCharacter, .warning, #"\#(component0)["/"]"#, file(#"[{"/":"/caf\u00e9"}]"#)),
        FindingCase(.invalidVariableName, .error, #"$.applinks.substitutionVariables["a(b"]"#,
                    file(#"[{"/":"/x"}]"#, extra: #""substitutionVariables":{"a(b":["x"]},"#)),
        FindingCase(.nestedVariable, .error, "$.applinks.substitutionVariables.shop[0]",
                    file(#"[{"/":"/$(shop)"}]"#, extra: #""substitutionVariables":{"shop":["$(alpha)-store"]},"#)),
        FindingCase(.emptyVariable, .warning, "$.applinks.substitutionVariables.shop",
                    file(#"[{"/":"/$(shop)"}]"#, extra: #""substitutionVariables":{"shop":[]},"#)),
        FindingCase(.variableShadowsPredefined, .warning, "$.applinks.substitutionVariables.alpha",
                    file(#"[{"/":"/$(alpha)"}]"#, extra: #""substitutionVariables":{"alpha":["x"]},"#)),
        FindingCase(.unusedVariable, .warning, "$.applinks.substitutionVariables.shop",
                    file(#"[{"/":"/x"}]"#, extra: #""substitutionVariables":{"shop":["a"]},"#)),
        FindingCase(.shadowedComponent, .warning, "$.applinks.details[0].components[1]", file(#"[{"/":"/a/*"},{"/":"/a/b/?*"}]"#)),
        FindingCase(.shadowedComponent, .warning, "$.applinks.details[0].components[1]", file(#"[{"/":"/*"},{"/":"/e/*","exclude":true}]"#)),
        FindingCase(.shadowedComponent, .warning, "$.applinks.details[0].components[1]", file(#"[{"/":"/e/*"},{"/":"/e","exclude":true}]"#)),
        FindingCase(.shadowedComponent, .warning, "$.applinks.details[1].components[0]",
                    #"{"applinks":{"details":[{"appIDs":["\#(app)","\#(Apps.second)"],"components":[{"/":"/x/*","exclude":true}]},{"appIDs":["\#(app)"],"components":[{"/":"/x/?"}]}]}}"#),
        FindingCase(.shadowedComponent, .warning, "$.applinks.details[0].paths[1]", #"{"applinks":{"details":[{"appID":"\#(app)","paths":["*","/a"]}]}}"#),
        FindingCase(.queryIgnored, .warning, #"\#(component0)["?"]"#, file(#"[{"/":"/a","?":{"id":"?*","flag":true}}]"#)),
        FindingCase(.detailsKeyedByAppID, .warning, "$.applinks.details", #"{"applinks":{"apps":[],"details":{"\#(app)":{"paths":["/wwdc/news/"]}}}}"#),
        FindingCase(.badPercentEscape, .warning, #"\#(component0)["?"].q"#, file(#"[{"?":{"q":"1%z"}}]"#)),
        FindingCase(.unencodedCharacter, .warning, ##"\##(component0)["#"]"##, file(##"[{"#":"a b"}]"##)),
        FindingCase(.unexpectedClip, .error, "$.appclips.apps[1]",
                    roadflare(roadflareComponents, rest: #","appclips":{"apps":["\#(roadflareClip)","ABCDE12345.com.other.Clip"]}"#), manifest: .roadflare),
        FindingCase(.clipMissing, .error, "$", roadflare(roadflareComponents, rest: ""), manifest: .roadflare),
        FindingCase(.clipMissing, .error, "$.appclips.apps", roadflare(roadflareComponents, rest: #","appclips":{"apps":[]}"#), manifest: .roadflare),
        FindingCase(.routeNotOpened, .error, "$.applinks.details", roadflare(#"[{"/":"/share/d/*"}]"#), manifest: .roadflare),
        FindingCase(.routeBlocked, .error, "$.applinks.details[0].components[0]",
                    roadflare(#"[{"/":"/share/d/npub1*","exclude":true},{"/":"/share/*"}]"#), manifest: .roadflare),
        FindingCase(.routeSharedWithOtherApp, .warning, "$.applinks.details[1].components[0]",
                    #"{"applinks":{"details":[{"appIDs":["\#(roadflareApp)"],"components":\#(roadflareComponents)},{"appIDs":["\#(Apps.other)"],"components":[{"/":"/share/r/*"}]}]},"appclips":{"apps":["\#(roadflareClip)"]}}"#,
                    manifest: .roadflare),
        FindingCase(.domainUnknown, .warning, "$", #"{"applinks":{"details":[]},"appclips":{"apps":["B3LX46C5HS.xyz.blueskyweb.app.AppClip"]}}"#, manifest: .bluesky),
        FindingCase(.domainUnknown, .warning, "$", roadflare(roadflareComponents), manifest: .roadflare, domain: "www.roadflare.app"),
    ]

    func report(for item: FindingCase) throws -> AASAValidationReport {
        let manifest: ClipManifest?
        switch item.manifest {
        case .none: manifest = nil
        case .roadflare: manifest = try ExampleManifests.roadflare()
        case .bluesky: manifest = try ExampleManifests.bluesky()
        }
        return AASAValidator(manifest: manifest, domain: item.domain, parameterKinds: ExampleManifests.kinds).validate(data: item.file)
    }

    @Test(arguments: cases)
    func eachFindingIsReportedWithItsSeverityAndPath(_ item: FindingCase) throws {
        let report = try report(for: item)
        let found = report.findings.filter { $0.code == item.code }
        #expect(found.contains { $0.path == item.path && $0.severity == item.severity }, "got \(report.findings)")
        for finding in found {
            #expect(!finding.message.isEmpty && !finding.fix.isEmpty)
        }
        #expect(report.isValid == !report.findings.contains { $0.severity == .error })
        if item.severity == .error { #expect(!report.isValid) }
    }

    @Test func everyFileFindingCodeHasAFixture() {
        let covered = Set(Self.cases.map(\.code)).union(AASAHostingTests.coveredCodes)
        let missing = AASAFinding.Code.all.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes without a test: \(missing)")
    }

    @Test func theCleanVersionsOfTheFixturesHaveNoFindings() throws {
        let clean = [
            Self.file(#"[{"/":"/a/*","comment":"fine","exclude":false,"caseSensitive":true,"percentEncoded":true}]"#),
            Self.file(#"[{"/":"/$(shop)/*"}]"#, extra: #""substitutionVariables":{"shop":["a","b*"]},"defaults":{"caseSensitive":false},"#),
            #"{"applinks":{"apps":[],"details":[{"appID":"\#(Self.app)","paths":["NOT /a/*","/*"]}]},"webcredentials":{"apps":["\#(Self.app)"]}}"#,
            Self.file(#"[{"/":"/a/b/?*"},{"/":"/a/*"}]"#),
            Self.file(#"[{"/":"/e/*","exclude":true},{"/":"/*"}]"#),
            Self.file(##"[{"/":"/caf%C3%A9","?":{"q":"?*"},"#":"x"}]"##),
            Self.file(#"[{"/":"share/*"},{"/":"/caf\u00e9","percentEncoded":false},{"/":"/100%","percentEncoded":false}]"#),
            Self.file(#"[{"/":"/%*"},{"/":"/a%2?"}]"#),
        ]
        for text in clean {
            let report = AASAValidator().validate(data: Data(text.utf8))
            #expect(report.findings.isEmpty, "\(text): \(report.findings)")
        }
        let roadflare = AASAValidator(manifest: try ExampleManifests.roadflare(), parameterKinds: ExampleManifests.kinds)
            .validate(data: Data(Self.roadflare(Self.roadflareComponents).utf8))
        #expect(roadflare.findings.isEmpty, "\(roadflare.findings)")
    }

    @Test func typeErrorsStopTheChecksThatWouldMisreadTheFile() throws {
        let report = AASAValidator().validate(data: Data(Self.file(#"[{"/":5},{"/":"/$(nope)"}]"#).utf8))
        #expect(report.codes == [.wrongType])
    }

    @Test func unknownKeysSuggestTheKnownKeyTheyResemble() throws {
        let report = AASAValidator().validate(data: Data(#"{"applinks":{"details":[{"appIds":["\#(Self.app)"],"components":[]}]}}"#.utf8))
        let finding = try #require(report.findings.first { $0.code == .unknownKey })
        #expect(finding.fix.contains("'appIDs'"))
        #expect(report.codes.contains(.detailWithoutApps))
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        let report = AASAValidator().validate(data: Data("{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}".utf8))
        #expect(report.findings.first?.message.contains("line 3, column 17") == true, "\(report.findings)")
    }
}
