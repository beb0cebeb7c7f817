import ClipTestSupport
import Foundation
import Testing

/// How much Swift each example's adoption takes, counted from its files, and what its README says.
///
/// The rule, which each example's README states with its figures: every Swift file the adopter
/// writes counts — `Clip/`, `App/`, an extension, a preset such as `BlueskyKit/` — views included.
/// Of its lines that are not blank and not only a comment, a line *calls ClipKit* when it imports one
/// of the root package's modules, or names a declaration those modules make `public` or `package`
/// (a type, a function, a property, an enum case, an argument label) or one the manifest plugin
/// generates (`ClipConfiguration`, `ClipRoute`, `ClipRouter`, `ClipRouteMatch`). Names inside string
/// literals and comments do not count; neither do names the example declares itself (its own types,
/// properties, cases and closure parameters), nor names that the Apple SDK stubs (SwiftUI, UIKit,
/// StoreKit, WebKit, …) or the standard library and Foundation also declare, so `.padding()` or
/// `components.host` is not counted as ClipKit's.
@Suite struct ExampleAdoptionTests {
    /// The figures of one example.
    struct Adoption: CustomStringConvertible {
        /// Per file (relative to the example): lines that call ClipKit, lines of Swift.
        var files: [String: (callingClipKit: Int, swift: Int)] = [:]
        /// The lines that call ClipKit, as `file: line`.
        var calls: [String] = []
        var callingClipKit: Int { files.values.reduce(0) { $0 + $1.callingClipKit } }
        var swift: Int { files.values.reduce(0) { $0 + $1.swift } }
        var description: String {
            files.keys.sorted().map { "\($0): \(files[$0]!.callingClipKit) of \(files[$0]!.swift)" }.joined(separator: ", ")
        }
    }

    static let keywords: Set<String> = [
        "let", "var", "case", "in", "self", "Self", "some", "any", "static", "public", "private", "return", "try", "if",
        "guard", "else", "true", "false", "nil", "import", "func", "struct", "class", "enum", "extension", "init", "where",
        "switch", "default", "throws", "async", "await", "override", "final", "open", "fileprivate", "internal", "package",
        "is", "as", "do", "catch", "throw", "for", "while", "protocol", "typealias", "associatedtype", "weak", "lazy",
        "inout", "mutating", "nonisolated", "indirect",
    ]
    /// Standard library and Foundation names that ClipKit also declares.
    static let standardNames: Set<String> = [
        "isEmpty", "decode", "encode", "container", "string", "contains", "map", "count", "prefix", "description",
        "hasPrefix", "lowercased", "scheme", "host", "user", "password",
    ]
    /// Names the manifest plugin generates into an adopting target.
    static let generatedNames: Set<String> = ["ClipConfiguration", "ClipRoute", "ClipRouter", "ClipRouteMatch"]

    /// The Swift files under `folder`, outside documentation catalogs.
    static func swiftFiles(under folder: URL) -> [URL] {
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "docc" { enumerator?.skipDescendants(); continue }
            if url.pathExtension == "swift" { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// A line without its string literals and its trailing comment.
    static func code(of line: String) -> String {
        let withoutStrings = line.replacing(#/"(?:\\.|[^"\\])*"/#, with: "\"\"")
        guard let comment = withoutStrings.range(of: "//") else { return withoutStrings }
        return String(withoutStrings[..<comment.lowerBound])
    }

    static func identifiers(in text: String) -> Set<String> {
        Set(text.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#).map { String($0.output) })
    }

    /// The names declared in `files`; with `exported`, only on lines that make them public, open or
    /// package (and the cases of enums, which take their enum's access).
    static func declaredNames(in files: [URL], exported: Bool) throws -> Set<String> {
        let declaration = #/\b(?:func|var|let|case|struct|class|enum|protocol|typealias|actor|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        var names: Set<String> = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") { continue }
                let isCase = trimmed.hasPrefix("case ") && !trimmed.hasPrefix("case .") && !trimmed.hasPrefix("case let")
                if exported, !isCase, !trimmed.contains(#/\b(public|open|package)\b/#) { continue }
                for match in code(of: line).matches(of: declaration) where !keywords.contains(String(match.output.1)) {
                    names.insert(String(match.output.1))
                }
                if isCase {         // `case menu, order(CoffeeOrder)`
                    for match in code(of: trimmed).dropFirst(5).matches(of: #/(?:^|,)\s*([a-z][A-Za-z0-9_]*)/#) {
                        names.insert(String(match.output.1))
                    }
                }
                if !exported {      // closure parameters: `{ match, session in`
                    for match in code(of: line).matches(of: #/\{\s*([A-Za-z_][A-Za-z0-9_, ]*)\s+in\b/#) {
                        names.formUnion(match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    }
                }
            }
        }
        return names
    }

    /// ClipKit's module names, and the names its modules declare for adopters (read once).
    static func clipKitNames() throws -> (modules: Set<String>, declarations: Set<String>) {
        try clipKitNamesOnce.get()
    }

    static let clipKitNamesOnce = Result { try readClipKitNames() }

    static func readClipKitNames() throws -> (modules: Set<String>, declarations: Set<String>) {
        let sources = TestEnvironment.file("Sources")
        let modules = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
        let declared = try declaredNames(in: swiftFiles(under: sources), exported: true)
        let sdk = try declaredNames(in: swiftFiles(under: TestEnvironment.file("Tests/AppleSDKStubs")), exported: false)
        return (modules, declared.subtracting(sdk).subtracting(standardNames).subtracting(keywords).union(generatedNames))
    }

    /// The adoption of `Examples/<example>`, by the rule above.
    static func adoption(of example: String) throws -> Adoption {
        let folder = TestEnvironment.file("Examples/\(example)")
        let files = swiftFiles(under: folder)
        let clipKit = try clipKitNames()
        let api = clipKit.declarations.subtracting(try declaredNames(in: files, exported: false))
        var adoption = Adoption()
        for file in files {
            var calling = 0
            var swift = 0
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
                swift += 1
                if let imported = trimmed.firstMatch(of: #/^import\s+(\w+)/#) {
                    if clipKit.modules.contains(String(imported.output.1)) { calling += 1 }
                } else if !identifiers(in: code(of: trimmed)).isDisjoint(with: api) {
                    calling += 1
                    adoption.calls.append("\(file.lastPathComponent): \(trimmed) \(identifiers(in: code(of: trimmed)).intersection(api).sorted())")
                }
            }
            adoption.files[String(file.path.dropFirst(folder.path.count + 1))] = (calling, swift)
        }
        return adoption
    }

    /// The figures the text states: "N lines that call ClipKit" and "M lines of Swift".
    static func statedFigures(in text: String) -> (callingClipKit: Int, swift: Int)? {
        guard let calling = text.firstMatch(of: #/\*\*(\d+) lines that call ClipKit\*\*/#),
              let swift = text.firstMatch(of: #/of (\d+) lines of Swift/#) else { return nil }
        return (Int(calling.output.1) ?? -1, Int(swift.output.1) ?? -1)
    }

    @Test(arguments: ["coffee-shop", "food-truck", "roadflare", "bluesky"])
    func theReadmeStatesTheAdoptionTheFilesHave(example: String) throws {
        let adoption = try Self.adoption(of: example)
        let readme = try String(contentsOf: TestEnvironment.file("Examples/\(example)/README.md"), encoding: .utf8)
        let stated = Self.statedFigures(in: readme)
        #expect(stated?.callingClipKit == adoption.callingClipKit && stated?.swift == adoption.swift,
                "Examples/\(example)/README.md must say **\(adoption.callingClipKit) lines that call ClipKit**, of \(adoption.swift) lines of Swift (\(adoption))")
        #expect(readme.contains("ExampleAdoptionTests"), "the README names the test that computes its figures")
    }

    @Test func theRepositoryReadmeStatesTheCoffeeShopsFigure() throws {
        let adoption = try Self.adoption(of: "coffee-shop")
        let readme = try String(contentsOf: TestEnvironment.file("README.md"), encoding: .utf8)
        #expect(readme.contains("its clip and app call ClipKit on \(adoption.callingClipKit) lines"), "\(adoption)")
    }

    @Test func theCoffeeShopsAdoptionIsCountedFromEveryFile() throws {
        let adoption = try Self.adoption(of: "coffee-shop")
        #expect(Set(adoption.files.keys) == [
            "Clip/BrewClipApp.swift", "Clip/TableView.swift", "App/BrewApp.swift", "App/BrewRootView.swift", "App/CoffeeOrder.swift",
        ], "\(adoption)")
        // The clip's view reads the route match: it calls ClipKit too.
        #expect((adoption.files["Clip/TableView.swift"]?.callingClipKit ?? 0) >= 2, "\(adoption)")
        #expect(adoption.callingClipKit <= 15, "the coffee shop's adoption grew: \(adoption)")
    }

    @Test func noExampleClipWritesTheSkeletonItself() throws {
        for example in ["coffee-shop", "food-truck", "roadflare", "bluesky"] {
            for file in Self.swiftFiles(under: TestEnvironment.file("Examples/\(example)")) {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(!text.contains(".id("), "\(file.lastPathComponent) sets the identity ClipSessionView gives")
                #expect(!text.contains(".appStoreOverlay("), "\(file.lastPathComponent) applies the overlay ClipSessionView applies")
                #expect(!text.contains("WKWebView"), "\(file.lastPathComponent) writes its own web view")
                #expect(!text.contains("throws("), "\(file.lastPathComponent) spells a typed throw")
            }
        }
    }

    @Test func theCountReadsNamesNotWords() throws {
        #expect(Self.code(of: #"Text("ClipSession") // ClipKit"#) == #"Text("") "#)
        let names = try Self.clipKitNames()
        #expect(names.declarations.isSuperset(of: ["ClipSessionView", "RouteMatch", "handOffRouteParameters", "ClipConfiguration"]))
        #expect(names.declarations.isDisjoint(with: ["padding", "Text", "isEmpty", "body"]))
        #expect(names.modules.isSuperset(of: ["ClipKit", "ClipKitUI", "ClipNotifications"]))
    }
}
