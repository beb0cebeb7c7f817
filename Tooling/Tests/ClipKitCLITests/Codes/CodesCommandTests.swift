import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// `clipkit codes` as a café runs it. Verdicts come from real programs: zbar (`zbarimg`) reads
/// every PNG and every rendered sheet, the manifest's router routes what zbar read, and ndeflib
/// parses every `.ndef` file.
@Suite(.serialized) struct CodesCommandTests {
    let coffeeShop = TestEnvironment.file("Examples/coffee-shop/clipkit.json")

    func make(_ arguments: [String], in folder: TemporaryDirectory) async throws -> CommandResult {
        try await ChildProcess.clipkit(["codes", "--manifest", coffeeShop.path, "--out", folder.url.path, "--json"] + arguments, timeout: 120)
    }

    @Test func theCoffeeShopsFortyTablesDecodeRouteAndParseToTheirTables() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-tables")
        let result = try await make(["--route", "table", "--param", "store=soho", "--param", "table=1...40"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["schemaVersion"] as? Int == 1)
        let codes = try #require(json["codes"] as? [[String: Any]])
        #expect(codes.count == 40)
        #expect((json["sheets"] as? [String]) == ["sheet-1.svg", "sheet-2.svg"])

        let manifest = try ManifestLoader().load(contentsOf: coffeeShop)
        let router = try InvocationRouter(manifest: manifest)
        var pngs: [URL] = [], ndefs: [[UInt8]] = [], urls: [String] = []
        for code in codes {
            let qr = try #require(code["qr"] as? [String: Any]), nfc = try #require(code["nfc"] as? [String: Any])
            pngs.append(folder.url.appendingPathComponent(try #require(qr["png"] as? String)))
            ndefs.append(Array(try Data(contentsOf: folder.url.appendingPathComponent(try #require(nfc["ndef"] as? String)))))
            urls.append(try #require(code["url"] as? String))
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(try #require(qr["svg"] as? String)).path))
            #expect(qr["errorCorrection"] as? String != "L", "printed codes carry at least M")
            #expect((nfc["fits"] as? [String]) == ["ntag213", "ntag215", "ntag216"])
        }
        let decoded = try await CodeReferences.decodeQRCodes(in: pngs)
        for (index, png) in pngs.enumerated() {
            let texts = decoded[png.path] ?? []
            #expect(texts == [urls[index]], "zbar read \(texts) from \(png.lastPathComponent)")
            guard let text = texts.first else { continue }
            switch router.route(text) {
            case .success(let match):
                #expect(match.route == "table" && match.handledBy == .clip)
                #expect(match.parameters == ["store": "soho", "table": String(index + 1)])
            case .failure(let failure):
                Issue.record("\(text) does not route: \(failure)")
            }
        }
        for (index, parsed) in try await CodeReferences.parseNDEF(ndefs).enumerated() {
            #expect((try? parsed.get()) == [urls[index]], "ndeflib: \(parsed)")
            #expect(ndefs[index][4] == 0x04, "the https:// prefix code")
        }
    }

    @Test func theSheetRenderedByABrowserShowsTwentyReadableCodesAPage() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-sheet")
        let result = try await make(["--route", "table", "--param", "store=soho", "--param", "table=1...40"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let chromium = try HeadlessChromium(profileFolder: folder.url.appendingPathComponent("chromium"))
        var pictures: [URL] = []
        for page in 1...2 {
            let picture = folder.url.appendingPathComponent("sheet-\(page).png")
            // A4 at 96 dpi, the SVG's 210 × 297 mm: 3.7 pixels a module.
            try await chromium.screenshot(of: folder.url.appendingPathComponent("sheet-\(page).svg").absoluteString, to: picture, width: 794, height: 1123)
            pictures.append(picture)
        }
        let decoded = try await CodeReferences.decodeQRCodes(in: pictures)
        let first = Set(decoded[pictures[0].path] ?? []), second = Set(decoded[pictures[1].path] ?? [])
        #expect(first == Set((1...20).map { "https://brew.example/s/soho/t/\($0)" }))
        #expect(second == Set((21...40).map { "https://brew.example/s/soho/t/\($0)" }))
        let sheet = try String(contentsOf: folder.url.appendingPathComponent("sheet-1.svg"), encoding: .utf8)
        #expect(sheet.contains(">store soho · table 7<"))
    }

    @Test func theManifestsPlacesAreTheDefault() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-places")
        let result = try await make([], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let codes = try #require(try result.json()["codes"] as? [[String: Any]])
        #expect(codes.map { $0["url"] as? String } == ["https://brew.example/s/soho"])
        #expect(codes.first?["label"] as? String == "Brew SoHo")
    }

    @Test func aURLNoClipRouteHandlesIsRefusedWithTheReasonAndNothingIsWritten() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-refused")
        let receipt = "https://brew.example/r/6f1c2a44-1d2b-4c3e-9f00-000000000001"
        let result = try await make(["--url", "https://brew.example/s/soho/t/3", "--url", receipt, "--url", "https://brew.example/menu"], in: folder)
        #expect(result.status == 1)
        let refused = try #require(try result.json()["refused"] as? [[String: String]])
        #expect(refused.map { $0["url"] } == [receipt, "https://brew.example/menu"])
        #expect(refused.map { $0["check"] } == ["route", "route"])
        #expect(refused[0]["reason"]?.contains("which the app handles, not the clip") == true)
        #expect(refused[1]["reason"]?.contains("no clip route handles it") == true)
        #expect(result.standardError.contains("refused \(receipt)") && result.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing is written")
    }

    @Test func aURLTheRouterTakesButNoExperienceCoversIsRefused() async throws {
        // The router decodes %73 to "s"; App Store Connect compares the experience's prefix
        // https://brew.example/s/ with the URL as written, so the camera would show no card.
        let folder = try TemporaryDirectory(prefix: "codes-experience")
        let url = "https://brew.example/%73/soho/t/3"
        let routed = try await ChildProcess.clipkit(["route", url, "--manifest", coffeeShop.path, "--json"])
        #expect(routed.status == 0, "the router takes it: \(routed.standardOutput)")
        let result = try await make(["--url", url], in: folder)
        #expect(result.status == 1)
        let refused = try #require(try result.json()["refused"] as? [[String: String]])
        #expect(refused.first?["check"] == "experience")
        #expect(refused.first?["reason"]?.contains("https://brew.example/s/") == true)
    }

    @Test func aCodeForTheWrongParametersOrADigitalOnlyClipIsRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-digital")
        var text = try String(contentsOf: coffeeShop, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"invocations\": [\"physical\", \"digital\"]", with: "\"invocations\": [\"digital\"]")
            .replacingOccurrences(of: "\"requestsLocationConfirmation\": true, ", with: "")
            .replacingOccurrences(of: "\"$schema\": \"../../Schemas/clipkit.schema.json\",", with: "")
        let manifest = folder.file("clipkit.json")
        try Data(text.utf8).write(to: manifest)
        let result = try await ChildProcess.clipkit(["codes", "--manifest", manifest.path, "--out", folder.url.appendingPathComponent("out").path,
                                                     "--route", "table", "--param", "store=soho", "--param", "table=1", "--json"])
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        let refused = try #require(try result.json()["refused"] as? [[String: String]])
        #expect(refused.first?["check"] == "physical")
        #expect(refused.first?["reason"]?.contains("15 MB for minimum iOS 16.4") == true, "the physical limit for the example's iOS 16.4: \(refused)")

        // A value the capture's kind refuses: the URL does not reach the route.
        let wrong = try await make(["--route", "table", "--param", "store=soho", "--param", "table=twelve"], in: try TemporaryDirectory())
        #expect(wrong.status == 1)
        #expect((try wrong.json()["refused"] as? [[String: String]])?.first?["check"] == "route")
    }

    @Test func anNDEFMessageTooLargeForTheTagIsRefusedNamingTheTagsThatHoldIt() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-nfc")
        let store = String(repeating: "soho-", count: 24) + "west1"    // 125 characters; a slug has at most 128
        let result = try await make(["--route", "store", "--param", "store=\(store)"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        let refused = try #require(try result.json()["refused"] as? [[String: String]])
        #expect(refused.first?["check"] == "nfc")
        #expect(refused.first?["reason"]?.contains("NTAG215 or NTAG216 would hold it") == true, "\(refused)")
        let bigger = try await make(["--route", "store", "--param", "store=\(store)", "--nfc-tag", "ntag215"], in: folder)
        #expect(bigger.status == 0, "\(bigger.standardError)")
    }

    @Test func withoutAManifestGivenURLsAreMadeUnchecked() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-unchecked")
        let result = try await ChildProcess.clipkit(["codes", "--url", "https://example.com/anything", "--out", folder.file("out").path, "--json"],
                                                    currentDirectory: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let codes = try #require(try result.json()["codes"] as? [[String: Any]])
        #expect(codes.count == 1 && (codes[0]["qr"] as? [String: Any])?["png"] as? String == "qr/url-1.png")
    }

    @Test func anAppClipCodeIsCheckedAndPlacedOnTheSheet() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-acc")
        // Stands for the SVG Apple's App Clip Code Generator exports; its format is not documented,
        // so the sheet only places it and `codes` checks the URL it was made for.
        let artwork = folder.file("table-1.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></svg>".utf8).write(to: artwork)
        let good = try await make(["--route", "table", "--param", "store=soho", "--param", "table=1",
                                   "--app-clip-code", "https://brew.example/s/soho/t/1=\(artwork.path)"], in: folder)
        #expect(good.status == 0, "\(good.standardError)")
        let sheet = try String(contentsOf: folder.file("sheet-1.svg"), encoding: .utf8)
        #expect(sheet.contains("data:image/svg+xml;base64,\(try Data(contentsOf: artwork).base64EncodedString())"))
        let bad = try await make(["--route", "table", "--param", "store=soho", "--param", "table=1",
                                  "--app-clip-code", "https://brew.example/r/6f1c2a44-1d2b-4c3e-9f00-000000000001=\(artwork.path)"], in: try TemporaryDirectory())
        #expect(bad.status == 1)
        #expect((try bad.json()["refused"] as? [[String: String]])?.first?["reason"]?.hasPrefix("App Clip Code") == true)
    }

    @Test func badUsageExitsTwoWithOneLine() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-usage")
        for arguments in [["--route", "nope"], ["--route", "table", "--param", "store=soho"], ["--route", "table", "--param", "table=5...1", "--param", "store=soho"],
                          ["--error-correction", "X"], ["--param", "store=soho"], ["--route", "receipt", "--param", "order=x"]] {
            let result = try await make(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.standardOutput)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }
}
