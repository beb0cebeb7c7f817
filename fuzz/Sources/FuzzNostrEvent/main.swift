// libFuzzer target: Nostr events from untrusted JSON, decoded and then verified (id and BIP-340
// signature). Decode → encode → decode must give the same event, and verification must give the
// same answer twice.
import ClipNostr
import FuzzDriver
import FuzzSupport

let verifier = EventVerifier()

runFuzzer { data, size in
    let input = FuzzInput(data, size)
    guard let event = try? NostrEvent(jsonData: input.bytes) else { return 0 }
    require(input.bytes.count <= EventLimits.standard.maximumJSONBytes, "decoded \(input.bytes.count) bytes, over the cap")
    let encoded = event.jsonData()
    let again = try? NostrEvent(jsonData: encoded)
    require(again == event, "decode(encode(event)) != event")
    let first = verifier.verify(event)
    let second = verifier.verify(event)
    require("\(first)" == "\(second)", "verification is not deterministic: \(first) then \(second)")
    if case .success = first {
        require(event.computedID() == event.id, "a verified event's id is not its computed id")
    }
    return 0
}
