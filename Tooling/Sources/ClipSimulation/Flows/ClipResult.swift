import ClipKit

/// What the clip left for the app, and whether it did what the scenario expects.
struct ClipResult: Sendable {
    /// What the app should open with after claiming the clip's handoff.
    enum Expected: Sendable, Equatable {
        /// A driver's npub and the verified name the clip showed (`nil` when none was verified).
        case driver(npub: String, name: String?)
        /// A payload of a type, as the clip left it.
        case payload(typeName: String, payload: JSONValue)
        /// Nothing was offered.
        case nothing
    }

    /// What the app should open with.
    var expected: Expected
    /// Why the clip did not do what the scenario expects; `nil` when it did.
    var failure: String?
}
