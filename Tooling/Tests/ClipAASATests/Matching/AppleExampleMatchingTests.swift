import ClipAASA
import Foundation
import Testing

/// The examples of Apple's applinks documentation, and what they are documented to do.
@Suite struct AppleExampleMatchingTests {
    /// Apple's applinks example: an excluded fragment, /buy/*, an excluded /help/website/*, and
    /// /help/* with a four-character articleNumber.
    static let applinksExample = #"""
    {
      "applinks": {
        "details": [
          {
            "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
            "components": [
              { "#": "no_universal_links", "exclude": true, "comment": "Matches any URL with a fragment that equals no_universal_links." },
              { "/": "/buy/*", "comment": "Matches any URL with a path that starts with /buy/." },
              { "/": "/help/website/*", "exclude": true, "comment": "Matches any URL with a path that starts with /help/website/." },
              { "/": "/help/*", "?": { "articleNumber": "????" }, "comment": "Matches /help/ with a four-character articleNumber." }
            ]
          }
        ]
      },
      "webcredentials": { "apps": ["ABCDE12345.com.example.app"] }
    }
    """#

    func result(_ url: String, appID: String? = Apps.main) throws -> AASAMatchResult {
        try AASAFixture.matcher(Self.applinksExample).match(url, appID: appID)
    }

    @Test func pathPrefixOpensTheApp() throws {
        let match = try result("https://www.example.com/buy/shoes/42")
        #expect(match.outcome == .match)
        #expect(match.componentIndex == 1)
        #expect(match.detailIndex == 0)
        #expect(match.appID == Apps.main)
    }

    @Test func theSecondAppOfTheEntryOpensTheSameURLs() throws {
        #expect(try result("https://www.example.com/buy/hat", appID: Apps.second).outcome == .match)
        #expect(try result("https://www.example.com/buy/hat", appID: Apps.other).outcome == .unset)
    }

    @Test func excludedFragmentBlocksBeforeAnythingElse() throws {
        let blocked = try result("https://www.example.com/buy/shoes#no_universal_links")
        #expect(blocked.outcome == .block)
        #expect(blocked.componentIndex == 0)
        #expect(try result("https://www.example.com/buy/shoes#other").outcome == .match)
    }

    @Test func excludedSubpathWinsBecauseItComesFirst() throws {
        let blocked = try result("https://www.example.com/help/website/contact")
        #expect(blocked.outcome == .block)
        #expect(blocked.componentIndex == 2)
    }

    @Test func queryDictionaryNeedsItsItemWithExactlyFourCharacters() throws {
        #expect(try result("https://www.example.com/help/faq?articleNumber=4815").componentIndex == 3)
        #expect(try result("https://www.example.com/help/faq?articleNumber=48151").outcome == .unset)
        #expect(try result("https://www.example.com/help/faq?articleNumber=481").outcome == .unset)
        #expect(try result("https://www.example.com/help/faq").outcome == .unset)
    }

    @Test func unlistedQueryItemsAndTheirOrderDoNotMatter() throws {
        #expect(try result("https://www.example.com/help/faq?lang=en&articleNumber=0042&x").outcome == .match)
    }

    @Test func pathsOutsideThePatternsAreUnset() throws {
        #expect(try result("https://www.example.com/buyer").outcome == .unset)
        #expect(try result("https://www.example.com/sell/shoes").outcome == .unset)
        #expect(try result("https://www.example.com/").outcome == .unset)
        #expect(try result("https://www.example.com/BUY/shoes").outcome == .unset)
    }

    @Test func withoutAnAppTheAnswerIsForTheFirstAppThatOpensTheURL() throws {
        let match = try result("https://www.example.com/buy/x", appID: nil)
        #expect(match.appID == Apps.main)
        #expect(try result("https://www.example.com/help/website/x", appID: nil).outcome == .block)
        let unset = try result("https://www.example.com/nothing", appID: nil)
        #expect(unset.outcome == .unset)
        #expect(unset.appID == nil)
    }

    /// Apple's substitution-variable example: a language, an underscore, a region, then a food.
    static let substitutionExample = #"""
    {
      "applinks": {
        "substitutionVariables": { "food": ["burrito", "pizza", "sushi", "samosa"] },
        "details": [
          {
            "appIDs": ["ABCDE12345.com.example.app"],
            "components": [ { "/": "/$(lang)_$(region)/$(food)/" } ]
          }
        ]
      }
    }
    """#

    @Test func predefinedAndCustomVariablesMatchTheirStrings() throws {
        let matcher = try AASAFixture.matcher(Self.substitutionExample)
        #expect(try matcher.match("https://example.com/en_US/pizza/", appID: Apps.main).outcome == .match)
        #expect(try matcher.match("https://example.com/fr_CA/samosa/", appID: Apps.main).outcome == .match)
        #expect(try matcher.match("https://example.com/en_US/pasta/", appID: Apps.main).outcome == .unset)
        #expect(try matcher.match("https://example.com/en_us/pizza/", appID: Apps.main).outcome == .unset)
        #expect(try matcher.match("https://example.com/qq_US/pizza/", appID: Apps.main).outcome == .unset)
        #expect(try matcher.match("https://example.com/en_QQ/pizza/", appID: Apps.main).outcome == .unset)
        // Trailing slashes count for nothing, on either side.
        #expect(try matcher.match("https://example.com/en_US/pizza", appID: Apps.main).outcome == .match)
    }

    /// Apple's legacy example: exact paths, prefixes, `?` for one character and `NOT ` to exclude.
    static let legacyExample = #"""
    {
      "applinks": {
        "apps": [],
        "details": [
          { "appID": "ABCDE12345.com.apple.wwdc", "paths": ["/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*"] },
          { "appID": "ABCDE12345.com.example.app", "paths": ["*"] }
        ]
      }
    }
    """#

    @Test func legacyPathsMatchExactPrefixesAndSingleCharacters() throws {
        let matcher = try AASAFixture.matcher(Self.legacyExample)
        let wwdc = "ABCDE12345.com.apple.wwdc"
        #expect(try matcher.match("https://developer.apple.com/wwdc/news/", appID: wwdc).outcome == .match)
        #expect(try matcher.match("https://developer.apple.com/wwdc/news/more", appID: wwdc).outcome == .unset)
        #expect(try matcher.match("https://developer.apple.com/videos/wwdc/2015/102", appID: wwdc).componentIndex == 2)
        let excluded = try matcher.match("https://developer.apple.com/videos/wwdc/2010/102", appID: wwdc)
        #expect(excluded.outcome == .block)
        #expect(excluded.componentIndex == 1)
        #expect(try matcher.match("https://developer.apple.com/videos/wwdc/2020/102", appID: wwdc).outcome == .unset)
        #expect(try matcher.match("https://developer.apple.com/anything?x=1#y", appID: Apps.main).outcome == .match)
    }

    @Test func legacyPathsIgnoreQueryAndFragment() throws {
        let matcher = try AASAFixture.matcher(Self.legacyExample)
        #expect(try matcher.match("https://developer.apple.com/wwdc/news/?page=2#top", appID: "ABCDE12345.com.apple.wwdc").outcome == .match)
    }

    /// The forum case: exclusions placed after a catch-all never apply (first match wins).
    @Test func exclusionsAfterACatchAllNeverApply() throws {
        let late = try AASAFixture.singleDetail(#"[{"/": "/*"}, {"/": "/e/*", "exclude": true}]"#)
        #expect(try late.match("https://example.com/e/1", appID: Apps.main).outcome == .match)
        let early = try AASAFixture.singleDetail(#"[{"/": "/e/*", "exclude": true}, {"/": "/*"}]"#)
        #expect(try early.match("https://example.com/e/1", appID: Apps.main).outcome == .block)
        #expect(try early.match("https://example.com/f/1", appID: Apps.main).outcome == .match)
    }
}
