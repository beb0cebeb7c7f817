/// The signed profile a share link carried, decoded but not yet checked.
@available(iOS 16.0, *)
struct EmbeddedProfileSeed: Sendable {
    /// The decoded event, or why the fragment holds none.
    let decoded: Result<NostrEvent, EventFragmentError>

    init(fragment: String, author: String) {
        do {
            decoded = .success(try EventFragment.decodeProfile(fragment, author: author))
        } catch {
            decoded = .failure(error)
        }
    }
}
