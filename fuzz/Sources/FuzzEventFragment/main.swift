// libFuzzer target: ClipNostr's decoder for signed events in link fragments (`EventFragment`).
// The first byte of an input picks how the rest is read: even, as the fragment's text (base64url
// and all); odd, as the decoded layout, which the target writes as base64url first. A crash means
// the decoder trapped, or it accepted an input that is not the one canonical encoding of what it
// returned (encoding the event again must give back the same text), or returned an event whose
// id is not the hash of its fields. A text with a '.' is also read as a share link's two parts,
// the profile and the author's relay list, and a relay list that decodes is read for its relays.
import ClipNostr
import Foundation
import FuzzDriver

func base64URL(_ bytes: UnsafeRawBufferPointer) -> String {
    Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

/// Reads `text` as a link's fragment with a profile and a relay list, by the author of whichever
/// part decodes; the relay list's relays must all be ones ClipNostr would connect to.
func readLinkParts(_ text: String) {
    let parts = text.split(separator: EventFragment.partSeparator, maxSplits: 1, omittingEmptySubsequences: false)
    let author = parts.lazy.compactMap { try? EventFragment.decode($0).pubkey }.first ?? String(repeating: "0", count: 64)
    _ = try? EventFragment.decodeProfile(text, author: author)
    do {
        guard let list = try EventFragment.decodeRelayList(text, author: author) else {
            fatalError("a fragment with a '.' was read as carrying no relay list")
        }
        let read = AuthorRelayList(verifiedEvent: list, origin: .link)
        if read.writeRelays.count > AuthorRelayList.maximumListedRelays { fatalError("the relay list was not capped") }
        for relay in read.writeRelays where (try? RelayURL(relay.string)) != relay {
            fatalError("a listed relay does not check out again: \(relay.string)")
        }
    } catch {
        _ = error.description
    }
}

runFuzzer { data, size in
    guard let data, size > 0 else { return 0 }
    let rest = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let text = data[0] & 1 == 0 ? String(decoding: rest, as: UTF8.self) : base64URL(rest)
    if text.contains(EventFragment.partSeparator) { readLinkParts(text) }
    let event: NostrEvent
    do {
        event = try EventFragment.decode(text)
    } catch let error as EventFragmentError {
        _ = error.description
        return 0
    } catch {
        fatalError("the decoder threw an untyped error: \(error)")
    }
    if event.id != event.computedID() {
        fatalError("the decoded event's id is not the hash of its fields")
    }
    do {
        let again = try EventFragment.encode(event)
        if again != text { fatalError("accepted a non-canonical fragment: \(text.prefix(80)) encodes back as \(again.prefix(80))") }
    } catch {
        fatalError("a decoded event does not encode again: \(error)")
    }
    _ = EventVerifier().verify(event)
    return 0
}
