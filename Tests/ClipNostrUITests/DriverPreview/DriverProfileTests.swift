@_spi(ClipKitTooling) @testable import ClipNostrUI
import ClipTestSupport
import Foundation
import Testing

@Suite struct DriverProfileTests {
    func profile(name: String? = nil, displayName: String? = nil, picture: String? = nil, custom: [String: String] = [:]) -> DriverProfile {
        DriverProfile(pubkey: String(repeating: "AB", count: 32), createdAt: Date(timeIntervalSince1970: 1), name: name,
                      displayName: displayName, picture: picture, customFields: custom)
    }

    @Test func theDisplayNameWinsOverTheName() {
        #expect(profile(name: "alice", displayName: "Alice Driver").readableName == "Alice Driver")
        #expect(profile(name: "alice", displayName: "   ").readableName == "alice")
        #expect(profile().readableName == nil)
        #expect(profile().pubkey == String(repeating: "ab", count: 32))
    }

    @Test(arguments: [
        ("https://cdn.example.com/a.png", true),
        ("  https://cdn.example.com/a.png\n", true),
        ("http://cdn.example.com/a.png", false),
        ("javascript:alert(1)", false),
        ("file:///etc/passwd", false),
        ("https://user:secret@cdn.example.com/a.png", false),
        ("https:///nohost.png", false),
        ("", false),
        ("https://cdn.example.com/" + String(repeating: "a", count: 3000), false),
    ])
    func picturesAreHTTPSOnly(picture: String, kept: Bool) {
        #expect((profile(picture: picture).pictureURL != nil) == kept)
    }

    @Test func carDetailsComeFromTheCustomFields() {
        #expect(profile(custom: ["car_color": "Blue", "car_make": "Toyota", "car_model": "Prius"]).car?.summary == "Blue Toyota Prius")
        #expect(profile(custom: ["car_make": "Toyota"]).car?.summary == "Toyota")
        #expect(profile(custom: ["car_make": " \n "]).car == nil)
        #expect(profile(custom: ["website": "x"]).car == nil)
    }

    @Test func textIsCleanedForDisplay() {
        #expect(ProfileText.cleaned("  Alice\n\tDriver  ", maximumLength: 64) == "Alice Driver")
        #expect(ProfileText.cleaned("Ali\u{202E}ce\u{0007}", maximumLength: 64) == "Alice", "bidi overrides and controls go")
        #expect(ProfileText.cleaned("👩‍✈️ Pilot", maximumLength: 64) == "👩‍✈️ Pilot", "emoji joiners stay")
        #expect(ProfileText.cleaned(String(repeating: "x", count: 500), maximumLength: 10) == String(repeating: "x", count: 9) + "…")
        #expect(ProfileText.cleaned("\u{200B}\u{FEFF}", maximumLength: 10) == nil)
    }

    @Test func supersedesComparesTimeThenEventID() {
        func at(_ seconds: TimeInterval, _ id: String?) -> DriverProfile {
            DriverProfile(pubkey: "aa", eventID: id, createdAt: Date(timeIntervalSince1970: seconds), name: nil, displayName: nil, picture: nil)
        }
        #expect(at(2, nil).supersedes(at(1, nil)))
        #expect(!at(1, nil).supersedes(at(2, nil)))
        #expect(!at(1, nil).supersedes(at(1, nil)))
        #expect(at(1, "0a").supersedes(at(1, "0b")))
        #expect(!at(1, "0b").supersedes(at(1, "0a")))
        #expect(!at(1, "0a").supersedes(at(1, nil)))
    }

    /// Seeded random mutations of profile text: cleaning never crashes, never exceeds its cap
    /// and never lets a hidden control through.
    @Test func fuzzedTextStaysReadable() {
        var generator = SeededGenerator(seed: 0xC11B_4B17)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\n", "\t", "\u{0}", "\u{7}", "\u{85}", "\u{200B}", "\u{200D}",
                                          "\u{202E}", "\u{2066}", "\u{FEFF}", "é", "🚗", "\u{301}", "…", "<", "\""]
        let hidden: Set<UInt32> = [0x0, 0x7, 0x85, 0x200B, 0x202E, 0x2066, 0xFEFF]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<120, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            let limit = Int.random(in: 1...64, using: &generator)
            guard let cleaned = ProfileText.cleaned(String(scalars), maximumLength: limit) else { continue }
            #expect(cleaned.count <= limit)
            #expect(!cleaned.unicodeScalars.contains { hidden.contains($0.value) })
            #expect(cleaned == cleaned.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(!cleaned.isEmpty)
        }
    }
}
