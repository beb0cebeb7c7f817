import ClipKit
import ClipNostr
import Foundation

/// From a share link's npub and a relay's event to a profile the clip may show.
func verifiedProfile(npub: String, eventObject: Data, show: (Profile) -> Void) throws {
    let entity = try NIP19.decode(npub)                       // npub, nprofile, nevent, naddr; "nostr:" allowed
    let event = try NostrEvent(jsonData: eventObject)         // strict JSON, content byte for byte
    guard event.pubkey == entity.publicKey, event.kind == 0 else { return }
    try EventVerifier().verify(event).get()                   // shape, id, BIP-340 signature
    let profile = try Profile(event: event)                   // https-only URLs, capped strings
    show(profile)
}
