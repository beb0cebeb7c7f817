// Size probe, the clip's real job with ClipKit and ClipNostr: route the share URL through a
// manifest, decode the npub, decode and verify the relay's event, read the profile, print it.
import ClipKit
import ClipNostr
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let manifestJSON = Data("""
{"teamID":"6Y98438M9X","app":{"bundleID":"com.roadflare.RoadFlare","appStoreID":"1234567890"},
 "clip":{"bundleID":"com.roadflare.RoadFlare.Clip","minimumIOS":"16.0","invocations":["digital"]},
 "appGroup":"group.com.roadflare.RoadFlare","domains":["roadflare.app"],
 "routes":[{"name":"driverShare","pattern":"https://roadflare.app/share/d/{npub}","handledBy":"clip","params":{"npub":"npub"}}],
 "handoff":{"ttlSeconds":604800}}
""".utf8)
do {
    let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(data: manifestJSON)
    let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    let match = try router.route(link).get()
    let entity = try NIP19.decode(match.parameters["npub"] ?? "")
    let event = try NostrEvent(jsonData: input)
    guard event.pubkey == entity.publicKey else { throw ProbeFailure.otherAuthor }
    try EventVerifier().verify(event).get()
    let profile = try Profile(event: event)
    print("\(match.route): \(profile.preferredName ?? "unknown") \(profile.picture?.absoluteString ?? "")")
} catch {
    print("rejected: \(error)")
}

enum ProbeFailure: Error {
    case otherAuthor
}
