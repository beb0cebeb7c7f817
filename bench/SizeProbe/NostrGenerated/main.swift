// Size probe, the RoadFlare clip's whole job as the Nostr probe does it, with the configuration the
// manifest plugin compiled from clipkit.json (a link to Examples/roadflare/clipkit.json) instead of
// a manifest read and checked at run time: route the share URL through the compiled route table,
// resolve the npub, fetch the driver's profile through the profile fetcher (newest verified kind-0 event
// wins), leave the handoff note for the full app, print the name.
//
// The relay is replayed from the event JSON on standard input by `ReplayTransport`; it and the
// handoff payload are the Nostr probe's files, so both probes do the same job.
@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation

let arguments = CommandLine.arguments
let link = arguments.count > 1 ? arguments[1] : "https://roadflare.app/share/d/npub1example"
let input = FileHandle.standardInput.readDataToEndOfFile()
let container = FileManager.default.temporaryDirectory
    .appendingPathComponent("size-probe-\(ProcessInfo.processInfo.processIdentifier)")
defer { try? FileManager.default.removeItem(at: container) }

do {
    let router = try ClipRouter()
    guard case .driverShare(let npub) = try router.route(link).get().route else { throw ProbeFailure.notADriverLink }
    let target = try ProfileTarget(resolving: link, router: router.router)
    let selection = RelaySelection([target.relayHints, ClipConfiguration.relays], limit: 8)
    let fetcher = ProfileFetcher(transportFactory: ReplayTransportFactory(eventJSON: input))
    guard let found = await (try fetcher.fetchProfile(of: target.publicKey, from: selection.relays)).finalUpdate()?.profile else {
        throw ProbeFailure.noProfile
    }
    let store = try HandoffStore(defaults: try DirectorySharedDefaults(directory: container), manifest: ClipConfiguration.manifest)
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
    case notADriverLink
    case noProfile
}
