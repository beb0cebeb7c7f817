// Size probe, the RoadFlare clip's whole job with ClipKit and ClipNostr: route the share URL
// through the manifest, resolve the npub, fetch the driver's profile through the profile fetcher
// (newest verified kind-0 event wins), leave the handoff note for the full app, print the name.
//
// The relay is replayed from the event JSON on standard input by `ReplayTransport`, so the probe
// runs offline; on a device the transport is URLSession's, which is part of the OS.
@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let manifestJSON = Data("""
{"teamID":"6Y98438M9X","app":{"bundleID":"com.roadflare.RoadFlare","appStoreID":"1234567890"},
 "clip":{"bundleID":"com.roadflare.RoadFlare.Clip","minimumIOS":"16.0","invocations":["digital"]},
 "appGroup":"group.com.roadflare.RoadFlare","domains":["roadflare.app"],
 "routes":[{"name":"driverShare","pattern":"https://roadflare.app/share/d/{npub}","handledBy":"clip","params":{"npub":"npub"}}],
 "handoff":{"ttlSeconds":604800},"nostr":{"relays":["wss://relay.roadflare.app"]}}
""".utf8)
let container = FileManager.default.temporaryDirectory
    .appendingPathComponent("size-probe-\(ProcessInfo.processInfo.processIdentifier)")
defer { try? FileManager.default.removeItem(at: container) }

do {
    let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(data: manifestJSON)
    let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    let target = try ProfileTarget(resolving: link, router: router)
    let selection = RelaySelection([target.relayHints, manifest.nostr?.relays ?? []], limit: 8)
    let fetcher = ProfileFetcher(transportFactory: ReplayTransportFactory(eventJSON: input))
    guard let found = await (try fetcher.fetchProfile(of: target.publicKey, from: selection.relays)).finalUpdate()?.profile else {
        throw ProbeFailure.noProfile
    }
    let npub = link.split(separator: "/").last.map(String.init) ?? ""
    let store = try HandoffStore(defaults: try DirectorySharedDefaults(directory: container), manifest: manifest)
    try store.offer(DriverHandoff(
        npub: npub, displayName: found.profile.preferredName, profileCreatedAt: Int(found.event.createdAt)
    ))
    let claimed = store.claim(DriverHandoff.self)
    print("\(target.route ?? "?"): \(found.profile.preferredName ?? "unknown") \(found.profile.picture?.absoluteString ?? "")"
        + " handoff: \(claimed?.displayName ?? "none")")
} catch {
    print("rejected: \(error)")
}

enum ProbeFailure: Error {
    case noProfile
}
