@_spi(ClipKitTooling) import ClipNotifications
import Foundation
import ClipTestSupport
import Testing

/// Seeded random mutations of real payloads, byte by byte and node by node: the parser and the
/// Bluesky policy must answer every one with a payload (and issues) or a rejection — no crash, no
/// hang — and whatever avatar URL survives must be a vetted https URL.
@Suite struct NotificationPayloadParserFuzzTests {
    static let hostileURLs = [
        "javascript:alert(1)", "http://cdn.bsky.app/img/avatar/plain/x", "https://user:pw@cdn.bsky.app/img/avatar/x",
        "https://127.0.0.1/img/avatar/x", "https://[::1]/img/avatar/x", "https://cdn.bsky.app:8443/img/avatar/x",
        "https://cdn.bsky.app/img/avatar/../../etc/passwd", "file:///etc/passwd", "https://cdn.bsky.app/img/avatar/%2e%2e/x",
        "data:image/png;base64,AAAA", "https://localhost/img/avatar/x", "HTTPS://CDN.BSKY.APP/img/avatar/x",
        "https://cdn.bsky.app\u{0}.evil.com/img/avatar/x", "https://evil.com\\@cdn.bsky.app/", " https://cdn.bsky.app/img/avatar/x",
        "https://cdn.bsky.app/img/avatar/x#frag", "https://cdn.bsky.app/img/avatar/x?size=1", "//cdn.bsky.app/img/avatar/x",
        "https://" + String(repeating: "a", count: 3000) + ".com/", "https://cdn.bsky.app/img/avatar/\u{202E}gpj", "https:",
        "https://0x7f.1/img/avatar/x", "https://cdn.bsky.app./img/avatar/x", "https://cdn..bsky.app/img/avatar/x",
    ]

    @Test func mutatedPayloadsNeverCrashAndAvatarsStayVetted() throws {
        var random = SeededGenerator(seed: 0xC11F_0006)
        let parser = NotificationPayloadParser()
        let seeds = SamplePayloads.all.map { Array($0.utf8) }
        let trees = try SamplePayloads.all.map { text -> PayloadValue in
            try JSONDecoder().decode(PayloadValue.self, from: Data(text.utf8))
        }
        var parsedCount = 0
        var rejectedCount = 0
        var vettedAvatars = 0
        let started = Date()
        for round in 0..<6_000 {
            let bytes: [UInt8]
            if round % 2 == 0 {
                bytes = Self.mutateBytes(seeds[round % seeds.count], using: &random)
            } else {
                bytes = Array(PayloadText.json(Self.mutateTree(trees[round % trees.count], using: &random)).utf8)
            }
            let parsed: ParsedNotificationPayload
            do {
                parsed = try parser.parse(Data(bytes))
            } catch {
                rejectedCount += 1
                #expect(!error.description.isEmpty)
                continue
            }
            parsedCount += 1
            for issue in parsed.issues {
                let root = String(issue.path.prefix { $0 != "." && $0 != "[" })
                #expect(root == "aps" || parsed.payload.fields[root] != nil, "issue path \(issue.path) names no field")
            }
            _ = NotificationContent(payload: parsed.payload)
            let decision = ReasonPolicy.bluesky.decide(for: parsed.payload, preferences: ["playSoundChat": true])
            if let avatar = decision.mutations.communication?.avatarURL {
                vettedAvatars += 1
                #expect(avatar.scheme == "https")
                #expect(avatar.user == nil && avatar.password == nil && avatar.port == nil && avatar.fragment == nil)
                #expect(!(avatar.host ?? "").isEmpty)
                #expect(!avatar.path.hasPrefix("/img/avatar/"), "not rewritten: \(avatar)")
            }
            for issue in decision.issues {
                #expect(!issue.path.isEmpty)
            }
        }
        #expect(parsedCount > 1_000 && rejectedCount > 1_000, "parsed \(parsedCount), rejected \(rejectedCount)")
        #expect(vettedAvatars > 100)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    static func mutateBytes(_ original: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        let interesting = Array(#"{}[]",:\0123456789-.eE tfnul"#.utf8) + [0, 0xFF, 0xC3, 0x80, 0xF0]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { bytes = [UInt8.random(in: 0...255, using: &random)]; continue }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: position)
            case 2: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &random)))
            case 3:
                let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4: bytes = Array(bytes.prefix(position))
            default: bytes[position] = interesting.randomElement(using: &random) ?? 0
            }
        }
        return bytes
    }

    static func mutateTree(_ value: PayloadValue, using random: inout SeededGenerator) -> PayloadValue {
        var tree = value
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            tree = replaceRandomNode(in: tree, depth: 0, using: &random)
        }
        return tree
    }

    private static func replaceRandomNode(in value: PayloadValue, depth: Int, using random: inout SeededGenerator) -> PayloadValue {
        switch value {
        case .object(var members) where !members.isEmpty && Int.random(in: 0..<4, using: &random) > 0:
            let keys = members.keys.sorted()
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            if Int.random(in: 0..<8, using: &random) == 0 {
                members[key] = nil
            } else {
                members[key] = replaceRandomNode(in: members[key] ?? .null, depth: depth + 1, using: &random)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && Int.random(in: 0..<3, using: &random) > 0:
            let index = Int.random(in: 0..<elements.count, using: &random)
            elements[index] = replaceRandomNode(in: elements[index], depth: depth + 1, using: &random)
            return .array(elements)
        default:
            return randomValue(depth: depth, using: &random)
        }
    }

    private static func randomValue(depth: Int, using random: inout SeededGenerator) -> PayloadValue {
        switch Int.random(in: 0..<11, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number([0, -1, 1, 0.5, 2, 1e300, -1e-300, 4_294_967_296, 9_007_199_254_740_994].randomElement(using: &random) ?? 0)
        case 3: return .string(String(repeating: "x", count: Int.random(in: 0...3_000, using: &random)))
        case 4, 5: return .string(hostileURLs.randomElement(using: &random) ?? "")
        case 6: return .string(["chat-message", "chat-reaction", "like", "", "default", "dm.aiff", "time-sensitive"].randomElement(using: &random) ?? "")
        case 7: return .string(String(decoding: (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...127, using: &random) }, as: UTF8.self))
        case 8 where depth < 20: return .array([randomValue(depth: depth + 1, using: &random)])
        case 9 where depth < 20: return .object(["name": randomValue(depth: depth + 1, using: &random), "critical": .number(1)])
        default: return .object([:])
        }
    }
}
