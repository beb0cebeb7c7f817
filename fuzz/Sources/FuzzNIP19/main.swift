// libFuzzer target: NIP-19 decoding (bech32 npub / nprofile / nevent / naddr, with or without
// `nostr:`), NIP-05 addresses, and the `nostrPerson` route kind that reads both. A decoded entity
// must encode again, and the encoding must decode to the same entity; a value the route kind
// accepts must be accepted again, unchanged, in its normalized form.
import ClipKit
import ClipNostr
import FuzzDriver
import FuzzSupport

func isLowercaseHex(_ text: String, count: Int) -> Bool {
    text.utf8.count == count && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
}

runFuzzer { data, size in
    let text = FuzzInput(data, size).text

    if let address = try? NIP05Address(text) {
        require(address.identifier.utf8.count <= NIP05Address.maximumLength, "address '\(address)' over the cap")
        require((try? NIP05Address(address.identifier)) == address, "'\(address.identifier)' does not read back to \(address)")
    }

    switch ParameterKind.nostrPerson.check(text) {
    case .accepted(let normalized):
        require(ParameterKind.nostrPerson.check(normalized) == .accepted(normalized), "'\(normalized)' is not stable")
    case .rejected(let reason):
        require(!reason.isEmpty, "a rejection without a reason")
    }

    guard let entity = try? NIP19.decode(text) else { return 0 }
    if let key = entity.publicKey {
        require(isLowercaseHex(key, count: 64), "public key '\(key)' is not 64 hex characters")
    }
    require(entity.relays.count <= NIP19.maximumRelayHints, "kept \(entity.relays.count) relay hints")
    switch entity {
    case .npub, .nprofile:
        require(entity.publicKey != nil, "an \(entity.typeName) without a key")
    case .nevent(let pointer):
        require(isLowercaseHex(pointer.eventID, count: 64), "event id '\(pointer.eventID)' is not 64 hex characters")
    case .naddr(let pointer):
        require(pointer.identifier.utf8.count <= 255, "identifier of \(pointer.identifier.utf8.count) bytes")
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
