// libFuzzer target: NIP-19 decoding (bech32 npub / nprofile, with or without `nostr:`). A decoded
// entity must encode again, and the encoding must decode to the same entity.
import ClipNostr
import FuzzDriver
import FuzzSupport

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    guard let entity = try? NIP19.decode(text) else { return 0 }
    require(entity.publicKey.utf8.count == 64, "public key '\(entity.publicKey)' is not 64 hex characters")
    if case .nprofile(_, let relays) = entity {
        require(relays.count <= NIP19.maximumRelayHints, "kept \(relays.count) relay hints")
    }
    let encoded: String
    do {
        encoded = try NIP19.encode(entity)
    } catch {
        require(false, "a decoded entity does not encode: \(error)")
        return 0
    }
    let again = try? NIP19.decode(encoded)
    require(again == entity, "decode(encode(x)) != x for \(entity)")
    return 0
}
