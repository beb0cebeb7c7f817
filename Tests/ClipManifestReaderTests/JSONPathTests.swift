@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Testing

/// The one JSON-path renderer that manifest, AASA and doctor findings share.
@Suite struct JSONPathTests {
    @Test func identifiersFollowADotAndOtherNamesAreQuoted() {
        #expect(JSONPath.member("routes", of: "$") == "$.routes")
        #expect(JSONPath.member("_private", of: "$") == "$._private")
        #expect(JSONPath.member("a1_B", of: "$") == "$.a1_B")
        #expect(JSONPath.member("/", of: "$.x") == #"$.x["/"]"#)
        #expect(JSONPath.member("1st", of: "$") == #"$["1st"]"#)
        #expect(JSONPath.member("a b", of: "$") == #"$["a b"]"#)
        #expect(JSONPath.member("", of: "$") == #"$[""]"#)
        #expect(JSONPath.member("caf\u{e9}", of: "$") == "$[\"caf\u{e9}\"]")
        #expect(JSONPath.member(#"a"b\c"#, of: "$") == #"$["a\"b\\c"]"#)
        #expect(JSONPath.member("line\nbreak", of: "$") == #"$["line\nbreak"]"#)
    }

    @Test func componentsRenderFromTheRoot() {
        #expect(JSONPath.string(of: []) == "$")
        #expect(JSONPath.string(of: [.member("routes"), .element(0), .member("pattern")]) == "$.routes[0].pattern")
        #expect(JSONPath.string(of: [.member("applinks"), .member("details"), .element(0), .member("components"), .element(1), .member("/")])
            == #"$.applinks.details[0].components[1]["/"]"#)
        #expect(JSONPath.element(3, of: JSONPath.root) == "$[3]")
    }
}
