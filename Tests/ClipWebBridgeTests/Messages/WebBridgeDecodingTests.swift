@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
@_spi(ClipKitTooling) import ClipWebBridge
import Foundation
import Testing

/// The web bridge decodes exactly the two messages a clip's web content sends (Bluesky's, here), and
/// rejects everything else with a reason a person can act on.
@Suite struct WebBridgeDecodingTests {
    let bridge: WebBridge

    init() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        bridge = WebBridge(manifest: manifest)
    }

    private func rejection(_ message: String, by bridge: WebBridge? = nil) -> WebBridgeError? {
        do {
            _ = try (bridge ?? self.bridge).decode(message)
            return nil
        } catch {
            // Any other error type is a failure: the tests compare against an expected WebBridgeError.
            return error as? WebBridgeError
        }
    }

    // MARK: Accepted

    @Test func presentDecodes() throws {
        #expect(try bridge.decode(#"{"action":"present"}"#) == .present)
        #expect(try bridge.decode(" {\n \"action\" : \"present\" } ") == .present)
        #expect(try bridge.decode(messageBody: #"{"action":"present"}"#) == .present)
    }

    @Test func storeOfAStarterPackURLDecodesIntoTheKeyAndTheText() throws {
        let url = "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a"
        let command = try bridge.decode(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(url)"}"#)
        guard case .store(let key, let value) = command else {
            Issue.record("expected a store command, got \(command)")
            return
        }
        #expect(key == "starterPackUri")
        #expect(value.text == url)
        #expect(value.json == nil)
        #expect(command.handoffPayload == WebBridgeHandoff(key: "starterPackUri", value: url))
        #expect(WebBridgeCommand.present.handoffPayload == nil)
    }

    @Test func aJSONEncodedValueIsKeptTyped() throws {
        // JSON.stringify(uri) arrives as a JSON string inside the string.
        let command = try bridge.decode(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\"https://go.bsky.app/4f1Ab2c\""}"#)
        guard case .store(_, let value) = command else {
            Issue.record("expected a store command")
            return
        }
        #expect(value.json == .string("https://go.bsky.app/4f1Ab2c"))
        #expect(value.stringValue == "https://go.bsky.app/4f1Ab2c")
        #expect(command.handoffPayload?.value == #""https://go.bsky.app/4f1Ab2c""#, "the handoff keeps the text as sent")

        let other = WebBridge(allowedKeys: ["onboarding"])
        let object = try other.decode(#"{"action":"store","keyToStoreAs":"onboarding","jsonToStore":"{\"step\":2,\"skip\":false}"}"#)
        guard case .store(_, let objectValue) = object else {
            Issue.record("expected a store command")
            return
        }
        #expect(objectValue.json == .object(["step": .number(2), "skip": .bool(false)]))
        #expect(object.handoffPayload == WebBridgeHandoff(key: "onboarding", value: #"{"step":2,"skip":false}"#))
    }

    // MARK: Rejected

    @Test func aBodyThatIsNotAStringIsRejected() {
        #expect(throws: WebBridgeError.notAString(found: "a value of type Int")) { try bridge.decode(messageBody: 42) }
        #expect(throws: WebBridgeError.self) { try bridge.decode(messageBody: ["action": "present"]) }
    }

    @Test(arguments: ["", "present", "{action:'present'}", #"{"action":"present""#, #"{"action":"present"} x"#, #"{"action":"present",}"#])
    func messagesThatAreNotJSONAreRejected(_ message: String) {
        guard case .notJSON(let syntax)? = rejection(message) else {
            Issue.record("'\(message)' was not rejected as not JSON")
            return
        }
        #expect(rejection(message)?.description.contains("JSON.stringify") == true)
        #expect(syntax.offset <= message.utf8.count)
    }

    @Test func aMessageNamingAMemberTwiceIsRejected() {
        // Which 'action' would win is undefined in JSON; a strict bridge refuses to guess.
        guard case .notJSON(let syntax)? = rejection(#"{"action":"present","action":"store"}"#) else {
            Issue.record("a duplicate member was accepted")
            return
        }
        #expect(syntax.kind == .duplicateKey("action"))
    }

    @Test(arguments: [(#"["present"]"#, "an array"), (#""present""#, "a string"), ("null", "null"), ("7", "a number")])
    func messagesThatAreNotObjectsAreRejected(_ message: String, found: String) {
        #expect(rejection(message) == .notAnObject(found: found))
    }

    @Test func anOversizedMessageIsRejectedBeforeParsing() {
        let message = #"{"action":"present","#.padding(toLength: WebBridge.defaultMaximumMessageBytes + 1, withPad: " ", startingAt: 0)
        #expect(rejection(message) == .messageTooLarge(bytes: WebBridge.defaultMaximumMessageBytes + 1, limit: WebBridge.defaultMaximumMessageBytes))
    }

    @Test func anUnknownActionIsRejected() {
        #expect(rejection(#"{"action":"delete","keyToStoreAs":"starterPackUri"}"#) == .unknownAction("delete"))
        #expect(rejection(#"{"action":"Present"}"#) == .unknownAction("Present"))
        #expect(rejection(#"{"action":"delete"}"#)?.description.contains("'present' and 'store'") == true)
    }

    @Test func missingFieldsAreRejected() {
        #expect(rejection(#"{}"#) == .missingField("action", action: nil))
        #expect(rejection(#"{"keyToStoreAs":"starterPackUri","jsonToStore":"x"}"#) == .missingField("action", action: nil))
        #expect(rejection(#"{"action":"store","jsonToStore":"https://go.bsky.app/x"}"#) == .missingField("keyToStoreAs", action: "store"))
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri"}"#) == .missingField("jsonToStore", action: "store"))
    }

    @Test func wrongTypedFieldsAreRejected() {
        #expect(rejection(#"{"action":1}"#) == .wrongFieldType("action", expected: "a string", found: "a number"))
        #expect(rejection(#"{"action":null}"#) == .wrongFieldType("action", expected: "a string", found: "null"))
        #expect(rejection(#"{"action":"store","keyToStoreAs":["starterPackUri"],"jsonToStore":"x"}"#)
            == .wrongFieldType("keyToStoreAs", expected: "a string", found: "an array"))
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":{"uri":"https://go.bsky.app/x"}}"#)
            == .wrongFieldType("jsonToStore", expected: "a string", found: "an object"))
    }

    @Test func unknownExtraFieldsAreRejected() {
        #expect(rejection(#"{"action":"present","keyToStoreAs":"starterPackUri"}"#) == .unexpectedField("keyToStoreAs", action: "present"))
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/x","suite":"group.evil"}"#)
            == .unexpectedField("suite", action: "store"))
    }

    @Test func keysOutsideTheManifestsAllowListAreRejected() throws {
        #expect(rejection(#"{"action":"store","keyToStoreAs":"clipkit.handoff","jsonToStore":"x"}"#)
            == .keyNotAllowed("clipkit.handoff", allowed: ["starterPackUri"]))
        #expect(rejection(#"{"action":"store","keyToStoreAs":"StarterPackUri","jsonToStore":"x"}"#)
            == .keyNotAllowed("StarterPackUri", allowed: ["starterPackUri"]))
        let message = rejection(#"{"action":"store","keyToStoreAs":"token","jsonToStore":"x"}"#)?.description ?? ""
        #expect(message.contains("'token'") && message.contains("handoff.webBridgeKeys"))

        // RoadFlare's manifest lets web content store nothing.
        let roadflare = WebBridge(allowedKeys: [])
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/x"}"#, by: roadflare)
            == .keyNotAllowed("starterPackUri", allowed: []))
        #expect(try roadflare.decode(#"{"action":"present"}"#) == .present)
    }

    @Test func anOversizedValueIsRejected() {
        let bridge = WebBridge(allowedKeys: ["notes"], maximumValueBytes: 100)
        let value = String(repeating: "é", count: 51)  // 102 bytes of UTF-8
        #expect(rejection(#"{"action":"store","keyToStoreAs":"notes","jsonToStore":"\#(value)"}"#, by: bridge)
            == .valueTooLarge(key: "notes", bytes: 102, limit: 100))
        #expect(rejection(#"{"action":"store","keyToStoreAs":"notes","jsonToStore":"\#(value.dropLast())"}"#, by: bridge) == nil)
    }

    /// An app's own rule for `starterPackUri`: an https link.
    static let httpsOnly = WebBridgeValueCheck(key: "starterPackUri") { value in
        value.stringValue.hasPrefix("https://") && value.stringValue.count > 8 ? nil : "'\(value.stringValue)' is not an https link"
    }

    @Test(arguments: ["javascript:alert(1)", "", "https://", "file:///etc/passwd", "\\\"not a uri\\\""])
    func aValueTheAppsCheckRefusesIsRejectedWithItsReason(_ value: String) throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        let checked = WebBridge(manifest: manifest, valueChecks: [Self.httpsOnly])
        guard case .invalidValue(let key, let reason)? = rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(value)"}"#, by: checked) else {
            Issue.record("'\(value)' was accepted as an https link")
            return
        }
        #expect(key == "starterPackUri")
        #expect(reason.contains("not an https link"))
        // Without the app's rule, the manifest's allow-list alone decides: any value of an allowed key.
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(value)"}"#) == nil)
    }

    @Test func aValueCheckAppliesOnlyToItsKey() throws {
        let checked = WebBridge(allowedKeys: ["starterPackUri", "notes"], valueChecks: [Self.httpsOnly])
        #expect(rejection(#"{"action":"store","keyToStoreAs":"notes","jsonToStore":"javascript:alert(1)"}"#, by: checked) == nil)
        #expect(rejection(#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/x"}"#, by: checked) == nil)
    }

    @Test func deepNestingIsRejectedWithoutRecursingFurther() {
        let message = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .messageTooLarge? = rejection(message) else {
            Issue.record("expected the size cap first")
            return
        }
        let roomy = WebBridge(allowedKeys: [], maximumMessageBytes: 1_000_000)
        guard case .notJSON(let syntax)? = rejection(message, by: roomy) else {
            Issue.record("deep nesting was not rejected")
            return
        }
        #expect(syntax.kind == .tooDeep(limit: 8))
    }
}
