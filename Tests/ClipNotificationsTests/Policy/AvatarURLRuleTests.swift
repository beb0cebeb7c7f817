@_spi(ClipKitTooling) import ClipNotifications
import Foundation
import ClipTestSupport
import Testing

@Suite struct AvatarURLRuleTests {
    let rule = AvatarURLRule.bluesky

    @Test(arguments: [
        ("https://cdn.bsky.app/img/avatar/plain/did:plc:abc/bafkreiabc@jpeg", "https://cdn.bsky.app/img/avatar_thumbnail/plain/did:plc:abc/bafkreiabc@jpeg"),
        ("HTTPS://CDN.BSKY.APP/img/avatar/plain/x@jpeg", "https://cdn.bsky.app/img/avatar_thumbnail/plain/x@jpeg"),
        ("https://cdn.bsky.app:443/img/avatar/plain/x", "https://cdn.bsky.app/img/avatar_thumbnail/plain/x"),
        ("https://cdn.bsky.app/img/avatar/x#fragment", "https://cdn.bsky.app/img/avatar_thumbnail/x"),
        ("https://cdn.bsky.app/img/avatar/x?v=2", "https://cdn.bsky.app/img/avatar_thumbnail/x?v=2"),
        // Only the path prefix is rewritten, never a later occurrence or the query.
        ("https://cdn.bsky.app/img/avatar/img/avatar/x", "https://cdn.bsky.app/img/avatar_thumbnail/img/avatar/x"),
        ("https://cdn.example.com/other/img/avatar/x?u=/img/avatar/", "https://cdn.example.com/other/img/avatar/x?u=/img/avatar/"),
        ("https://cdn.bsky.app/img/%61vatar/x", "https://cdn.bsky.app/img/%61vatar/x"),
        ("https://xn--bcher-kva.example/img/avatar/x", "https://xn--bcher-kva.example/img/avatar_thumbnail/x"),
    ])
    func acceptsAndRewrites(input: String, expected: String) throws {
        let url = try rule.vet(input).get()
        #expect(url.absoluteString == expected)
    }

    @Test(arguments: [
        ("http://cdn.bsky.app/img/avatar/x", "only https"),
        ("javascript:alert(1)", "only https"),
        ("file:///etc/passwd", "only https"),
        ("data:image/png;base64,AAAA", "only https"),
        ("ftp://cdn.bsky.app/img/avatar/x", "only https"),
        ("/img/avatar/x", "not an absolute URL"),
        ("//cdn.bsky.app/img/avatar/x", "not an absolute URL"),
        ("https://user:secret@cdn.bsky.app/img/avatar/x", "user name or password"),
        ("https://cdn.bsky.app@evil.example/img/avatar/x", "user name or password"),
        ("https://cdn.bsky.app:8443/img/avatar/x", "port 8443"),
        ("https://127.0.0.1/img/avatar/x", "not a public DNS name"),
        ("https://0x7f.1/img/avatar/x", "not a public DNS name"),
        ("https://2130706433/img/avatar/x", "not a public DNS name"),
        ("https://[::1]/img/avatar/x", "not a public DNS name"),
        ("https://localhost/img/avatar/x", "not a public DNS name"),
        ("https://printer.local/img/avatar/x", "not a public DNS name"),
        ("https://cdn.bsky.app./img/avatar/x", "not a public DNS name"),
        ("https://cdn..bsky.app/img/avatar/x", "not a public DNS name"),
        ("https://-evil.example/img/avatar/x", "not a public DNS name"),
        ("https://cdn.bsky.app/img/avatar/../../admin", "'..' segment"),
        ("https://cdn.bsky.app/img/avatar/%2e%2e/admin", "'..' segment"),
        ("https://cdn.bsky.app/img/avatar/x%2f..%2fadmin", "encoded separator"),
        ("https://cdn.bsky.app/img/avatar/%zz", "percent-encoding"),
        ("https://cdn.bsky.app/img/avatar/%4", "percent-encoding"),
        ("https://cdn.bsky.app/img/avatar/%ff%fe", "percent-encoding"),
        (" https://cdn.bsky.app/img/avatar/x", "whitespace"),
        ("https://cdn.bsky.app/img/avatar/x\n", "whitespace"),
        ("https://cdn.bsky.app\u{0}.evil.example/img/avatar/x", "control characters"),
        ("https://evil.example\\@cdn.bsky.app/", "backslashes"),
        ("https://cdn.bsky.app/img/avatar/\u{85}x", "control characters"),
        ("", "not an absolute URL"),
    ])
    func refusesHostileURLs(input: String, reason: String) {
        switch rule.vet(input) {
        case .success(let url):
            Issue.record("accepted \(input) as \(url)")
        case .failure(let problem):
            #expect(problem.description.contains(reason), "\(input): \(problem)")
        }
    }

    @Test func refusesOverlongURLs() {
        let long = "https://cdn.bsky.app/img/avatar/" + String(repeating: "a", count: 3_000)
        guard case .failure(let problem) = rule.vet(long) else { Issue.record("accepted a 3 KB URL"); return }
        #expect(problem.description.contains("longer than 2048 bytes"))
    }

    @Test func allowedHostsRestrictTheHost() {
        let strict = AvatarURLRule(rewrites: AvatarURLRule.bluesky.rewrites, allowedHosts: ["cdn.bsky.app"])
        #expect((try? strict.vet("https://cdn.bsky.app/img/avatar/x").get())?.host == "cdn.bsky.app")
        guard case .failure(let problem) = strict.vet("https://evil.example/img/avatar/x") else {
            Issue.record("accepted a host outside the allowed list"); return
        }
        #expect(problem.description.contains("not one of the allowed hosts"))
    }
}

/// Seeded random mutations of a valid avatar URL: whatever the rule accepts is an https URL on a
/// public name, without credentials, port, fragment or `..` segment.
@Suite struct AvatarURLRuleFuzzTests {
    @Test func acceptedURLsKeepTheirInvariants() {
        var random = SeededGenerator(seed: 0xA7A7_0006)
        let seeds = [
            "https://cdn.bsky.app/img/avatar/plain/did:plc:abc/bafkreiabc@jpeg",
            "https://cdn.example.com/img/avatar/x?size=2#f",
        ]
        let alphabet = Array("/:@.%?#[]\\ -_~!$&'()*+,;=azAZ09\u{0}\u{7F}é\u{202E}".unicodeScalars)
        var accepted = 0
        for round in 0..<5_000 {
            var scalars = Array(seeds[round % seeds.count].unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < scalars.count: scalars[position] = alphabet.randomElement(using: &random) ?? "a"
                case 1 where position < scalars.count: scalars.remove(at: position)
                default: scalars.insert(alphabet.randomElement(using: &random) ?? "a", at: position)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            guard case .success(let url) = AvatarURLRule.bluesky.vet(text) else { continue }
            accepted += 1
            #expect(url.scheme == "https", "\(text)")
            #expect(url.user == nil && url.password == nil && url.port == nil && url.fragment == nil, "\(text)")
            #expect(!url.path.split(separator: "/").contains(".."), "\(text)")
            #expect(url.host.map { $0.contains(".") && !$0.hasSuffix(".") } == true, "\(text)")
            #expect(URL(string: url.absoluteString) == url)
        }
        #expect(accepted > 500)
    }
}
