@_spi(ClipKitTooling) @testable import ClipNotifications
import Foundation
import Testing

@Suite struct NotificationPayloadParserTests {
    let parser = NotificationPayloadParser()

    @Test func readsBlueskyChatPayload() throws {
        let parsed = try parser.parse(SamplePayloads.data(SamplePayloads.chatMessage))
        #expect(parsed.issues.isEmpty)
        let aps = parsed.payload.aps
        #expect(aps.alert == NotificationAlert(title: "Alice", body: "see you at 5?"))
        #expect(aps.sound == .default)
        #expect(aps.isMutableContent)
        #expect(aps.threadIdentifier == "chat")
        #expect(aps.badge == nil)
        #expect(try parsed.payload.string(forField: "reason").get() == "chat-message")
        #expect(try parsed.payload.string(forField: "convoId").get() == "3kconvo")
        #expect(parsed.payload.fields["aps"] == nil)
    }

    @Test func readsEveryAPSMember() throws {
        let parsed = try parser.parse(SamplePayloads.data(SamplePayloads.criticalSound))
        #expect(parsed.issues.isEmpty)
        let aps = parsed.payload.aps
        #expect(aps.sound == .critical(name: "alarm.caf", volume: 0.5))
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.75)
        #expect(aps.category == "MESSAGE")
        #expect(aps.isContentAvailable)
        #expect(!aps.isMutableContent)
        #expect(aps.alert?.titleLocalizationKey == "TITLE")
        #expect(aps.alert?.titleLocalizationArguments == ["a", "b"])
        #expect(aps.alert?.bodyLocalizationKey == "BODY")
        #expect(aps.alert?.bodyLocalizationArguments == ["x"])
    }

    @Test func alertStringIsTheBody() throws {
        let parsed = try parser.parse(SamplePayloads.data(#"{"aps":{"alert":"hello","badge":0,"target-content-id":"x"}}"#))
        #expect(parsed.payload.aps.alert == NotificationAlert(body: "hello"))
        #expect(parsed.payload.aps.badge == 0)
        #expect(parsed.payload.aps.targetContentIdentifier == "x")
    }

    @Test func soundDictionaryWithoutCriticalIsANamedSound() throws {
        let named = try parser.parse(SamplePayloads.data(#"{"aps":{"sound":{"name":"ping.aiff"}}}"#))
        #expect(named.payload.aps.sound == .named("ping.aiff"))
        let defaultCritical = try parser.parse(SamplePayloads.data(#"{"aps":{"sound":{"critical":1,"name":"default"}}}"#))
        #expect(defaultCritical.payload.aps.sound == .critical(name: nil, volume: 1))
    }

    @Test(arguments: [
        (#"{"aps":{"badge":"3"}}"#, "aps.badge", "expected a whole number, found a string"),
        (#"{"aps":{"badge":-1}}"#, "aps.badge", "out of range"),
        (#"{"aps":{"badge":1.5}}"#, "aps.badge", "expected a whole number, found a number"),
        (#"{"aps":{"badge":1e12}}"#, "aps.badge", "out of range"),
        (#"{"aps":{"alert":42}}"#, "aps.alert", "expected a string or an object, found a number"),
        (#"{"aps":{"alert":{"title":["x"]}}}"#, "aps.alert.title", "expected a string, found an array"),
        (#"{"aps":{"alert":{"loc-args":["x",1]}}}"#, "aps.alert.loc-args[1]", "expected a string, found a number"),
        (#"{"aps":{"sound":true}}"#, "aps.sound", "expected a string or an object, found a Boolean"),
        (#"{"aps":{"sound":""}}"#, "aps.sound", "out of range"),
        (#"{"aps":{"sound":{"name":7}}}"#, "aps.sound.name", "expected a string, found a number"),
        (#"{"aps":{"sound":{"critical":1,"volume":2}}}"#, "aps.sound.volume", "out of range"),
        (#"{"aps":{"mutable-content":true}}"#, "aps.mutable-content", "expected the number 0 or 1, found a Boolean"),
        (#"{"aps":{"mutable-content":2}}"#, "aps.mutable-content", "out of range"),
        (#"{"aps":{"interruption-level":"loud"}}"#, "aps.interruption-level", "unknown value \"loud\""),
        (#"{"aps":{"relevance-score":3}}"#, "aps.relevance-score", "out of range"),
        (#"{"aps":{"thread-id":{}}}"#, "aps.thread-id", "expected a string, found an object"),
        (#"{"aps":"nope"}"#, "aps", "expected an object, found a string"),
    ])
    func malformedFieldIsAnIssueWithItsPath(json: String, path: String, message: String) throws {
        let parsed = try parser.parse(SamplePayloads.data(json))
        #expect(parsed.issues.count == 1)
        let issue = try #require(parsed.issues.first)
        #expect(issue.path == path)
        #expect(issue.problem.description.contains(message), "\(issue.problem)")
    }

    @Test func malformedFieldsLeaveTheRestUsable() throws {
        let parsed = try parser.parse(SamplePayloads.data(#"{"aps":{"badge":"x","sound":"dm.aiff","alert":{"title":1,"body":"b"}},"reason":"like"}"#))
        #expect(Set(parsed.issues.map(\.path)) == ["aps.badge", "aps.alert.title"])
        #expect(parsed.payload.aps.sound == .named("dm.aiff"))
        #expect(parsed.payload.aps.alert?.body == "b")
        #expect(parsed.payload.aps.alert?.title == nil)
        #expect(try parsed.payload.string(forField: "reason").get() == "like")
    }

    @Test func appFieldAccessorSaysWhatIsWrong() throws {
        let parsed = try parser.parse(SamplePayloads.data(#"{"reason":7}"#))
        #expect(parsed.payload.string(forField: "reason") == .failure(PayloadIssue(path: "reason", problem: .wrongType(expected: "a string", found: "a number"))))
        #expect(parsed.payload.string(forField: "convoId") == .failure(PayloadIssue(path: "convoId", problem: .missing)))
    }

    @Test func missingAPSIsNotAnIssue() throws {
        let parsed = try parser.parse(SamplePayloads.data(#"{"reason":"like"}"#))
        #expect(parsed.issues.isEmpty)
        #expect(parsed.payload.aps == APSDictionary())
    }

    @Test func rejectsPayloadsThatAreNotObjects() {
        #expect(throws: PayloadRejection.notAnObject(found: "an array")) { try parser.parse(SamplePayloads.data("[1,2]")) }
        #expect(throws: PayloadRejection.notAnObject(found: "a string")) { try parser.parse(SamplePayloads.data(#""aps""#)) }
        #expect(throws: PayloadRejection.notAnObject(found: "null")) { try parser.parse(SamplePayloads.data("null")) }
    }

    @Test func rejectsInvalidJSON() {
        for text in ["", "{", #"{"aps":}"#, "{'a':1}", #"{"a":1e999}"#, "\u{FEFF}\u{0}"] {
            #expect(throws: PayloadRejection.self, "\(text)") { try parser.parse(SamplePayloads.data(text)) }
            do {
                _ = try parser.parse(SamplePayloads.data(text))
            } catch {
                guard case .notJSON = error else { Issue.record("\(text): \(error)"); continue }
            }
        }
    }

    @Test func rejectsOversizedPayloadBeforeDecoding() {
        let big = #"{"reason":""# + String(repeating: "a", count: 20_000) + #""}"#
        #expect(throws: PayloadRejection.tooLarge(bytes: big.utf8.count, limit: 16_384)) { try parser.parse(SamplePayloads.data(big)) }
        let strict = NotificationPayloadParser(limits: PayloadLimits(maximumBytes: 100))
        #expect(throws: PayloadRejection.self) { try strict.parse(SamplePayloads.data(SamplePayloads.like)) }
    }

    @Test func rejectsDeepNestingBeforeDecoding() throws {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(throws: PayloadRejection.nestedTooDeeply(limit: 16)) { try parser.parse(SamplePayloads.data(#"{"a":"# + deep + "}")) }
        // Brackets inside strings do not count.
        let quoted = #"{"a":""# + String(repeating: "[", count: 100) + #"\"{{"}"#
        #expect(try parser.parse(SamplePayloads.data(quoted)).payload.fields["a"] == .string(String(repeating: "[", count: 100) + "\"{{"))
    }

    @Test func rejectionMessagesSayWhatToCheck() {
        #expect(PayloadRejection.tooLarge(bytes: 20_000, limit: 16_384).description.contains("4096"))
        #expect(PayloadRejection.notAnObject(found: "an array").description.contains("userInfo"))
    }
}
