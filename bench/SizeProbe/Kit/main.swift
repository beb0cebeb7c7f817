// Size probe, ClipKit alone: the baseline's job with the share URL routed through a manifest by
// ClipKit's router (the event is still read with Foundation). Its growth over the baseline is what
// importing ClipKit costs a clip; the Nostr probe's growth over the crypto probe, minus this, is
// ClipNostr's share.
import ClipKit
import ClipManifestReader
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let manifestJSON = Data("""
{"teamID":"6Y98438M9X","app":{"bundleID":"com.roadflare.RoadFlare","appStoreID":"1234567890"},
 "clip":{"bundleID":"com.roadflare.RoadFlare.Clip","minimumIOS":"16.0","invocations":["digital"]},
 "appGroup":"group.com.roadflare.RoadFlare","domains":["roadflare.app"],
 "routes":[{"name":"driverShare","pattern":"https://roadflare.app/share/d/{npub}","handledBy":"clip","params":{"npub":"string"}}],
 "handoff":{"ttlSeconds":604800}}
""".utf8)
do {
    let manifest = try ManifestLoader().load(data: manifestJSON)
    let router = try InvocationRouter(manifest: manifest)
    let match = try router.route(link).get()
    var name = "unknown"
    if let object = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
       let content = object["content"] as? String,
       let profile = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
       let value = profile["name"] as? String {
        name = value
    }
    print("\(match.route): \(name)")
} catch {
    print("rejected: \(error)")
}
