import ClipKit
import Testing

@Suite struct RoutePatternTests {
    @Test func parsesLiteralsAndCaptures() throws {
        let pattern = try RoutePattern(parsing: "https://RoadFlare.app/share/d/{npub}/")
        #expect(pattern.host == "roadflare.app")
        #expect(pattern.segments == [.literal("share"), .literal("d"), .capture("npub")])
        #expect(pattern.captureNames == ["npub"])
        #expect(pattern.wildcardPath == "/share/d/*")
        #expect(pattern.literalPathPrefix == "/share/d/")
    }

    @Test func percentEncodedLiteralsAreDecoded() throws {
        let pattern = try RoutePattern(parsing: "https://example.com/caf%C3%A9/{id}")
        #expect(pattern.segments.first == .literal("café"))
    }

    @Test(arguments: [
        ("http://example.com/x", "https://"),
        ("https://example.com/x?y=1", "'?'"),
        ("https://user@example.com/x", "user or a port"),
        ("https://example.com:8443/x", "user or a port"),
        ("https://localhost/x", "two labels"),
        ("https://example.com//x", "empty path segment"),
        ("https://example.com/{}", "not a capture"),
        ("https://example.com/{a-b}", "not a capture"),
        ("https://example.com/{a}/{a}", "twice"),
        ("https://example.com/x{a}", "not a capture"),
        ("https://example.com/{a}x", "not a capture"),
        ("https://example.com/a{b", "characters not allowed"),
        ("https://example.com/*", "characters not allowed"),
        ("https://example.com/a b", "characters not allowed"),
    ])
    func rejectsWithAnActionableMessage(source: String, fragment: String) {
        #expect {
            try RoutePattern(parsing: source)
        } throws: { error in
            let message = (error as? RoutePatternError)?.description ?? ""
            return message.contains(fragment) && message.contains(source)
        }
    }
}

@Suite struct ParameterKindTests {
    @Test(arguments: [
        ("integer", "42", "42"), ("integer", "0", "0"),
        ("slug", "4f1Ab2c_-", "4f1Ab2c_-"),
        ("uuid", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5b-d9cb-469f-a165-70867728950e"),
        ("atIdentifier", "Alice.BSKY.social", "alice.bsky.social"),
        ("atIdentifier", "did:plc:z72i7hdynmk6r22z27h6tvur", "did:plc:z72i7hdynmk6r22z27h6tvur"),
        ("atIdentifier", "did:web:example.com", "did:web:example.com"),
        ("recordKey", "3jzfcijpj2z2a", "3jzfcijpj2z2a"),
        ("string", "héllo wörld", "héllo wörld"),
    ])
    func accepts(kind: String, value: String, normalized: String) throws {
        let parameterKind = try #require(ParameterKindRegistry.standard.kind(named: kind))
        #expect(parameterKind.check(value) == .accepted(normalized))
    }

    @Test(arguments: [
        ("integer", "-1"), ("integer", "007"), ("integer", "1e3"), ("integer", "١٢"), ("integer", String(repeating: "9", count: 19)),
        ("slug", "a/b"), ("slug", ""), ("slug", "é"),
        ("uuid", "0F8FAD5B-D9CB-469F-A165-70867728950"), ("uuid", "0F8FAD5BXD9CB-469F-A165-70867728950E"),
        ("atIdentifier", "alice"), ("atIdentifier", "-alice.bsky.social"), ("atIdentifier", "alice.123"),
        ("atIdentifier", "did:PLC:abc"), ("atIdentifier", "did:plc:"), ("atIdentifier", "did:plc:a b"),
        ("recordKey", "."), ("recordKey", ".."), ("recordKey", "a/b"), ("recordKey", String(repeating: "a", count: 513)),
        ("string", ""), ("string", "line\nbreak"), ("string", String(repeating: "x", count: 1025)),
    ])
    func rejectsWithAReason(kind: String, value: String) throws {
        let parameterKind = try #require(ParameterKindRegistry.standard.kind(named: kind))
        guard case .rejected(let reason) = parameterKind.check(value) else {
            Issue.record("\(kind) accepted '\(value)'")
            return
        }
        #expect(!reason.isEmpty)
    }
}
