import ClipTestSupport
import Foundation
import Testing

/// The food truck, a clip with no domain of its own, at the command line: every `clipkit` line of
/// its README runs as written from a folder that holds its manifest, and does what the README says.
@Suite struct DomainlessClipCommandTests {
    static let manifest = TestEnvironment.file("Examples/food-truck/clipkit.json")
    static let link = "https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=12"

    @Test func theReadmesCommandsRunAsWrittenAndDoWhatItSays() async throws {
        let lines = try ReadmeTourTests.tourLines(in: "Examples/food-truck/README.md").map(\.command)
        #expect(lines.count == 6, "the README's commands: \(lines)")
        let folder = try TemporaryDirectory(prefix: "clipkit-food-truck")
        try FileManager.default.createSymbolicLink(at: folder.file("clipkit.json"), withDestinationURL: Self.manifest)
        let path = try TestEnvironment.clipkitExecutable().deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var outputs: [String: String] = [:]
        for line in lines {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line], environment: ["PATH": path], currentDirectory: folder.url, timeout: 120
            )
            #expect(result.status == 0, "README line exited \(result.status): \(line)\n\(result.standardError)")
            outputs[line.split(separator: " ").dropFirst().first.map(String.init) ?? line] = result.standardOutput
        }
        // route: the menu, with the stop and the truck.
        let route = outputs["route"] ?? ""
        #expect(route.contains("route: menu (handled by clip)") && route.contains("stop = 12") && route.contains("truck = tacos-el-rey"), "\(route)")
        // simulate: the default card, the note with its typed payload, the app's claim once.
        let simulate = outputs["simulate"] ?? ""
        #expect(simulate.contains("iOS shows the default App Clip card, and the clip opens route 'menu'"), "\(simulate)")
        #expect(simulate.contains(#"payload: {"stop":12,"truck":"tacos-el-rey"}"#))
        #expect(simulate.contains("claimed the clip's handoff com.example.truck.order, once"))
        // codes: a QR code and an NFC tag for each of the 12 stops, each the default link with its items.
        let qr = try FileManager.default.contentsOfDirectory(atPath: folder.file("codes/qr").path).filter { $0.hasSuffix(".png") }
        let nfc = try FileManager.default.contentsOfDirectory(atPath: folder.file("codes/nfc").path).filter { $0.hasSuffix(".ndef") }
        #expect(qr.count == 12 && nfc.count == 12, "\(qr) \(nfc)")
        #expect((outputs["codes"] ?? "").contains("https://appclip.apple.com/id?p=com.example.Truck.Clip&stop=7&truck=tacos-el-rey"))
        // experiences local: the Xcode scheme's URL opens the menu.
        let local = outputs["experiences"] ?? ""
        let xcodeLine = try #require(local.split(separator: "\n").first { $0.contains("_XCAppClipURL") })
        let xcodeURL = String(try #require(xcodeLine.split(separator: " ").last))
        let routed = try await ChildProcess.clipkit(["route", xcodeURL, "--manifest", Self.manifest.path, "--json"])
        #expect(routed.status == 0, "\(xcodeURL): \(routed.standardError)")
        #expect(try routed.json()["route"] as? String == "menu", "\(xcodeURL)")
        // generate entitlements: no associated domains on either target.
        for name in ["App.entitlements", "AppClip.entitlements"] {
            let text = try String(contentsOf: folder.file("ios/\(name)"), encoding: .utf8)
            #expect(!text.contains("com.apple.developer.associated-domains"), "\(name)")
            #expect(text == (try String(contentsOf: TestEnvironment.file("Examples/food-truck/ios/\(name)"), encoding: .utf8)))
        }
    }

    /// With no domain there is no AASA file to generate and no link domain to build or serve; each
    /// command says so and what to add, rather than serving an empty file for a host nobody named.
    @Test(arguments: [["aasa", "generate"], ["site", "build", "--out", "site"], ["serve", "--port", "0"]])
    func theLinkDomainCommandsSayThereIsNone(arguments: [String]) async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-food-truck")
        let result = try await ChildProcess.clipkit(arguments + ["--manifest", Self.manifest.path], currentDirectory: folder.url, timeout: 30)
        #expect(result.status == 2, "\(arguments): \(result.standardOutput)")
        #expect(result.standardError.contains("the manifest lists no domains: its clip opens only through Apple's default App Clip link"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("site").path))
    }

    @Test func codesRefuseAStopTheRouteRefusesAndPlanSaysThereIsNothingToPlan() async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-food-truck")
        let codes = try await ChildProcess.clipkit([
            "codes", "--manifest", Self.manifest.path, "--route", "menu", "--param", "truck=tacos-el-rey", "--param", "stop=1000", "--out", folder.file("codes").path,
        ])
        #expect(codes.status != 0)
        #expect(codes.standardError.contains("--param stop=1000: route 'menu' would not open with it"), "\(codes.standardError)")
        let plan = try await ChildProcess.clipkit(["experiences", "plan", "--manifest", Self.manifest.path])
        #expect(plan.status == 0)
        #expect(plan.standardOutput.contains("no advanced App Clip experiences"), "\(plan.standardOutput)")
    }
}
