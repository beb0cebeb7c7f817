import ClipAASA
import Foundation
import Testing

/// The matching rules one by one: wildcards, case, percent-encoding, queries, fragments, order.
@Suite struct PatternSemanticsTests {
    func outcome(_ components: String, _ url: String, extra: String = "", appID: String = Apps.main) throws -> AASAMatchResult.Outcome {
        try AASAFixture.singleDetail(components, extra: extra).match(url, appID: appID).outcome
    }

    @Test(arguments: [
        ("/a/*", "/a/", true), ("/a/*", "/a/b/c/d", true), ("/a/*", "/a", true), ("/a/*", "/ab", false),
        ("/a*", "/a", true), ("*", "/", true), ("/*/end", "/x/y/z/end", true),
        ("/a/?", "/a/b", true), ("/a/?", "/a/", false), ("/a/?", "/a/bc", false),
        ("/a/?*", "/a/", false), ("/a/?*", "/a/b", true), ("/a/?*", "/a/b/c", true),
        ("/a/??", "/a/bc", true), ("/a/*?", "/a/", false), ("/a/*?", "/a/x", true),
        ("/*a*b*c*", "/xaybzc", true), ("/*a*b*c*", "/cba", false), ("/exact", "/exact/", true),
        ("exact", "/exact", true), ("//exact/", "/exact", true), ("/id/????", "/id/481/", false), ("/", "", true),
    ])
    func wildcards(pattern: String, path: String, matches: Bool) throws {
        let result = try outcome(#"[{"/": "\#(pattern)"}]"#, "https://example.com\(path)")
        #expect(result == (matches ? .match : .unset), "\(pattern) vs \(path)")
    }

    @Test func caseSensitivityCascadesFromDomainToDetailToComponent() throws {
        let url = "https://example.com/Help/X"
        #expect(try outcome(#"[{"/": "/help/*"}]"#, url) == .unset)
        #expect(try outcome(#"[{"/": "/help/*"}]"#, url, extra: #""defaults":{"caseSensitive":false},"#) == .match)
        #expect(try outcome(#"[{"/": "/help/*", "caseSensitive": true}]"#, url, extra: #""defaults":{"caseSensitive":false},"#) == .unset)
        let detailLevel = try AASAFixture.matcher(#"""
        {"applinks":{"defaults":{"caseSensitive":true},"details":[
          {"appIDs":["\#(Apps.main)"],"defaults":{"caseSensitive":false},"components":[{"/":"/help/*"}]},
          {"appIDs":["\#(Apps.second)"],"components":[{"/":"/help/*"}]}]}}
        """#)
        #expect(try detailLevel.match(url, appID: Apps.main).outcome == .match)
        #expect(try detailLevel.match(url, appID: Apps.second).outcome == .unset)
    }

    @Test func caseInsensitiveMatchingCoversQueryAndFragment() throws {
        let components = ##"[{"/": "/Shop", "?": {"Ref": "ABC"}, "#": "Top", "caseSensitive": false}]"##
        #expect(try outcome(components, "https://example.com/SHOP?ref=abc#TOP") == .match)
        #expect(try outcome(components, "https://example.com/SHOP?ref=abd#TOP") == .unset)
    }

    @Test func percentEncodedPatternsCompareTheURLAsWritten() throws {
        // No decoding on either side: an escaped unreserved character is not the character.
        #expect(try outcome(#"[{"/": "/a%62c"}]"#, "https://example.com/abc") == .unset)
        #expect(try outcome(#"[{"/": "/abc"}]"#, "https://example.com/a%62c") == .unset)
        // The case of the hex digits counts.
        #expect(try outcome(#"[{"/": "/a%2fb"}]"#, "https://example.com/a%2Fb") == .unset)
        #expect(try outcome(#"[{"/": "/a%2Fb"}]"#, "https://example.com/a%2Fb") == .match)
        // An escaped slash is not a path separator.
        #expect(try outcome(#"[{"/": "/a/b"}]"#, "https://example.com/a%2Fb") == .unset)
        // An escape is three characters for '?'.
        #expect(try outcome(#"[{"/": "/?"}]"#, "https://example.com/%C3%A9") == .unset)
        #expect(try outcome(#"[{"/": "/??????"}]"#, "https://example.com/%C3%A9") == .match)
        #expect(try outcome(#"[{"/": "/a%20b"}]"#, "https://example.com/a%20b") == .match)
        // A URL given with characters a URL cannot carry is encoded first, upper-case, as iOS does.
        #expect(try outcome(#"[{"/": "/caf%C3%A9"}]"#, "https://example.com/café") == .match)
        #expect(try outcome(#"[{"/": "/café"}]"#, "https://example.com/café") == .unset)
    }

    @Test func plainTextPatternsCompareWithTheDecodedURL() throws {
        let components = #"[{"/": "/a b/é", "percentEncoded": false}]"#
        #expect(try outcome(components, "https://example.com/a%20b/%C3%A9") == .match)
        #expect(try outcome(#"[{"/": "/100%", "percentEncoded": false}]"#, "https://example.com/100%25") == .match)
        #expect(try outcome(#"[{"/": "/a/b"}]"#, "https://example.com/a%2Fb", extra: #""defaults":{"percentEncoded":false},"#) == .match)
        #expect(try outcome(#"[{"/": "/a%20b", "percentEncoded": false}]"#, "https://example.com/a%20b") == .unset)
    }

    @Test func wholeQueryPatternsMatchTheTextAfterTheQuestionMark() throws {
        #expect(try outcome(#"[{"/": "/s", "?": "q=*"}]"#, "https://example.com/s?q=shoes") == .match)
        #expect(try outcome(#"[{"/": "/s", "?": "q=*"}]"#, "https://example.com/s?x=1&q=shoes") == .unset)
        #expect(try outcome(#"[{"/": "/s", "?": "?*"}]"#, "https://example.com/s") == .unset)
        #expect(try outcome(#"[{"/": "/s", "?": "*"}]"#, "https://example.com/s") == .match)
    }

    @Test func queryDictionaryItemsWithRepeatedNamesMustAllMatch() throws {
        let components = #"[{"?": {"id": "$(digit)$(digit)"}}]"#
        #expect(try outcome(components, "https://example.com/?id=x&id=42") == .unset)
        #expect(try outcome(components, "https://example.com/?id=17&id=42") == .match)
        #expect(try outcome(components, "https://example.com/?ID=42") == .unset)
        #expect(try outcome(#"[{"?": {"flag": "*"}}]"#, "https://example.com/?flag") == .match)
        #expect(try outcome(#"[{"?": {"a b": "1"}, "percentEncoded": false}]"#, "https://example.com/?a%20b=1") == .match)
        #expect(try outcome(#"[{"?": {"a b": "1"}}]"#, "https://example.com/?a%20b=1") == .unset)
    }

    @Test func aMissingQueryItemCountsAsEmpty() throws {
        #expect(try outcome(#"[{"?": {"b": "*"}}]"#, "https://example.com/?a=1") == .match)
        #expect(try outcome(#"[{"?": {"b": ""}}]"#, "https://example.com/") == .match)
        #expect(try outcome(#"[{"?": {"b": "?*"}}]"#, "https://example.com/?a=1") == .unset)
    }

    @Test func aQueryDictionaryWithANonStringValueIsIgnoredWhole() throws {
        for value in ["true", "1", "null", "[\"1\"]", #"{"b":"1"}"#] {
            let components = #"[{"/": "/x", "?": {"a": "1", "flag": \#(value)}}]"#
            #expect(try outcome(components, "https://example.com/x?a=2") == .match, "\(value)")
            #expect(try outcome(components, "https://example.com/y?a=1") == .unset, "\(value)")
        }
    }

    @Test func defaultsSupplyPatternsAndExclude() throws {
        #expect(try outcome(##"[{"#": "*"}]"##, "https://example.com/bar", extra: #""defaults":{"/":"/foo/*"},"#) == .unset)
        #expect(try outcome(##"[{"#": "*"}]"##, "https://example.com/foo/1", extra: #""defaults":{"/":"/foo/*"},"#) == .match)
        #expect(try outcome(##"[{"/": "/bar"}]"##, "https://example.com/bar", extra: #""defaults":{"/":"/foo/*"},"#) == .match)
        #expect(try outcome(##"[{"/": "/bar"}]"##, "https://example.com/bar", extra: #""defaults":{"exclude":true},"#) == .block)
        #expect(try outcome(##"[{"/": "/bar", "exclude": false}]"##, "https://example.com/bar", extra: #""defaults":{"exclude":true},"#) == .match)
        #expect(try outcome(##"[{"/": "/bar"}]"##, "https://example.com/bar?id=7", extra: #""defaults":{"?":{"id":"??"}},"#) == .unset)
    }

    @Test func theFileAnswersOnlyForItsDomain() throws {
        let matcher = try AASAFixture.singleDetail(#"[{"/": "*"}]"#)
        #expect(try matcher.match("https://evil.test/x", appID: Apps.main, domain: "example.com").outcome == .unset)
        #expect(try matcher.match("https://EXAMPLE.com:443/x", appID: Apps.main, domain: "Example.COM").outcome == .match)
        #expect(try matcher.match("/x", appID: Apps.main, domain: "example.com").outcome == .match)
        #expect(try matcher.match("https://evil.test/x", appID: Apps.main).outcome == .match)
    }

    @Test func detailsKeyedByAppIDAreReadInIdentifierOrder() throws {
        let matcher = try AASAFixture.matcher(#"""
        {"applinks":{"apps":[],"details":{"\#(Apps.second)":{"paths":["/b/*"]},"\#(Apps.main)":{"paths":["NOT /a/x","/a/*"]}}}}
        """#)
        #expect(matcher.applicationIdentifiers == [Apps.main, Apps.second])
        #expect(try matcher.match("https://example.com/a/1", appID: Apps.main).outcome == .match)
        #expect(try matcher.match("https://example.com/a/x", appID: Apps.main).outcome == .block)
        #expect(try matcher.match("https://example.com/b/1", appID: Apps.second).outcome == .match)
        #expect(try matcher.match("https://example.com/b/1", appID: Apps.main).outcome == .unset)
    }

    @Test func fragmentsAreMatchedWithoutTheHashSign() throws {
        #expect(try outcome(##"[{"#": "section-?"}]"##, "https://example.com/doc#section-2") == .match)
        #expect(try outcome(##"[{"#": "section-?"}]"##, "https://example.com/doc") == .unset)
        #expect(try outcome(##"[{"#": "*"}]"##, "https://example.com/doc") == .match)
    }

    @Test func aComponentWithoutPatternsMatchesEveryURL() throws {
        #expect(try outcome(#"[{"comment": "all"}]"#, "https://example.com/any/thing?x#y") == .match)
    }

    @Test func everyPredefinedVariableMatchesItsCharacters() throws {
        let cases: [(String, String, String)] = [
            ("alpha", "q", "1"), ("upper", "Q", "q"), ("lower", "q", "Q"), ("alnum", "7", "-"),
            ("digit", "7", "a"), ("xdigit", "f", "g"), ("region", "DE", "XY"), ("lang", "de", "xyzzy"),
        ]
        for (name, yes, no) in cases {
            let components = #"[{"/": "/$(\#(name))"}]"#
            #expect(try outcome(components, "https://example.com/\(yes)") == .match, "$(\(name)) should match \(yes)")
            #expect(try outcome(components, "https://example.com/\(no)") == .unset, "$(\(name)) should not match \(no)")
        }
    }

    @Test func variableValuesMayHoldWildcardsAndFollowTheComponentsCase() throws {
        let extra = #""substitutionVariables":{"shop":["store-*","outlet?"]},"#
        #expect(try outcome(#"[{"/": "/$(shop)/x"}]"#, "https://example.com/store-berlin/x", extra: extra) == .match)
        #expect(try outcome(#"[{"/": "/$(shop)/x"}]"#, "https://example.com/outlet7/x", extra: extra) == .match)
        #expect(try outcome(#"[{"/": "/$(shop)/x"}]"#, "https://example.com/STORE-berlin/x", extra: extra) == .unset)
        #expect(try outcome(#"[{"/": "/$(shop)/x", "caseSensitive": false}]"#, "https://example.com/STORE-berlin/x", extra: extra) == .match)
        #expect(try outcome(#"[{"/": "/$(shop)/x"}]"#, "https://example.com/mall/x", extra: extra) == .unset)
    }

    @Test func componentsWithUnknownVariablesNeverMatchAndAreReported() throws {
        let matcher = try AASAFixture.singleDetail(#"[{"/": "/$(nope)/*"}, {"/": "/ok"}]"#)
        #expect(try matcher.match("https://example.com/x/y", appID: Apps.main).outcome == .unset)
        #expect(try matcher.match("https://example.com/ok", appID: Apps.main).componentIndex == 1)
        #expect(matcher.problems.map(\.path) == [#"$.applinks.details[0].components[0]["/"]"#])
    }

    @Test func laterEntriesForTheSameAppAreConsultedWhenEarlierOnesDoNotDecide() throws {
        let matcher = try AASAFixture.matcher(#"""
        {"applinks":{"details":[
          {"appIDs":["\#(Apps.main)"],"components":[{"/":"/a/*"}]},
          {"appIDs":["\#(Apps.other)"],"components":[{"/":"/b/*"}]},
          {"appIDs":["\#(Apps.main)","\#(Apps.other)"],"components":[{"/":"/b/x","exclude":true},{"/":"/c/*"}]}]}}
        """#)
        #expect(try matcher.match("https://example.com/c/1", appID: Apps.main).detailIndex == 2)
        #expect(try matcher.match("https://example.com/b/x", appID: Apps.other).detailIndex == 1)
        #expect(try matcher.match("https://example.com/b/x", appID: Apps.main).outcome == .block)
        #expect(try matcher.match("https://example.com/b/x", appID: nil).appID == Apps.other)
        #expect(matcher.applicationIdentifiers == [Apps.main, Apps.other])
    }

    @Test func componentsWinOverLegacyPathsInTheSameEntry() throws {
        let matcher = try AASAFixture.matcher(#"""
        {"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":[{"/":"/new/*"}],"paths":["/old/*"]}]}}
        """#)
        #expect(try matcher.match("https://example.com/new/1", appID: Apps.main).outcome == .match)
        #expect(try matcher.match("https://example.com/old/1", appID: Apps.main).outcome == .unset)
    }

    @Test func urlsCanBeGivenAsPaths() throws {
        let matcher = try AASAFixture.singleDetail(##"[{"/": "/a/*", "?": {"k": "v"}, "#": "f"}]"##)
        #expect(try matcher.match("/a/b?k=v#f", appID: Apps.main).outcome == .match)
        #expect(try matcher.match(URL(string: "https://example.com/a/b?k=v#f")!, appID: Apps.main).outcome == .match)
    }

    @Test func textThatIsNotAURLIsAnError() throws {
        let matcher = try AASAFixture.singleDetail(#"[{"/": "*"}]"#)
        #expect(throws: AASAMatchError.self) { try matcher.match("example.com/a") }
        #expect(throws: AASAMatchError.self) { try matcher.match("https:///a") }
        #expect(throws: AASAMatchError.tooLong(length: 5000, limit: AASAMatcher.maximumURLLength)) {
            try matcher.match("/" + String(repeating: "a", count: 4999))
        }
    }
}
