import ClipTestSupport
import Foundation
import Testing

/// `clipkit nip19` and `clipkit event verify` keep the command-line contract.
@Suite struct NostrCommandTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    static let key = "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
    static let eventFile = TestEnvironment.file("Tests/Fixtures/nostr/driver-profile-event.json")

    @Test func decodeAnNpub() async throws {
        let result = try await ChildProcess.clipkit(["nip19", "decode", Self.npub, "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["type"] as? String == "npub")
        #expect(json["pubkey"] as? String == Self.key)
        #expect((json["relays"] as? [String]) == [])
        #expect(result.standardOutput.split(separator: "\n").count == 1)
    }

    @Test func encodeAnNprofileAndDecodeItBack() async throws {
        let encoded = try await ChildProcess.clipkit(["nip19", "encode", Self.key, "--relay", "wss://nos.lol", "--relay", "ws://127.0.0.1:7777", "--json"])
        #expect(encoded.status == 0)
        let string = try #require(try encoded.json()["string"] as? String)
        #expect(string.hasPrefix("nprofile1"))
        let decoded = try await ChildProcess.clipkit(["nip19", "decode", "nostr:" + string, "--json"])
        let json = try decoded.json()
        #expect(json["type"] as? String == "nprofile")
        #expect(json["pubkey"] as? String == Self.key)
        #expect((json["relays"] as? [String]) == ["wss://nos.lol", "ws://127.0.0.1:7777"])
    }

    @Test func badStringsExitTwoWithOneLine() async throws {
        let result = try await ChildProcess.clipkit(["nip19", "decode", String(Self.npub.dropLast()) + "q", "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("checksum"))
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
        let insecure = try await ChildProcess.clipkit(["nip19", "encode", Self.key, "--relay", "ws://relay.example.com"])
        #expect(insecure.status == 2)
        #expect(insecure.standardError.contains("wss://"))
    }

    @Test func aGenuineEventIsValid() async throws {
        let result = try await ChildProcess.clipkit(["event", "verify", Self.eventFile.path, "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["valid"] as? Bool == true)
        #expect(json["id"] as? String == "867d3779eed94b5db3cf91fb25af4e2920e97725acdbd7f2a74537212ee136f8")
        #expect(json["reason"] == nil)
    }

    @Test func aTamperedEventFromStandardInputIsInvalid() async throws {
        let original = try String(contentsOf: Self.eventFile, encoding: .utf8)
        let tampered = original.replacingOccurrences(of: "Toyota", with: "Tesla")
        #expect(tampered != original)
        let result = try await ChildProcess.clipkit(["event", "verify", "-", "--json"], standardInput: Data(tampered.utf8))
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["valid"] as? Bool == false)
        #expect(json["code"] as? String == "id-mismatch")
        #expect((json["reason"] as? String)?.contains("does not match") == true)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("both signature backends give the same answers, valid and with a tampered signature")
    func signatureBackendsAgree() async throws {
        let original = try String(contentsOf: Self.eventFile, encoding: .utf8)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
        let signature = try #require(event["sig"] as? String)
        // The id still matches: only the signature check can reject this one.
        let flipped = (signature.first == "0" ? "1" : "0") + signature.dropFirst()
        let tampered = original.replacingOccurrences(of: signature, with: flipped)
        #expect(tampered != original)
        for (input, status) in [(original, Int32(0)), (tampered, Int32(1))] {
            var answers: [String] = []
            for backend in ["swift", "libsecp256k1"] {
                let result = try await ChildProcess.clipkit(
                    ["event", "verify", "-", "--signature-backend", backend, "--json"], standardInput: Data(input.utf8)
                )
                #expect(result.status == status, "\(backend): \(result.standardError)")
                answers.append(result.standardOutput)
            }
            #expect(answers[0] == answers[1])
        }
        let rejected = try await ChildProcess.clipkit(["event", "verify", "-", "--signature-backend", "swift", "--json"], standardInput: Data(tampered.utf8))
        #expect(try rejected.json()["code"] as? String == "invalid-signature")
    }

    @Test func anUnknownSignatureBackendExitsTwo() async throws {
        let result = try await ChildProcess.clipkit(["event", "verify", Self.eventFile.path, "--signature-backend", "openssl"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("signature-backend"))
    }

    @Test func unreadableInputExitsTwo() async throws {
        let missing = try await ChildProcess.clipkit(["event", "verify", "/nonexistent/event.json", "--json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/event.json"))
        let notJSON = try await ChildProcess.clipkit(["event", "verify", "-", "--json"], standardInput: Data("{not json".utf8))
        #expect(notJSON.status == 2)
        #expect(notJSON.standardError.contains("byte"))
        let wrongShape = try await ChildProcess.clipkit(["event", "verify", "-", "--json"], standardInput: Data(#"{"id":1}"#.utf8))
        #expect(wrongShape.status == 1)
        #expect(try wrongShape.json()["valid"] as? Bool == false)
    }

    @Test func routesTakeNpubParameters() async throws {
        let manifest = TestEnvironment.file("Examples/roadflare/clipkit.json").path
        let result = try await ChildProcess.clipkit(["route", "https://roadflare.app/share/d/\(Self.npub)", "--manifest", manifest, "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["route"] as? String == "driverShare")
        #expect((json["params"] as? [String: String])?["npub"] == Self.npub)
    }
}
