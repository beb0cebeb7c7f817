import ClipKit

extension ParameterKind {
    /// The route parameter kinds ClipNostr adds: ``npub``, ``nostrProfile`` and ``nostrPerson``.
    /// Every one names a person, so a route with any of them leads to a profile.
    @_spi(ClipKitTooling) public static let nostrKinds: [ParameterKind] = [.npub, .nostrProfile, .nostrPerson]

    /// A NIP-19 `npub` (a `nostr:` prefix is accepted), normalized to its lowercase form.
    ///
    /// A rejected value says why: a bad checksum, another entity type (an `nsec` is called out as
    /// a secret key), a key of the wrong length.
    public static let npub = ParameterKind(name: "npub", summary: "a Nostr public key as npub1…") { value in
        switch Result(catching: { () throws(NIP19Error) in try NIP19.checkedDecode(value) }) {
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
        switch Result(catching: { () throws(NIP19Error) in try NIP19.checkedDecode(value) }) {
        case .success(let entity):
            switch entity {
            case .npub, .nprofile: return normalized(entity)
            case .nevent, .naddr: return .rejected("'\(shortened(value))' is an \(entity.typeName), not an npub or nprofile")
            }
        case .failure(let error):
            return .rejected("'\(shortened(value))' is not an npub or nprofile: \(error.description)")
        }
    }

    /// A person in any form people share: an `npub`, an `nprofile`, an `nevent` that names its
    /// author, an `naddr` of a profile (kind 0), or a NIP-05 address such as `maria@roadflare.app`.
    ///
    /// NIP-19 forms are normalized to the `npub` of the person, or to an `nprofile` when the string
    /// carries relay hints ClipNostr would connect to; a NIP-05 address to its lowercase
    /// `name@domain` (see ``NIP05Address/identifier``), which still has to be looked up. An
    /// nevent without an author and an naddr of another kind are rejected with the reason.
    public static let nostrPerson = ParameterKind(
        name: "nostrPerson", summary: "a Nostr person as npub1…, nprofile1…, nevent1…, naddr1… (kind 0) or name@domain"
    ) { value in
        if value.contains("@") {
            switch Result(catching: { () throws(NIP05AddressError) in try NIP05Address(checking: value) }) {
            case .success(let address): return .accepted(address.identifier)
            case .failure(let error): return .rejected("'\(shortened(value))' is not a NIP-05 address: \(error.description)")
            }
        }
        switch Result(catching: { () throws(NIP19Error) in try NIP19.checkedDecode(value) }) {
        case .success(let entity):
            switch entity.personReference() {
            case .success(let person): return normalized(person.entity)
            case .failure(let reason): return .rejected("'\(shortened(value))': \(reason.description)")
            }
        case .failure(let error):
            return .rejected("'\(shortened(value))' is not an npub, nprofile, nevent, naddr or NIP-05 address: \(error.description)")
        }
    }

    /// The names of ``nostrKinds``: the parameter kinds whose value names a person.
    @_spi(ClipKitTooling) public static var nostrKindNames: Set<String> { Set(nostrKinds.map(\.name)) }

    private static func normalized(_ entity: NIP19Entity) -> Check {
        switch Result(catching: { () throws(NIP19Error) in try NIP19.checkedEncode(entity) }) {
        case .success(let text): return .accepted(text)
        case .failure(let error): return .rejected(error.description)
        }
    }

    private static func shortened(_ value: String) -> String {
        value.count <= 80 ? value : String(value.prefix(77)) + "…"
    }
}

extension ParameterKindRegistry {
    /// ClipKit's standard kinds plus ClipNostr's (``ParameterKind/npub``,
    /// ``ParameterKind/nostrProfile``, ``ParameterKind/nostrPerson``).
    public static let standardWithNostr: ParameterKindRegistry = {
        var registry = ParameterKindRegistry.standard
        for kind in ParameterKind.nostrKinds { registry.register(kind) }
        return registry
    }()
}
