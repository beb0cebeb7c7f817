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

/// `clipkit nip19` with nevent and naddr strings: decode reports every field, encode makes them.
@Suite struct NIP19PointerCommandTests {
    static let key = NostrCommandTests.key
    static let eventID = "7b5a9c799776935f959eccfd311af6152db6a1360296c9790b37a8a3c5f6e8a1"

    @Test func encodeAnNeventAndDecodeItBack() async throws {
        let encoded = try await ChildProcess.clipkit([
            "nip19", "encode", "--event", Self.eventID, "--author", Self.key, "--kind", "1", "--relay", "wss://nos.lol", "--json",
        ])
        #expect(encoded.status == 0, "\(encoded.standardError)")
        let string = try #require(try encoded.json()["string"] as? String)
        #expect(string.hasPrefix("nevent1"))
        let decoded = try await ChildProcess.clipkit(["nip19", "decode", string, "--json"])
        #expect(decoded.status == 0)
        let json = try decoded.json()
        #expect(json["type"] as? String == "nevent")
        #expect(json["id"] as? String == Self.eventID)
        #expect(json["pubkey"] as? String == Self.key)
        #expect(json["kind"] as? Int == 1)
        #expect((json["relays"] as? [String]) == ["wss://nos.lol"])
        #expect(json["identifier"] == nil)
        let text = try await ChildProcess.clipkit(["nip19", "decode", string])
        #expect(text.standardOutput.contains("id: \(Self.eventID)"))
        #expect(text.standardOutput.contains("author: \(Self.key)"))
        #expect(text.standardOutput.contains("kind: 1"))
    }

    @Test func anAuthorlessNeventHasNoPubkey() async throws {
        let encoded = try await ChildProcess.clipkit(["nip19", "encode", "--event", Self.eventID])
        #expect(encoded.status == 0)
        let string = encoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let json = try await ChildProcess.clipkit(["nip19", "decode", "nostr:" + string, "--json"]).json()
        #expect(json["type"] as? String == "nevent")
        #expect(json["pubkey"] == nil)
        #expect(json["kind"] == nil)
    }

    @Test func encodeAnNaddrAndDecodeItBack() async throws {
        let encoded = try await ChildProcess.clipkit([
            "nip19", "encode", Self.key, "--address", "--kind", "30023", "--identifier", "road-trip", "--relay", "ws://127.0.0.1:7777", "--json",
        ])
        #expect(encoded.status == 0, "\(encoded.standardError)")
        let string = try #require(try encoded.json()["string"] as? String)
        #expect(string.hasPrefix("naddr1"))
        let json = try await ChildProcess.clipkit(["nip19", "decode", string, "--json"]).json()
        #expect(json["type"] as? String == "naddr")
        #expect(json["identifier"] as? String == "road-trip")
        #expect(json["pubkey"] as? String == Self.key)
        #expect(json["kind"] as? Int == 30_023)
        #expect((json["relays"] as? [String]) == ["ws://127.0.0.1:7777"])
        #expect(json["id"] == nil)
    }

    @Test func optionsThatDoNotFitExitTwo() async throws {
        let noKind = try await ChildProcess.clipkit(["nip19", "encode", Self.key, "--address"])
        #expect(noKind.status == 2)
        #expect(noKind.standardError.contains("--kind"))
        let stray = try await ChildProcess.clipkit(["nip19", "encode", Self.key, "--kind", "1"])
        #expect(stray.status == 2)
        let badID = try await ChildProcess.clipkit(["nip19", "encode", "--event", "abc"])
        #expect(badID.status == 2)
        #expect(badID.standardError.contains("event id"))
    }

    @Test func secretKeysAndNotesAreRefusedWithTheReason() async throws {
        // The NIP-19 example nsec: never to be shared, and said so.
        let nsec = try await ChildProcess.clipkit(["nip19", "decode", "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"])
        #expect(nsec.status == 2)
        #expect(nsec.standardError.contains("never share it"))
        let note = try await ChildProcess.clipkit(["nip19", "decode", "note10ddfc7vhw6f4l9v7en7nzxhkz5kmdgfkq2tvj7gtx752830kazsslku224"])
        #expect(note.status == 2)
        #expect(note.standardError.contains("nevent"), "\(note.standardError)")
    }
}
