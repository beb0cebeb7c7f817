import ClipAASA
import Foundation
import Testing

/// An entry with both `appIDs` and the legacy `appID`: iOS reads `appIDs` and ignores `appID`, as
/// a public suite run against Apple's `swcutil` shows. The matcher and the validator follow that.
@Suite struct AppIDsPrecedenceTests {
    static let both = #"""
    {"applinks": {"details": [
      {"appIDs": ["\#(Apps.main)"], "appID": "\#(Apps.second)", "components": [{"/": "/buy/*"}]}
    ]}}
    """#

    @Test func appIDBesideAppIDsThatDoNotNameItIsUnset() throws {
        let matcher = try AASAFixture.matcher(Self.both)
        #expect(try matcher.match("https://example.com/buy/1", appID: Apps.main).outcome == .match)
        let ignored = try matcher.match("https://example.com/buy/1", appID: Apps.second)
        #expect(ignored.outcome == .unset)
        #expect(ignored.detailIndex == nil)
        #expect(matcher.applicationIdentifiers == [Apps.main])
    }

    @Test func appIDAloneStillApplies() throws {
        let matcher = try AASAFixture.matcher(#"{"applinks":{"details":[{"appID":"\#(Apps.second)","paths":["/buy/*"]}]}}"#)
        #expect(try matcher.match("https://example.com/buy/1", appID: Apps.second).outcome == .match)
    }

    @Test func anEmptyAppIDsListStillHidesAppID() throws {
        let matcher = try AASAFixture.matcher(#"{"applinks":{"details":[{"appIDs":[],"appID":"\#(Apps.second)","components":[{"/":"*"}]}]}}"#)
        #expect(try matcher.match("https://example.com/x", appID: Apps.second).outcome == .unset)
        #expect(try matcher.match("https://example.com/x").outcome == .unset)
    }

    @Test func validatorWarnsAndNamesTheIgnoredApp() throws {
        let report = AASAValidator().validate(data: Data(Self.both.utf8))
        let warning = try #require(report.findings.first { $0.code == .appIDAndAppIDs })
        #expect(warning.severity == .warning)
        #expect(warning.path == "$.applinks.details[0]")
        #expect(warning.message.contains(Apps.second))
        #expect(warning.message.contains("ignores"))
    }

    @Test func aSecondEntryForTheIgnoredAppStillApplies() throws {
        let matcher = try AASAFixture.matcher(#"""
        {"applinks":{"details":[
          {"appIDs":["\#(Apps.main)"],"appID":"\#(Apps.second)","components":[{"/":"/a/*"}]},
          {"appIDs":["\#(Apps.second)"],"components":[{"/":"/b/*"}]}
        ]}}
        """#)
        #expect(try matcher.match("https://example.com/a/1", appID: Apps.second).outcome == .unset)
        let second = try matcher.match("https://example.com/b/1", appID: Apps.second)
        #expect(second.outcome == .match)
        #expect(second.detailIndex == 1)
    }
}
