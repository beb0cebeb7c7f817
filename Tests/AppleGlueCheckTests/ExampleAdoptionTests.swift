import ClipTestSupport
import Foundation
import Testing

/// How many lines of Swift each example's adoption takes, clip and app together, besides its views:
/// every line of the example's `Clip/` and `App/` sources that is not blank and not a comment, in
/// the files that declare anything other than SwiftUI views (`View`, `UIViewRepresentable`).
@Suite struct ExampleAdoptionTests {
    /// The adoption lines of `Examples/<example>`, by file.
    static func adoptionLines(of example: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for folder in ["Clip", "App"] {
            let directory = TestEnvironment.file("Examples/\(example)/\(folder)")
            guard FileManager.default.fileExists(atPath: directory.path) else { continue }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                guard !declaresOnlyViews(text) else { continue }
                counts["\(folder)/\(name)"] = text.split(separator: "\n").filter { line in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    return !trimmed.isEmpty && !trimmed.hasPrefix("//")
                }.count
            }
        }
        return counts
    }

    /// Whether every top-level type the file declares is a view.
    static func declaresOnlyViews(_ text: String) -> Bool {
        let declarations = text.split(separator: "\n").compactMap { line -> Substring? in
            for keyword in ["struct ", "final class ", "class ", "enum ", "actor "] where line.hasPrefix(keyword) {
                return line.dropFirst(keyword.count)
            }
            return nil
        }
        guard !declarations.isEmpty else { return false }
        return declarations.allSatisfy { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return false }
            let first = declaration[declaration.index(after: colon)...].split(whereSeparator: { $0 == "," || $0 == "{" }).first
            return ["View", "UIViewRepresentable"].contains(first?.trimmingCharacters(in: .whitespaces) ?? "")
        }
    }

    @Test func theCoffeeShopAdoptsClipKitInThirtyLinesOrFewer() throws {
        let counts = try Self.adoptionLines(of: "coffee-shop")
        let total = counts.values.reduce(0, +)
        #expect(Set(counts.keys) == ["Clip/BrewClipApp.swift", "App/BrewApp.swift", "App/CoffeeOrder.swift"], "\(counts)")
        #expect(total <= 30, "the coffee shop's adoption takes \(total) lines: \(counts)")
        #expect(total >= 20, "the count reads the files: \(counts)")
    }

    @Test func theReferenceAppsAdoptionStaysShort() throws {
        // Before one-call setup, RoadFlare's took 123 lines and Bluesky's clip 95.
        let roadflare = try Self.adoptionLines(of: "roadflare")
        #expect(roadflare.values.reduce(0, +) <= 60, "\(roadflare)")
        #expect(roadflare["Clip/ClipRootView.swift"] == nil, "a view")
        let bluesky = try Self.adoptionLines(of: "bluesky")
        #expect(bluesky.values.reduce(0, +) <= 20, "\(bluesky)")
        #expect(Set(bluesky.keys) == ["Clip/BlueskyClipApp.swift"], "\(bluesky)")
    }

    @Test func viewsAreToldApartFromAdoptionCode() {
        #expect(Self.declaresOnlyViews("struct A: View {\n}\nstruct B: UIViewRepresentable {\n}\n"))
        #expect(!Self.declaresOnlyViews("struct A: View {\n}\n@main\nstruct B: App {\n}\n"))
        #expect(!Self.declaresOnlyViews("import SwiftUI\n"))
    }
}
