/// The signed events a share link carried, decoded but not yet checked: the profile, and the
/// author's relay list when the link carries one too.
@available(iOS 16.0, *)
struct EmbeddedProfileSeed: Sendable {
    /// The decoded profile event, or why the fragment holds none.
    let decoded: Result<NostrEvent, EventFragmentError>
    /// The decoded relay list, why its part holds none, or `nil` when the link carries no relay list.
    let relayList: Result<NostrEvent, EventFragmentError>?

    init(fragment: String, author: String) {
        do {
            decoded = .success(try EventFragment.checkedDecodeProfile(fragment, author: author))
        } catch {
            decoded = .failure(error)
        }
        do {
            relayList = try EventFragment.checkedDecodeRelayList(fragment, author: author).map { .success($0) }
        } catch {
            relayList = .failure(error)
        }
    }
}
