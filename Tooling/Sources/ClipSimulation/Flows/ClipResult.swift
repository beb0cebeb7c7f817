/// What the clip left for the app, and whether it did what the scenario expects.
struct ClipResult: Sendable {
    /// What the app should open with after claiming the clip's handoff.
    enum Expected: Sendable, Hashable {
        /// A driver's npub and the verified name the clip showed (`nil` when none was verified).
        case driver(npub: String, name: String?)
        /// A starter pack's URI.
        case starterPack(String)
        /// Nothing was offered.
        case nothing
    }

    /// What the app should open with.
    var expected: Expected
    /// Why the clip did not do what the scenario expects; `nil` when it did.
    var failure: String?
}
