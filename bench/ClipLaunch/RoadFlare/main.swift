// Launch probe, the RoadFlare clip from process start to the data of its first screen, as the clip
// does it on iOS: the configuration the manifest plugin compiled from clipkit.json (a link to
// Examples/roadflare/clipkit.json), the runtime over the App Group container (the shared store and
// the handoff store opened in a folder), the share link routed, the signed profile in its fragment
// decoded and verified with ClipNostr's pure-Swift BIP-340 verifier (a clip links no libsecp256k1),
// and the install promotion decided with its memory in the App Group. Prints what the screen would
// show, so bench/clip-launch.sh can check that the signature was verified before it times anything.
//
// Usage: launch-probe-roadflare URL CONTAINER
@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
@_spi(ClipKitTooling) import ClipNostr
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: launch-probe-roadflare URL CONTAINER\n".utf8))
    exit(2)
}

do {
    let container = try AppGroupContainer(manifest: ClipConfiguration.manifest, directory: URL(fileURLWithPath: arguments[2]))
    let runtime = try ClipConfiguration.runtime(container: container)
    let match = try runtime.router.route(arguments[1]).get()
    guard case .driverShare(let npub) = ClipRoute(match), let fragment = match.fragment else { throw ProbeFailure.notASignedDriverLink }
    let person = try NIP19.decode(npub).personReference().get()
    let event = try EventFragment.decodeProfile(fragment, author: person.publicKey)
    try EventVerifier(signatureVerifier: SwiftSignatureVerifier()).verify(event).get()
    let profile = try Profile(event: event)
    let promotion = InstallPromotionController(memory: SharedDefaultsPromotionMemory(defaults: runtime.defaults))
    promotion.recordContentShown()
    let decision = promotion.request(.automatic)
    print("\(match.route): verified \(profile.preferredName ?? "unnamed"); promotion: \(decision); handoff types: \(runtime.handoffs.types.map(\.name))")
} catch {
    print("rejected: \(error)")
    exit(1)
}
reportMemoryIfAsked()

enum ProbeFailure: Error {
    case notASignedDriverLink
}
