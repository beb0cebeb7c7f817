@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
@_spi(ClipKitTooling) import ClipWebBridge
import Foundation
import Testing

/// Seeded random mutations of valid bridge messages: the decoder never crashes or hangs, and every
/// command it accepts is one of the two shapes with an allow-listed key and a capped value.
@Suite struct WebBridgeFuzzTests {
    static let seeds = [
        #"{"action":"present"}"#,
        #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a"}"#,
        #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\"https://go.bsky.app/4f1Ab2c\""}"#,
        #"{"action":"store","keyToStoreAs":"onboarding","jsonToStore":"{\"step\":2,\"tags\":[\"a\",null]}"}"#,
        #"{"jsonToStore":"1","keyToStoreAs":"onboarding","action":"store"}"#,
    ].map { Array($0.utf8) }

    @Test func mutatedMessagesAreDecodedOrRejectedCleanly() throws {
        let httpsOnly = WebBridgeValueCheck(key: "starterPackUri") { $0.stringValue.hasPrefix("https://") ? nil : "not an https link" }
        let bridge = WebBridge(
            allowedKeys: ["starterPackUri", "onboarding"], valueChecks: [httpsOnly], maximumMessageBytes: 4096, maximumValueBytes: 256
        )
        var mutator = SeededMutator(seed: 0xB51D_6E00)
        var accepted = 0
        var codes: Set<String> = []
        for caseNumber in 0..<30_000 {
            let message = String(decoding: mutator.mutate(mutator.pick(Self.seeds), tokens: JSONFuzzTokens.all), as: UTF8.self)
            do {
                let command = try bridge.decode(message)
                accepted += 1
                switch command {
                case .present:
                    break
                case .store(let key, let value):
                    #expect(bridge.allowedKeys.contains(key), "case \(caseNumber)")
                    #expect(value.text.utf8.count <= bridge.maximumValueBytes, "case \(caseNumber)")
                    if key == "starterPackUri" {
                        #expect(value.stringValue.hasPrefix("https://"), "case \(caseNumber): the app's check holds")
                    }
                }
                // A command survives being sent again in canonical form.
                #expect(try bridge.decode(Self.canonical(command)) == command, "case \(caseNumber)")
            } catch {
                guard let error = error as? WebBridgeError else {
                    Issue.record("case \(caseNumber): threw \(type(of: error)), not WebBridgeError")
                    continue
                }
                codes.insert(error.code)
                #expect(!error.description.isEmpty)
            }
        }
        #expect(accepted > 200)
        #expect(codes.isSuperset(of: ["notJSON", "notAnObject", "unknownAction", "missingField", "unexpectedField", "keyNotAllowed", "invalidValue"]))
    }

    static func canonical(_ command: WebBridgeCommand) -> String {
        switch command {
        case .present:
            return String(decoding: JSONValue.object(["action": .string("present")]).serialized(), as: UTF8.self)
        case .store(let key, let value):
            let object: JSONValue = .object(["action": .string("store"), "keyToStoreAs": .string(key), "jsonToStore": .string(value.text)])
            return String(decoding: object.serialized(), as: UTF8.self)
        }
    }
}
