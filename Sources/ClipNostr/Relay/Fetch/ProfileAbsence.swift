/// Why a profile fetch showed no profile: the relays that answered had none, or no relay answered.
///
/// The one classification the command line, the server and the clip's preview share: a fetch in
/// which at least one relay answered in full (`EOSE`) and none had a verified profile is
/// ``notFound``; one in which every relay failed, refused or ran out of time is ``noRelayAnswered``,
/// since nothing is known about the profile.
public enum ProfileAbsence: String, Sendable, Hashable, CaseIterable {
    /// At least one relay answered in full and had no verified profile.
    case notFound = "not-found"
    /// No relay answered in full: each failed, refused or ran out of time.
    case noRelayAnswered = "no-relay-answered"

    /// The classification of a fetch without a profile in which `relaysAnswered` relays answered in full.
    public init(relaysAnswered: Int) {
        self = relaysAnswered > 0 ? .notFound : .noRelayAnswered
    }
}

@available(iOS 16.0, *)
extension ProfileFetchUpdate {
    /// How many relays answered in full (`EOSE`).
    @_spi(ClipKitTooling) public var relaysAnswered: Int {
        relays.filter { $0.state.outcome?.answered == true }.count
    }

    /// Why the fetch shows no profile; `nil` when it shows one.
    @_spi(ClipKitTooling) public var absence: ProfileAbsence? {
        profile == nil ? ProfileAbsence(relaysAnswered: relaysAnswered) : nil
    }
}
