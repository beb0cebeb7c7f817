// libFuzzer target: relay frames (NIP-01 relay-to-client messages). A frame over the cap never
// parses, and an EVENT's event serializes to JSON that decodes to the same event.
@_spi(ClipKitTooling) import ClipNostr
import FuzzDriver
import FuzzSupport

let limits = RelayMessageLimits(maximumFrameBytes: 64 * 1024)

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    guard let message = try? RelayMessage(parsing: text, limits: limits) else { return 0 }
    require(text.utf8.count <= limits.maximumFrameBytes, "parsed a frame of \(text.utf8.count) bytes, over the cap")
    if case .event(_, let event) = message {
        let again = try? NostrEvent(jsonData: event.jsonData())
        require(again == event, "an EVENT's event does not survive jsonData() and decoding")
    }
    return 0
}
