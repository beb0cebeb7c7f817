import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// Codes for every link a QR code holds: a URL whose NFC message no tag holds still gets its QR
/// code (zbar reads it) with a warning, `--no-nfc` makes QR codes alone, tags are filled to the NDEF
/// area their capability container declares (ndeflib parses every message at the boundary), labels
/// come from templates, and `--uniform-version` gives a sheet one module size.
@Suite(.serialized) struct CodesForEveryLinkTests {
    let coffeeShop = TestEnvironment.file("Examples/coffee-shop/clipkit.json")
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json")

    /// `clipkit codes` without a manifest (run in an empty folder), so URLs are made unchecked.
    func unchecked(_ arguments: [String], in folder: TemporaryDirectory, out: String = "out") async throws -> CommandResult {
        try await ChildProcess.clipkit(["codes", "--out", folder.file(out).path, "--json"] + arguments, currentDirectory: folder.url, timeout: 120)
    }

    /// `https://example.com/aaa…` whose NDEF message takes `tagBytes` bytes of a tag: the https://
    /// prefix code, a long record (7 bytes and the prefix code), a 3-byte TLV length and the terminator.
    func url(takingTagBytes tagBytes: Int) -> String {
        "https://example.com/" + String(repeating: "a", count: tagBytes - 4 - 8 - "example.com/".utf8.count - 1)
    }

    @Test func aURLNoTagHoldsGetsAQRCodeZbarReadsAndAWarningInsteadOfItsNFCFile() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-qr-only")
        let long = "https://example.com/share?p=" + String(repeating: "0123456789abcdef", count: 80).prefix(1_200 - 28)
        #expect(long.count == 1_200)
        let result = try await unchecked(["--url", long, "--url", "https://example.com/short"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        let codes = try #require(json["codes"] as? [[String: Any]])
        #expect(codes.count == 2)
        #expect(codes[0]["nfc"] == nil, "no NFC message for the long URL")
        #expect((codes[1]["nfc"] as? [String: Any])?["ndef"] as? String == "nfc/url-2.ndef")
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["code"] as? String == "codes.nfc.noTagHolds" && findings.first?["severity"] as? String == "warning")
        #expect(findings.first?["file"] as? String == long)
        let message = try #require(findings.first?["message"] as? String)
        #expect(message.contains("872 bytes") && message.contains("NTAG216"), "\(message)")
        let out = folder.url.appendingPathComponent("out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("nfc").path) == ["url-2.ndef"])

        let png = out.appendingPathComponent(try #require((codes[0]["qr"] as? [String: Any])?["png"] as? String))
        #expect(try await CodeReferences.decodeQRCodes(in: [png])[png.path] == [long])
    }

    @Test func roadFlaresSignedShareLinkIsMadeAsAQRCodeAloneOrForTheTagThatHoldsIt() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-roadflare")
        let made = try await ChildProcess.clipkit(["link", "make", TestEnvironment.file("Examples/roadflare/demo/sample-driver.json").path,
                                                   "--manifest", roadflare.path, "--json"])
        let link = try #require(try made.json()["url"] as? String)
        #expect(link.count > 496, "a signed share link is larger than an NTAG215's NDEF area: \(link.count)")

        func codes(_ arguments: [String], out: String) async throws -> CommandResult {
            try await ChildProcess.clipkit(["codes", "--manifest", roadflare.path, "--url", link, "--out", folder.file(out).path, "--json"] + arguments, timeout: 120)
        }
        // The default tag is too small, and the refusal names both ways out.
        let small = try await codes([], out: "small")
        #expect(small.status == 1)
        let reason = try #require((try small.json()["refused"] as? [[String: String]])?.first?["reason"])
        #expect(reason.contains("NTAG216 would hold it (--nfc-tag ntag216)") && reason.contains("--no-nfc"), "\(reason)")

        let qrOnly = try await codes(["--no-nfc"], out: "qr-only")
        #expect(qrOnly.status == 0, "\(qrOnly.standardError)")
        let code = try #require((try qrOnly.json()["codes"] as? [[String: Any]])?.first)
        #expect(code["nfc"] == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("qr-only/nfc").path))
        let png = folder.file("qr-only").appendingPathComponent(try #require((code["qr"] as? [String: Any])?["png"] as? String))
        #expect(try await CodeReferences.decodeQRCodes(in: [png])[png.path] == [link])

        let tagged = try await codes(["--nfc-tag", "ntag216"], out: "tagged")
        #expect(tagged.status == 0, "\(tagged.standardError)")
        let ndef = Array(try Data(contentsOf: folder.file("tagged/nfc/url-1.ndef")))
        #expect(try await CodeReferences.parseNDEF([ndef]).first.map { try $0.get() } == [link])

        let both = try await codes(["--nfc-tag", "ntag216", "--no-nfc"], out: "both")
        #expect(both.status == 2 && both.standardError.split(separator: "\n").count == 1)
    }

    @Test func tagsAreFilledToTheNDEFAreaTheirCapabilityContainerDeclares() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-boundary")
        // (tag, bytes of the tag the message takes, made with an NFC message for that tag)
        let cases: [(tag: String, bytes: Int, accepted: Bool)] = [
            ("ntag215", 496, true), ("ntag215", 497, false), ("ntag216", 872, true), ("ntag216", 873, false),
        ]
        var messages: [(url: String, bytes: [UInt8])] = []
        for (index, item) in cases.enumerated() {
            let url = url(takingTagBytes: item.bytes)
            let result = try await unchecked(["--url", url, "--nfc-tag", item.tag], in: folder, out: "out-\(index)")
            let comment = "\(item.bytes) bytes on an \(item.tag)"
            if item.accepted {
                #expect(result.status == 0, "\(comment): \(result.standardError)")
                let nfc = try #require((try result.json()["codes"] as? [[String: Any]])?.first?["nfc"] as? [String: Any], "\(comment)")
                #expect(nfc["tagBytes"] as? Int == item.bytes && nfc["tag"] as? String == item.tag, "\(comment): \(nfc)")
                // Counted here from the file: the TLV's type and 3-byte length, the message, the terminator.
                let bytes = Array(try Data(contentsOf: folder.file("out-\(index)/nfc/url-1.ndef")))
                #expect(1 + 3 + bytes.count + 1 == item.bytes, "\(comment)")
                messages.append((url, bytes))
            } else if item.tag == "ntag215" {
                // NTAG216 still holds it: refused, naming that tag.
                #expect(result.status == 1, "\(comment)")
                let refused = try #require((try result.json()["refused"] as? [[String: String]])?.first, "\(comment)")
                #expect(refused["check"] == "nfc" && refused["reason"]?.contains("496 bytes of NDEF area of an NTAG215") == true, "\(refused)")
                #expect(refused["reason"]?.contains("NTAG216 would hold it") == true, "\(refused)")
            } else {
                // No tag holds it: the QR code is made, the NFC message skipped with a warning.
                #expect(result.status == 0, "\(comment): \(result.standardError)")
                let json = try result.json()
                #expect((json["codes"] as? [[String: Any]])?.first?["nfc"] == nil, "\(comment)")
                #expect((json["findings"] as? [[String: Any]])?.first?["code"] as? String == "codes.nfc.noTagHolds", "\(comment)")
            }
        }
        let parsed = try await CodeReferences.parseNDEF(messages.map(\.bytes))
        for (index, result) in parsed.enumerated() {
            #expect((try? result.get()) == [messages[index].url], "ndeflib: \(result)")
        }
    }

    @Test func labelsComeFromTemplatesWithTheRoutesCapturesOrThePlacesName() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-labels")
        let tables = try await ChildProcess.clipkit(["codes", "--manifest", coffeeShop.path, "--out", folder.file("tables").path, "--json",
                                                     "--route", "table", "--param", "store=soho", "--param", "table=7,8", "--label", "Table {table} · {store} ({n}) {{x}}"])
        #expect(tables.status == 0, "\(tables.standardError)")
        let labels = (try tables.json()["codes"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(labels == ["Table 7 · soho (1) {x}", "Table 8 · soho (2) {x}"])
        let sheet = try String(contentsOf: folder.file("tables/sheet-1.svg"), encoding: .utf8)
        #expect(sheet.contains(">\(TemplateText.escapedForHTML("Table 7 · soho (1) {x}"))</text>"))

        let places = try await ChildProcess.clipkit(["codes", "--manifest", coffeeShop.path, "--out", folder.file("places").path, "--json",
                                                     "--label", "Scan at {name} <{url}>"])
        #expect(places.status == 0, "\(places.standardError)")
        #expect((try places.json()["codes"] as? [[String: Any]])?.first?["label"] as? String == "Scan at Brew SoHo <https://brew.example/s/soho>")
        #expect(try String(contentsOf: folder.file("places/sheet-1.svg"), encoding: .utf8).contains(">Scan at Brew SoHo &lt;https://br…</text>"))

        let urls = try await unchecked(["--url", "https://example.com/a", "--label", "Code {n}"], in: folder, out: "urls")
        #expect((try urls.json()["codes"] as? [[String: Any]])?.first?["label"] as? String == "Code 1")

        // A field the codes do not have, or a brace that opens nothing: one line, exit 2, naming the field or the brace.
        for (arguments, named) in [(["--route", "table", "--param", "store=soho", "--param", "table=1", "--label", "Exhibit {exhibit}"], "{exhibit}"),
                                   (["--label", "{table}"], "{name}"), (["--label", "Table {table"], "'{'")] {
            let result = try await ChildProcess.clipkit(["codes", "--manifest", coffeeShop.path, "--out", folder.file("bad").path] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains(named), "\(arguments): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("bad").path))
    }

    @Test func aUniformVersionGivesEveryCodeTheLargestVersionAndZbarReadsThemAll() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-uniform")
        let arguments = ["codes", "--manifest", coffeeShop.path, "--json", "--route", "table",
                         "--param", "store=soho,the-long-store-on-west-broadway-by-the-park", "--param", "table=1,123456789"]
        func versions(_ result: CommandResult) throws -> [Int] {
            try #require(try result.json()["codes"] as? [[String: Any]]).compactMap { ($0["qr"] as? [String: Any])?["version"] as? Int }
        }
        let plain = try await ChildProcess.clipkit(arguments + ["--out", folder.file("plain").path])
        #expect(plain.status == 0, "\(plain.standardError)")
        let smallest = try versions(plain)
        #expect(smallest.count == 4 && Set(smallest).count > 1, "the URLs need different versions: \(smallest)")
        #expect(try plain.json()["uniformVersion"] == nil)

        let uniform = try await ChildProcess.clipkit(arguments + ["--out", folder.file("uniform").path, "--uniform-version"])
        #expect(uniform.status == 0, "\(uniform.standardError)")
        let json = try uniform.json()
        let largest = try #require(smallest.max())
        #expect(try versions(uniform) == Array(repeating: largest, count: 4))
        #expect(json["uniformVersion"] as? Int == largest)
        let codes = try #require(json["codes"] as? [[String: Any]])
        #expect(Set(codes.compactMap { ($0["qr"] as? [String: Any])?["modules"] as? Int }) == [17 + 4 * largest])

        let pngs = try codes.map { code in folder.file("uniform").appendingPathComponent(try #require((code["qr"] as? [String: Any])?["png"] as? String)) }
        let decoded = try await CodeReferences.decodeQRCodes(in: pngs)
        for (index, png) in pngs.enumerated() {
            #expect(decoded[png.path] == [codes[index]["url"] as? String ?? ""], "zbar read \(decoded[png.path] ?? []) from \(png.lastPathComponent)")
        }
        // On the sheet every code has the same module size: the same path data extent a module.
        let sheet = try String(contentsOf: folder.file("uniform/sheet-1.svg"), encoding: .utf8)
        #expect(try await CodesTestTools.xmlProblems(in: [folder.file("uniform/sheet-1.svg")]).isEmpty)
        #expect(sheet.components(separatedBy: "<path ").count - 1 == 4)
    }
}
