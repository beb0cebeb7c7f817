// libFuzzer target: a domain's /.well-known/nostr.json (ClipNostr's NIP05Document, 64 KiB cap),
// then the lookup of a fixed name and of every listed name that is a valid address.
// A body over the cap is never read; reading twice gives the same document; a found key is 64
// lowercase hex characters; relay hints are checked RelayURLs, without repeats, at most the cap.
@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import FuzzDriver
import FuzzSupport

let url = URL(string: "https://roadflare.app/.well-known/nostr.json?name=maria")!
let cap = 4096
let hintCap = 3
let fixed = try! NIP05Address("maria@roadflare.app")

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).array
    guard let document = try? NIP05Document(parsing: bytes, url: url, maximumBytes: cap, maximumRelayHints: hintCap) else { return 0 }
    require(bytes.count <= cap, "a body of \(bytes.count) bytes was read past the \(cap)-byte cap")
    require((try? NIP05Document(parsing: bytes, url: url, maximumBytes: cap, maximumRelayHints: hintCap)) == document,
            "reading the same body twice gave different documents")
    var addresses = [fixed]
    for name in document.names.keys.prefix(16) {
        if let address = try? NIP05Address("\(name)@roadflare.app") { addresses.append(address) }
    }
    for address in addresses {
        guard let identity = try? document.lookUp(address) else { continue }
        require(Hex.decodeLowercase(identity.publicKey, byteCount: 32) != nil, "a key that is not 64 lowercase hex was accepted")
        require(identity.relayHints.count <= hintCap, "more relay hints than the cap")
        require(Set(identity.relayHints.map(\.string)).count == identity.relayHints.count, "a repeated relay hint")
        for hint in identity.relayHints {
            require((try? RelayURL(hint.string)) == hint, "a relay hint that does not check again")
        }
    }
    return 0
}
