import ClipKit
import ClipManifestReader
import Foundation

/// The payload the coffee shop's clip leaves for its app: the app's own type.
struct CoffeeOrder: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.coffee.order"
    var store: String
    var table: Int?
}

/// The clip's side: route the link that opened it and, once the person ordered, leave the order.
func clipOrdered(at invocationURL: URL, manifestURL: URL, appGroupFolder: URL) throws {
    let runtime = try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder)   // ClipConfiguration.runtime() on iOS
    guard case .success(let match) = runtime.router.route(invocationURL), match.handledBy == .clip,
          let order = match.parameters(as: CoffeeOrder.self) else { return }   // the table is an integer capture: an Int
    try runtime.handoffs.offer(order)
}

/// The full app's side, at launch: the order, once; `nil` on every later launch.
func orderLeftByTheClip(manifestURL: URL, appGroupFolder: URL) throws -> CoffeeOrder? {
    let runtime = try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder)   // ClipConfiguration.runtime() on iOS
    return runtime.handoffs.claim(CoffeeOrder.self)
}
