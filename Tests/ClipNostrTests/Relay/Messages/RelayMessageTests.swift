@_spi(ClipKitTooling) @testable import ClipNostr
import ClipTestSupport
import Testing

@Suite("Relay messages")
struct RelayMessageTests {
    let profile = SampleEvents.profileJSON

    @Test("each NIP-01 relay message parses into its case")
    func parsesEachMessage() throws {
        let event = try SampleEvents.decode(profile)
        #expect(try RelayMessage(parsing: #"["EVENT","sub-1",\#(profile)]"#) == .event(subscriptionID: "sub-1", event: event))
        #expect(try RelayMessage(parsing: #"["EOSE","sub-1"]"#) == .endOfStoredEvents(subscriptionID: "sub-1"))
        #expect(try RelayMessage(parsing: #"["CLOSED","sub-1","auth-required: sign in"]"#) == .closed(subscriptionID: "sub-1", message: "auth-required: sign in"))
        #expect(try RelayMessage(parsing: #"["NOTICE","slow down"]"#) == .notice("slow down"))
        #expect(try RelayMessage(parsing: #"["OK","abc",false,"blocked: no"]"#) == .ok(eventID: "abc", accepted: false, message: "blocked: no"))
        #expect(try RelayMessage(parsing: " [ \"EOSE\" , \"s\" ] \n") == .endOfStoredEvents(subscriptionID: "s"))
    }

    @Test("message types ClipNostr does not use are recognised and ignored")
    func unknownTypes() throws {
        #expect(try RelayMessage(parsing: #"["AUTH","challenge"]"#) == .unknown(type: "AUTH"))
        #expect(try RelayMessage(parsing: #"["COUNT","s",{"count":3}]"#) == .unknown(type: "COUNT"))
        #expect(try RelayMessage(parsing: #"["event","s",{}]"#) == .unknown(type: "event"))
    }

    @Test("escapes in strings decode exactly")
    func escapes() throws {
        #expect(try RelayMessage(parsing: #"["NOTICE","a\"b\\c\/d\n\u00e9\ud83d\ude97"]"#) == .notice("a\"b\\c/d\né🚗"))
    }

    @Test("malformed frames are rejected with the reason", arguments: [
        ("", "not valid JSON"),
        ("EOSE", "not valid JSON"),
        (#"["EOSE","s""#, "not valid JSON"),
        (#"["EOSE","s"] x"#, "not valid JSON"),
        (#"{"EOSE":"s"}"#, "instead of a message array"),
        ("[]", "empty array"),
        (#"[1,"s"]"#, "first element"),
        (#"["EOSE"]"#, "1 elements; NIP-01 gives EOSE 2"),
        (#"["EOSE","s","t"]"#, "3 elements; NIP-01 gives EOSE 2"),
        (#"["EVENT","s"]"#, "gives EVENT 3"),
        (#"["EVENT","s",{},{}]"#, "4 elements"),
        (#"["EVENT",7,{}]"#, "subscription id is not a string"),
        (#"["EVENT","s",[]]"#, "event is not an object"),
        (#"["EVENT","s",{"id":"x"}]"#, "malformed"),
        (#"["OK","id","yes","m"]"#, "true or false"),
        (#"["NOTICE",null]"#, "message is not a string"),
        (#"["NOTICE","\ud800"]"#, "not valid JSON"),
        (#"["CLOSED","s",{"a":1,"a":2}]"#, "not valid JSON"),
        (#"[[[[[["EOSE"]]]]]]"#, "not valid JSON"),
    ])
    func rejectsMalformedFrames(frame: String, reasonFragment: String) {
        do {
            let message = try RelayMessage(parsing: frame)
            Issue.record("accepted \(frame) as \(message)")
        } catch {
            #expect(error.description.contains(reasonFragment), "\(frame): \(error.description)")
        }
    }

    @Test("frames over the cap are refused before they are parsed")
    func frameCap() {
        let frame = #"["NOTICE",""# + String(repeating: "x", count: 2_000) + #""]"#
        #expect(throws: RelayMessageError.frameTooLarge(bytes: frame.utf8.count, limit: 1_000)) {
            try RelayMessage(parsing: frame, limits: RelayMessageLimits(maximumFrameBytes: 1_000))
        }
        #expect(throws: Never.self) { try RelayMessage(parsing: frame, limits: RelayMessageLimits(maximumFrameBytes: 4_000)) }
    }

    @Test("REQ and CLOSE are compact JSON with the profile filter")
    func clientMessages() throws {
        var generator = SeededGenerator(seed: 7)
        let subscription = SubscriptionID(using: &generator)
        let filter = try ProfileFilter(author: SampleEvents.publicKey)
        #expect(ClientMessage.request(subscription, filter: filter).text
            == #"["REQ","\#(subscription)",{"kinds":[0],"authors":["\#(SampleEvents.publicKey)"],"limit":1}]"#)
        #expect(ClientMessage.close(subscription).text == #"["CLOSE","\#(subscription)"]"#)
    }

    @Test("a profile filter needs a lowercase hex public key")
    func filterNeedsHexKey() {
        #expect(throws: ProfileFilterError.self) { try ProfileFilter(author: SampleEvents.npub) }
        #expect(throws: ProfileFilterError.self) { try ProfileFilter(author: SampleEvents.publicKey.uppercased()) }
        #expect(throws: ProfileFilterError.self) { try ProfileFilter(author: String(SampleEvents.publicKey.dropLast())) }
        #expect(throws: ProfileFilterError.self) { try ProfileFilter(author: #"abc","x"#) }
    }

    @Test("subscription ids are 24 hex characters and differ between fetches")
    func subscriptionIDs() {
        let ids = (0..<1_000).map { _ in SubscriptionID().rawValue }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == 24 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    }
}
