// Size probe, baseline: what a clip does without ClipKit — read a share URL and a relay's event
// JSON, pull a name out with Foundation, print it. Built with -Osize and stripped by
// bench/nostr-size.sh; the other probes do the same job with more libraries.
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
print("\(segment): \(name)")
