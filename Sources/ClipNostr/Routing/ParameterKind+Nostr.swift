import ClipKit

extension ParameterKind {
    /// The route parameter kinds ClipNostr adds: ``npub`` and ``nostrProfile``.
    public static let nostrKinds: [ParameterKind] = [.npub, .nostrProfile]

    /// A NIP-19 `npub` (a `nostr:` prefix is accepted), normalized to its lowercase form.
    ///
    /// A rejected value says why: a bad checksum, another entity type (an `nsec` is called out as
    /// a secret key), a key of the wrong length.
    public static let npub = ParameterKind(name: "npub", summary: "a Nostr public key as npub1…") { value in
        switch Result(catching: { () throws(NIP19Error) in try NIP19.decode(value) }) {
        case .success(.npub(let key)):
            return normalized(.npub(publicKey: key))
        case .success(let other):
            return .rejected("'\(shortened(value))' is an \(other.typeName), not an npub")
        case .failure(let error):
            return .rejected("'\(shortened(value))' is not an npub: \(error.description)")
        }
    }

    /// A NIP-19 `npub` or `nprofile`, normalized to its lowercase form (an nprofile keeps only the
    /// relay hints ClipNostr would connect to).
    public static let nostrProfile = ParameterKind(name: "nostrProfile", summary: "a Nostr npub1… or nprofile1…") { value in
        switch Result(catching: { () throws(NIP19Error) in try NIP19.decode(value) }) {
        case .success(let entity):
            return normalized(entity)
        case .failure(let error):
            return .rejected("'\(shortened(value))' is not an npub or nprofile: \(error.description)")
        }
    }

    private static func normalized(_ entity: NIP19Entity) -> Check {
        switch Result(catching: { () throws(NIP19Error) in try NIP19.encode(entity) }) {
        case .success(let text): return .accepted(text)
        case .failure(let error): return .rejected(error.description)
        }
    }

    private static func shortened(_ value: String) -> String {
        value.count <= 80 ? value : String(value.prefix(77)) + "…"
    }
}

extension ParameterKindRegistry {
    /// ClipKit's standard kinds plus ClipNostr's (``ParameterKind/npub``, ``ParameterKind/nostrProfile``).
    public static let standardWithNostr: ParameterKindRegistry = {
        var registry = ParameterKindRegistry.standard
        for kind in ParameterKind.nostrKinds { registry.register(kind) }
        return registry
    }()
}
