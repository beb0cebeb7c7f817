// Size probe, ClipKit + ClipWebBridge: the ClipKit probe's job, plus decoding the message a clip's
// web content posts to store its starter pack. Its growth over the ClipKit probe is what importing
// ClipWebBridge costs a clip that shows web content.
import ClipKit
import ClipManifestReader
import ClipWebBridge
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let manifestJSON = Data("""
{"teamID":"6Y98438M9X","app":{"bundleID":"com.roadflare.RoadFlare","appStoreID":"1234567890"},
 "clip":{"bundleID":"com.roadflare.RoadFlare.Clip","minimumIOS":"16.0","invocations":["digital"]},
 "appGroup":"group.com.roadflare.RoadFlare","domains":["roadflare.app"],
 "routes":[{"name":"driverShare","pattern":"https://roadflare.app/share/d/{npub}","handledBy":"clip","params":{"npub":"string"}}],
 "handoff":{"ttlSeconds":604800,"webBridgeKeys":["starterPackUri"]}}
""".utf8)
let message = #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/4f1Ab2c"}"#
do {
    let manifest = try ManifestLoader().load(data: manifestJSON)
    let router = try InvocationRouter(manifest: manifest)
    let match = try router.route(link).get()
    let command = try WebBridge(manifest: manifest).decode(messageBody: message)
    var name = "unknown"
    if let object = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
       let content = object["content"] as? String,
       let profile = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
       let value = profile["name"] as? String {
        name = value
    }
    print("\(match.route): \(name) \(command.action)")
} catch {
    print("rejected: \(error)")
}
