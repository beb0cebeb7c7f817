// Time from an invocation to the first verified driver preview, as the RoadFlare clip sees it:
// the link arrives in the clip's inbox, is routed, a preview model starts its relay fetch (seeded
// with the signed profile when the link carries one), and the clock stops when the model first
// shows a driver. Real relays over WebSocket; the signature backend is the pure-Swift verifier, the
// one a clip links. Driven by bench/signed-link.sh, which starts relays behind a delay proxy.
//
// Usage: signed-link-bench --manifest FILE --link URL --relay URL [--relay URL]... [--runs N] [--timeout S]
// Prints one JSON object: {"samplesMs": [...], "origins": [...], "missing": N}.
import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrUI
import ClipNostrWebSocket
import Foundation

func option(_ name: String, in arguments: [String]) -> [String] {
    var values: [String] = []
    var index = 0
    while index < arguments.count {
        if arguments[index] == name, index + 1 < arguments.count { values.append(arguments[index + 1]); index += 1 }
        index += 1
    }
    return values
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("signed-link-bench: \(message)\n".utf8))
    exit(2)
}

@MainActor
func firstPreview(
    link: URL, router: InvocationRouter, store: HandoffStore, loader: RelayProfileLoader, deadline: Duration
) async -> (Double, String)? {
    let inbox = InvocationInbox(router: router, duplicateWindow: 0)
    let session = DriverShareClipSession(
        flow: DriverShareClipFlow(loader: loader, deadline: deadline), inbox: inbox, store: store, promotionMemory: InMemoryPromotionMemory()
    )
    let start = ContinuousClock.now
    _ = inbox.receive(.webpage(link))
    guard case .content(let preview, _) = session.screen else { return nil }
    var shown: (Double, String)?
    preview.changes.addObserver(preview) { model, state in
        guard shown == nil, case .preview(let profile, _) = state else { return }
        let elapsed = ContinuousClock.now - start
        shown = (Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000, profile.origin.rawValue)
        model.cancel()
    }
    await preview.load()
    return shown
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let manifestPath = option("--manifest", in: arguments).first, let linkText = option("--link", in: arguments).first,
      let link = URL(string: linkText)
else { fail("give --manifest FILE and --link URL") }
let runs = Int(option("--runs", in: arguments).first ?? "") ?? 15
let timeout = Double(option("--timeout", in: arguments).first ?? "") ?? 5
let relays: [RelayURL]
do {
    relays = try option("--relay", in: arguments).map { try RelayURL($0) }
} catch {
    fail("a --relay is not a relay URL: \(error)")
}
let router: InvocationRouter
do {
    let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: URL(fileURLWithPath: manifestPath))
    router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
} catch {
    fail("\(manifestPath): \(error)")
}
let fetcher = ProfileFetcher(
    configuration: ProfileFetchConfiguration(timeout: .milliseconds(Int(timeout * 1000))),
    transportFactory: RelayTransports.tooling,
    verifier: EventVerifier(signatureVerifier: SwiftSignatureVerifier())
)
let loader = RelayProfileLoader(fetcher: fetcher, relays: relays)
// The session's handoff store, in a folder of its own; nothing is handed off while timing.
let storeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("signed-link-bench-\(UUID().uuidString)")
let store: HandoffStore
do {
    store = try HandoffStore(defaults: DirectorySharedDefaults(directory: storeFolder), lifetime: 600)
} catch {
    fail("the handoff store in \(storeFolder.path) cannot be opened: \(error)")
}

var samples: [Double] = []
var origins: [String] = []
var missing = 0
for _ in 0..<runs {
    if let (milliseconds, origin) = await firstPreview(link: link, router: router, store: store, loader: loader, deadline: .milliseconds(Int(timeout * 1000))) {
        samples.append(milliseconds)
        origins.append(origin)
    } else {
        missing += 1
    }
}
try? FileManager.default.removeItem(at: storeFolder)
let report: [String: Any] = ["samplesMs": samples, "origins": origins, "missing": missing]
print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
