@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// Makes transports that answer a profile request with one stored event, then end of stored events.
struct ReplayTransportFactory: RelayTransportFactory {
    let eventJSON: Data

    func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        ReplayTransport(relay: relay, maximumFrameBytes: maximumFrameBytes, eventJSON: eventJSON)
    }
}

/// A relay played from memory: on `REQ` it sends `EVENT` with the stored event and `EOSE`.
struct ReplayTransport: RelayTransport {
    let relay: RelayURL
    let maximumFrameBytes: Int
    let receivedFrames = RelayFrameStream()
    let eventJSON: Data

    func connect() async throws(RelayTransportError) {}

    func send(_ text: String) async throws(RelayTransportError) {
        guard let request = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
              request.first as? String == "REQ", let subscription = request.dropFirst().first as? String,
              let subscriptionJSON = try? JSONSerialization.data(withJSONObject: [subscription]),
              let quoted = String(data: subscriptionJSON, encoding: .utf8)?.dropFirst().dropLast()
        else { return }
        let event = String(decoding: eventJSON, as: UTF8.self)
        _ = await receivedFrames.deliver("[\"EVENT\",\(quoted),\(event)]")
        _ = await receivedFrames.deliver("[\"EOSE\",\(quoted)]")
    }

    func close() async {
        receivedFrames.finish()
    }
}
