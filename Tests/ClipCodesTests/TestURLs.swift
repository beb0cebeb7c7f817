import ClipKit
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import Foundation

/// The URLs the differential tests encode: invocation links of the three example manifests with
/// random parameters, queries and fragments, genuine signed share links (kind-0 events signed by
/// nostr-sdk, embedded by `ProfileShareLink`), and links in upper case and with long digit runs,
/// which segment into alphanumeric and numeric modes — 10 to 1,200 characters, fixed by a seed.
enum TestURLs {
    static let unreserved = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// `count` URLs, `signedLinks` of them signed share links, each 10 to 1,200 characters.
    static func make(count: Int, signedLinks: Int, seed: UInt64) async throws -> [String] {
        var random = SeededGenerator(seed: seed)
        var urls = try await signedShareLinks(count: signedLinks, random: &random)
        while urls.count < count {
            let target = 10 + random.below(1_191)
            let url = synthetic(length: target, style: urls.count % 5, random: &random)
            if (10...1_200).contains(url.count) { urls.append(url) }
        }
        return urls
    }

    /// A URL of about `length` characters in one of five styles.
    static func synthetic(length: Int, style: Int, random: inout SeededGenerator) -> String {
        func word(_ count: Int) -> String { String((0..<max(1, count)).map { _ in random.pick(unreserved) }) }
        var url: String
        switch style {
        case 0: url = "https://brew.example/s/\(word(4 + random.below(8)).lowercased())/t/\(1 + random.below(400))"
        case 1: url = "https://bsky.app/start/\(word(6 + random.below(10)).lowercased()).bsky.social/\(word(13).lowercased())"
        case 2: url = "HTTPS://BREW.EXAMPLE/S/\(word(6).uppercased().filter { $0.isLetter || $0.isNumber })"
        case 3: url = "https://brew.example/r/\(String((0..<12).map { _ in random.pick(Array("0123456789")) }))"
        default: url = "http://a.b"
        }
        while url.count < length {
            switch random.below(4) {
            case 0: url += "/" + word(1 + random.below(20))
            case 1: url += (url.contains("?") ? "&" : "?") + word(1 + random.below(8)) + "=" + word(1 + random.below(30))
            case 2: url += style == 2 ? "/" + String(word(10).uppercased().filter { $0.isLetter || $0.isNumber }) : "/" + String((0..<(1 + random.below(30))).map { _ in random.pick(Array("0123456789")) })
            default: url += "%" + String(format: "%02X", random.below(256))
            }
        }
        return String(url.prefix(length))
    }

    /// Genuine signed share links of RoadFlare's manifest, with profiles of growing size.
    static func signedShareLinks(count: Int, random: inout SeededGenerator) async throws -> [String] {
        guard count > 0 else { return [] }
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
        var specifications: [DriverFixtures.EventSpecification] = []
        for index in 0..<count {
            let about = String((0..<random.below(520)).map { _ in random.pick(unreserved) })
            let content = String(decoding: try JSONSerialization.data(withJSONObject: ["name": "Driver \(index)", "about": about], options: [.sortedKeys]), as: UTF8.self)
            specifications.append(.init(key: "codes-\(index)", kind: 0, content: content, createdAt: 1_750_000_000 + index))
        }
        return try await DriverFixtures.sign(specifications).map { event in
            let signed = try NostrEvent(jsonData: Array(event.utf8))
            return try ProfileShareLink(signedProfile: signed, router: router).url
        }
    }
}
