extension ReasonPolicy {
    /// The policy for an extension that only keeps the shared badge count: every notification adds
    /// one to it, and nothing else changes. `clipkit notify process` applies it unless told otherwise.
    public static let standard = ReasonPolicy(rules: [], otherwise: [.incrementBadge(by: 1)])

    /// Bluesky's notification service extension: chat messages and reactions play `dm.aiff` when
    /// the person turned on `playSoundChat` and are shown as messages from the sender (avatar as a
    /// thumbnail, `https` only); every other notification adds one to the badge.
    public static let bluesky = ReasonPolicy(
        rules: [
            ReasonRule(
                reasons: ["chat-message", "chat-reaction"],
                actions: [
                    .playSound(named: "dm.aiff", whenEnabled: "playSoundChat"),
                    .markAsCommunication(.bluesky),
                ]
            ),
        ],
        otherwise: [.incrementBadge(by: 1)]
    )

    /// The presets by name, for tools that pick one (`clipkit notify process --policy NAME`):
    /// `standard` and `bluesky`.
    @_spi(ClipKitTooling) public static let presets: [String: ReasonPolicy] = ["standard": .standard, "bluesky": .bluesky]

    /// The preset named `name`, if there is one.
    public static func preset(named name: String) -> ReasonPolicy? {
        presets[name]
    }
}
