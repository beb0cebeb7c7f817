import ClipTestSupport
import Foundation
import Testing

/// The documentation catalogs of the shipped modules promise only what the code does:
///
/// - every `swift` block of an article is checked code: its lines, in order, are a run of lines of
///   a file that something compiles (an `import` line of the block may be anywhere in that file):
///   a listing under a catalog's `Listings/` or an example's source, which `scripts/check-apple-glue`
///   compiles as iOS would (a listing folder with a `clipkit.json` together with the Swift the
///   manifest plugin generates from it); a listing of the modules that run off the phone
///   (`Documentation/Listings/` beside this file), compiled with this test target and run by
///   ``ToolingListingTests``; or a file of `Tests/Fixtures/PluginAdopter`, the package that
///   ClipKitGenerationTests builds with the manifest plugin;
/// - every `@Code` file of a tutorial is a listing, and the coffee-shop tutorial ends with the
///   example's own files;
/// - every manifest listing and every manifest in a `json` block passes `clipkit manifest validate`;
/// - every `clipkit` line of a `Terminal.sh` listing and of an article's `sh` block runs, and exits
///   0, or 1 where it ends with `# exit 1`; entitlements listings are what the tool generates.
///
/// `scripts/docs` builds the catalogs with DocC, with warnings as errors; these tests cover what
/// DocC does not look at: whether the code is right.
@Suite struct DocumentationListingTests {
    /// The documentation catalogs of both packages' modules.
    static func catalogs() throws -> [URL] {
        let manager = FileManager.default
        var found: [URL] = []
        for base in ["Sources", "Examples", "Tooling/Sources"] {
            let enumerator = manager.enumerator(at: TestEnvironment.file(base), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "docc" {
                    found.append(url)
                    enumerator?.skipDescendants()
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The files (not folders) under `folder` whose name ends with `suffix`.
    static func files(under folder: URL, endingWith suffix: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            if url.lastPathComponent.hasSuffix(suffix), FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The fenced blocks of `language` in a Markdown text, as their lines.
    static func blocks(_ language: String, in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil {
                if line == "```" + language { current = [] }
            } else if line.hasPrefix("```") {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func articles() throws -> [URL] {
        try catalogs().flatMap { files(under: $0, endingWith: ".md") }
    }

    /// Lines without their indentation, blank lines dropped: what a block and a file are compared by.
    static func significantLines(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The Swift files that are compiled for the documentation: the catalogs' listings and the
    /// examples (`scripts/check-apple-glue`), the tooling's listings (this target) and the plugin
    /// adopter's package (ClipKitGenerationTests).
    static func checkedSwiftFiles() throws -> [URL: [String]] {
        var files: [URL] = files(under: TestEnvironment.file("Examples"), endingWith: ".swift")
        files += Self.files(under: TestEnvironment.file("Tooling/Tests/ClipKitCLITests/Documentation/Listings"), endingWith: ".swift")
        files += Self.files(under: TestEnvironment.file("Tests/Fixtures/PluginAdopter/Sources"), endingWith: ".swift")
        files.append(TestEnvironment.file("Tests/Fixtures/PluginAdopter/Package.swift"))
        for catalog in try catalogs() {
            files += Self.files(under: catalog.appendingPathComponent("Listings"), endingWith: ".swift")
        }
        var lines: [URL: [String]] = [:]
        for file in files {
            lines[file] = significantLines(try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n"))
        }
        return lines
    }

    static func contains(_ haystack: [String], run needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in Array(haystack[start..<(start + needle.count)]) == needle }
    }

    @Test func everySwiftBlockOfAnArticleIsCheckedCode() throws {
        let checked = try Self.checkedSwiftFiles()
        var count = 0
        for article in try Self.articles() {
            let text = try String(contentsOf: article, encoding: .utf8)
            for block in Self.blocks("swift", in: text) {
                count += 1
                let lines = Self.significantLines(block)
                let imports = lines.filter { $0.hasPrefix("import ") }
                let code = lines.filter { !$0.hasPrefix("import ") }
                let home = checked.first { _, fileLines in
                    Self.contains(fileLines, run: code) && imports.allSatisfy(fileLines.contains)
                }
                #expect(home != nil, "\(article.lastPathComponent): this swift block is not a run of lines of a listing or an example, so nothing compiles it:\n\(block.joined(separator: "\n"))")
            }
        }
        #expect(count >= 10, "the articles lost their Swift blocks")
    }

    @Test func everyCodeFileOfATutorialIsAListing() throws {
        var count = 0
        for catalog in try Self.catalogs() {
            let listings = Self.files(under: catalog.appendingPathComponent("Listings"), endingWith: "").map(\.lastPathComponent)
            for tutorial in Self.files(under: catalog, endingWith: ".tutorial") {
                let text = try String(contentsOf: tutorial, encoding: .utf8)
                let pattern = try Regex(#"@Code\([^)]*\bfile: *"([^"]+)""#)
                for match in text.matches(of: pattern) {
                    count += 1
                    let name = String(match.output[1].substring ?? "")
                    #expect(listings.filter { $0 == name }.count == 1,
                            "\(tutorial.lastPathComponent): @Code file \(name) is not exactly one file under \(catalog.lastPathComponent)/Listings, where the checks run")
                }
            }
        }
        #expect(count >= 20, "the tutorials lost their code listings")
    }

    @Test func theAdoptionTutorialEndsWithTheCoffeeShopExample() throws {
        let listings = "Sources/ClipKit/ClipKit.docc/Listings/"
        let pairs = [
            ("BrewClip/BrewClipApp.swift", "Clip/BrewClipApp.swift"), ("BrewClip/TableView.swift", "Clip/TableView.swift"),
            ("BrewApp/BrewApp.swift", "App/BrewApp.swift"), ("BrewApp/BrewRootView.swift", "App/BrewRootView.swift"),
            ("BrewApp/CoffeeOrder.swift", "App/CoffeeOrder.swift"),
            ("BrewProject/App.entitlements", "ios/App.entitlements"), ("BrewProject/AppClip.entitlements", "ios/AppClip.entitlements"),
            ("BrewProject/AppClip-Info.plist", "ios/AppClip-Info.plist"),
        ]
        // The last step's files are symbolic links to the example's, so the tutorial cannot drift from it.
        for (listing, example) in pairs {
            let link = TestEnvironment.file(listings + listing)
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            let resolved = link.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
            #expect(resolved == TestEnvironment.file("Examples/coffee-shop/" + example).standardizedFileURL,
                    "\(listing) must link to Examples/coffee-shop/\(example); the tutorial's last step is the example")
            let shown = try String(contentsOf: link, encoding: .utf8)
            #expect(!shown.isEmpty, "\(listing) resolves to a readable file")
        }
        let manifest = try String(contentsOf: TestEnvironment.file(listings + "BrewProject/clipkit.json"), encoding: .utf8)
        let example = try String(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), encoding: .utf8)
        let withoutSchema = example.components(separatedBy: "\n").filter { !$0.contains("\"$schema\"") }.joined(separator: "\n")
        #expect(manifest == withoutSchema, "the tutorial's clipkit.json must be the example's, without its $schema line")
    }

    @Test func everyManifestListingAndBlockValidates() async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-docs-manifests")
        var manifests: [(String, URL)] = []
        for catalog in try Self.catalogs() {
            for file in Self.files(under: catalog.appendingPathComponent("Listings"), endingWith: ".json") {
                manifests.append((file.lastPathComponent, file))
            }
        }
        var blockCount = 0
        for article in try Self.articles() {
            for block in Self.blocks("json", in: try String(contentsOf: article, encoding: .utf8)) {
                let text = block.joined(separator: "\n")
                let documents = (try? JSONSerialization.jsonObject(with: Data(text.utf8))).map { [$0] }
                    ?? block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
                let lineCount = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
                #expect(documents.count == 1 || documents.count == lineCount,
                        "\(article.lastPathComponent): a json block is neither one JSON document nor one per line:\n\(text)")
                if let object = documents.first as? [String: Any], object["teamID"] != nil {
                    blockCount += 1
                    let file = folder.file("block-\(blockCount).json")
                    try Data(text.utf8).write(to: file)
                    manifests.append(("\(article.lastPathComponent), manifest block \(blockCount)", file))
                }
            }
        }
        #expect(manifests.count >= 6)
        let clipkit = try TestEnvironment.clipkitExecutable()
        for (name, file) in manifests {
            let result = try await ChildProcess.run(clipkit, arguments: ["manifest", "validate", "--manifest", file.path])
            #expect(result.status == 0, "\(name) is not a valid manifest:\n\(result.standardError)\(result.standardOutput)")
        }
    }

    /// Runs `lines` in order from `folder`, with the built `clipkit` first on `PATH`.
    static func run(_ lines: [String], in folder: URL, what: String) async throws {
        let binFolder = try TestEnvironment.clipkitExecutable().deletingLastPathComponent().path
        let path = binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines where line.hasPrefix("clipkit ") || line.hasPrefix("mkdir ") {
            let expected: Int32 = line.trimmingCharacters(in: .whitespaces).hasSuffix("# exit 1") ? 1 : 0
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line], environment: ["PATH": path], currentDirectory: folder, timeout: 60
            )
            #expect(result.status == expected,
                    "\(what): exited \(result.status): \(line)\n\(result.standardError)\(result.standardOutput.prefix(400))")
        }
    }

    @Test func terminalListingsRunAsWrittenAndGenerateTheEntitlementsShown() async throws {
        var terminals = 0
        for catalog in try Self.catalogs() {
            for terminal in Self.files(under: catalog.appendingPathComponent("Listings"), endingWith: "Terminal.sh") {
                terminals += 1
                let listingFolder = terminal.deletingLastPathComponent()
                let final = try String(contentsOf: terminal, encoding: .utf8).components(separatedBy: "\n").filter { !$0.isEmpty }
                // Each step shows the session so far: its lines begin the final listing.
                for step in Self.files(under: listingFolder, endingWith: ".sh") where step != terminal {
                    let lines = try String(contentsOf: step, encoding: .utf8).components(separatedBy: "\n").filter { !$0.isEmpty }
                    #expect(Array(final.prefix(lines.count)) == lines, "\(step.lastPathComponent) is not the beginning of Terminal.sh")
                }
                let scratch = try TemporaryDirectory(prefix: "clipkit-docs-terminal")
                for file in try FileManager.default.contentsOfDirectory(at: listingFolder, includingPropertiesForKeys: nil) {
                    try FileManager.default.copyItem(at: file, to: scratch.file(file.lastPathComponent))
                }
                try await Self.run(final, in: scratch.url, what: terminal.lastPathComponent)
                for shown in try FileManager.default.contentsOfDirectory(at: listingFolder, includingPropertiesForKeys: nil)
                where shown.pathExtension == "entitlements" || shown.pathExtension == "plist" {
                    let generated = scratch.file("ios").appendingPathComponent(shown.lastPathComponent)
                    #expect(try Data(contentsOf: shown) == Data(contentsOf: generated),
                            "\(shown.lastPathComponent) is not what `clipkit generate entitlements` writes for the listing's clipkit.json")
                }
            }
        }
        #expect(terminals >= 1)
    }

    @Test func theShellBlocksOfEveryArticleRunAsWritten() async throws {
        var lineCount = 0
        for article in try Self.articles() {
            let lines = Self.blocks("sh", in: try String(contentsOf: article, encoding: .utf8)).flatMap { $0 }
            guard lines.contains(where: { $0.hasPrefix("clipkit ") }) else { continue }
            lineCount += lines.filter { $0.hasPrefix("clipkit ") }.count
            let scratch = try TemporaryDirectory(prefix: "clipkit-docs-article")
            try FileManager.default.createSymbolicLink(at: scratch.file("Examples"), withDestinationURL: TestEnvironment.file("Examples"))
            try await Self.run(lines, in: scratch.url, what: article.lastPathComponent)
        }
        #expect(lineCount >= 10, "the articles lost their commands")
    }
}
