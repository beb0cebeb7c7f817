// libFuzzer target: ClipKit's InvocationRouter on any invocation URL, with the router of each
// example manifest (each opens Apple's default App Clip link; the food truck's routes nothing else)
// and of the fixtures that open it with query items and demo links.
// Routing the same text twice gives the same answer; text over the cap is refused as too long; each
// parameter of a match is a value its kind accepts unchanged; and where a matched route shows web
// content, the page the clip loads, when within the cap, routes back to the same route with the
// same parameters.
@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipNostr
import ClipWebBridge
import Foundation
import FuzzDriver
import FuzzSupport

/// The repository's root, three folders above this file.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
func manifest(_ path: String) -> ClipManifest {
    do {
        return try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: root.appendingPathComponent(path))
    } catch {
        fatalError("\(path) does not load: \(error)")
    }
}
let routers: [InvocationRouter] = [
    "Examples/roadflare/clipkit.json", "Examples/bluesky/clipkit.json", "Examples/coffee-shop/clipkit.json",
    "Examples/food-truck/clipkit.json", "Tests/Fixtures/museum/clipkit.json", "Tests/Fixtures/ticketing/clipkit.json",
].map(manifest).map { manifest in
    do {
        return try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    } catch {
        fatalError("\(manifest.clip.bundleID)'s routes do not compile: \(error)")
    }
}

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    for router in routers {
        let once = router.route(text)
        require(router.route(text) == once, "routing '\(text)' twice gave different answers")
        if text.count > InvocationRouter.maximumURLLength {
            require(once == .failure(.tooLong(length: text.count, limit: InvocationRouter.maximumURLLength)), "text over the cap was not refused as too long")
        }
        guard case .success(let match) = once, let route = router.route(named: match.route) else { continue }
        for (name, value) in match.parameters {
            guard let kind = route.parameterKinds[name] ?? route.queryKinds[name] else {
                require(false, "route '\(match.route)' gave parameter '\(name)', which it neither captures nor reads")
                continue
            }
            require(kind.check(value) == .accepted(value), "'\(value)' of \(name) is not a \(kind.name) value that stays as it is")
        }
        // The page adds the route's webContentQuery items, which may take a link at the cap over it;
        // the web view loads such a page and no router reads it (BlueskyRoutingTableTests pins this).
        guard route.webContentQuery != nil, let page = WebContentURL.url(for: match, in: router),
              page.absoluteString.count <= InvocationRouter.maximumURLLength else { continue }
        guard case .success(let loaded) = router.route(page) else {
            require(false, "the page the clip loads for '\(text)', \(page.absoluteString), does not route")
            continue
        }
        require(loaded.route == match.route && loaded.parameters == match.parameters,
                "the page \(page.absoluteString) routes to '\(loaded.route)' \(loaded.parameters), not '\(match.route)' \(match.parameters)")
    }
    return 0
}
