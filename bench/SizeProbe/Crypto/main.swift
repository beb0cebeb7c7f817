// Size probe, baseline plus swift-crypto's SHA-256: separates what swift-crypto adds on Linux
// (its BoringSSL copy) from what ClipKit and ClipNostr add. On Apple platforms swift-crypto is
// CryptoKit, part of the OS, and adds nothing to a clip.
import Crypto
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let segment = URL(string: link)?.lastPathComponent ?? ""
var name = "unknown"
if let object = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
   let content = object["content"] as? String,
   let profile = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
   let value = profile["name"] as? String {
    name = value
}
let digest = SHA256.hash(data: input).map { String(format: "%02x", $0) }.joined()
print("\(segment): \(name) \(digest)")
