// Launch probe, the coffee shop's clip from process start to the data of its first screen, as the
// clip does it on iOS (Examples/coffee-shop/Clip): the configuration the manifest plugin compiled
// from clipkit.json (a link to Examples/coffee-shop/clipkit.json), the runtime over the App Group
// container (the shared store and the handoff store opened in a folder), ClipKitUI's ClipSession
// with its promotion memory in the App Group, the table link delivered to its inbox and routed, and
// the install promotion decided. Prints the table the screen would show, for bench/clip-launch.sh.
//
// Usage: launch-probe-coffee-shop URL CONTAINER
import ClipKit
import ClipKitUI
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let link = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: launch-probe-coffee-shop URL CONTAINER\n".utf8))
    exit(2)
}

do {
    let container = try AppGroupContainer(manifest: ClipConfiguration.manifest, directory: URL(fileURLWithPath: arguments[2]))
    let session = ClipSession(runtime: try ClipConfiguration.runtime(container: container))
    _ = session.inbox.receive(.webpage(link))
    guard case .content(let match, let promotion) = session.screen, case .table(let store, let table) = ClipRoute(match) else {
        throw ProbeFailure.notATableLink
    }
    let decision = promotion.request(.automatic)
    print("\(match.route): \(store) table \(table); promotion: \(decision); handoff types: \(session.store.types.map(\.name))")
} catch {
    print("rejected: \(error)")
    exit(1)
}
reportMemoryIfAsked()

enum ProbeFailure: Error {
    case notATableLink
}
