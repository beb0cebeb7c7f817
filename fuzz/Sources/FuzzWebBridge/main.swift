// libFuzzer target: web-bridge messages (the strings a clip's web content posts). A decoded
// message is within the message cap, and a `store` command uses an allowed key and a value within
// the value cap.
import ClipWebBridge
import FuzzDriver
import FuzzSupport

let bridge = WebBridge(allowedKeys: ["starterPackUri", "referrer"])

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    guard let command = try? bridge.decode(text) else { return 0 }
    require(text.utf8.count <= bridge.maximumMessageBytes, "accepted a message of \(text.utf8.count) bytes")
    if case .store(let key, let value) = command {
        require(bridge.allowedKeys.contains(key), "stored under key '\(key)', not in the allow-list")
        require(value.text.utf8.count <= bridge.maximumValueBytes, "stored a value of \(value.text.utf8.count) bytes")
    }
    return 0
}
