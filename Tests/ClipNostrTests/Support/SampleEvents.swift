import ClipNostr

/// Events signed by nostr-sdk (rust-nostr) with a fixed key, copied here as it wrote them.
enum SampleEvents {
    /// The signer's public key.
    static let publicKey = "8641efcf4a48f363d22a7bdd590d19f2b80f51edc8b151b0ce95a699212c8799"
    /// The signer's npub, as nostr-sdk wrote it.
    static let npub = "npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"

    /// A RoadFlare-style kind-0 profile with car fields.
    static let profileJSON = #"{"id":"867d3779eed94b5db3cf91fb25af4e2920e97725acdbd7f2a74537212ee136f8","pubkey":"8641efcf4a48f363d22a7bdd590d19f2b80f51edc8b151b0ce95a699212c8799","created_at":1700000000,"kind":0,"tags":[],"content":"{\"name\":\"ana\",\"display_name\":\"Ana Driver\",\"picture\":\"https://roadflare.app/a.png\",\"car_make\":\"Toyota\",\"car_model\":\"Prius\",\"car_color\":\"blue\"}","sig":"f136187f35dce818ae672e28f4c8b02a639d98c19e2709bb4be83344e8cdb064787507212da62268d4bd6d38baf2129c85ef887ca88759ad1a101e04c09be452"}"#

    /// A kind-1 note whose content has a newline, `/`, a quote, a backslash, a tab and a raw
    /// U+2028, and whose tag holds U+0000.
    static let noteJSON = #"{"id":"6f7279c6dfefd019c76fee673d764f933c9645a7c6b8d5dc384c3138ee0e07ed","pubkey":"8641efcf4a48f363d22a7bdd590d19f2b80f51edc8b151b0ce95a699212c8799","created_at":1700000100,"kind":1,"tags":[["t","roadflare"],["clipkit-test","a\u0000b"]],"content":"Line one\nslash / quote \" backslash \\ tab\t\#u{2028} end","sig":"ab4370005e325b583c655bc6cda7b3b7b35f3d928db8d433d099ac936f60066c1ad2df25979e3278b603a4c4a2992b7d79ebb55d6e24ce68d8048558757470bd"}"#

    static func decode(_ json: String) throws -> NostrEvent {
        try NostrEvent(jsonData: Array(json.utf8))
    }
}
