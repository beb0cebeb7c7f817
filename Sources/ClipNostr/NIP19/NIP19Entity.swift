/// A decoded NIP-19 entity ClipNostr reads: a public key (`npub`), a public key with relay hints
/// (`nprofile`), a pointer to an event (`nevent`) or to an addressable event (`naddr`).
public enum NIP19Entity: Sendable, Hashable {
    /// An `npub`: the public key as 64 lowercase hex characters.
    case npub(publicKey: String)
    /// An `nprofile`: the public key and the relays where the person's events can be found.
    ///
    /// Only hints ClipNostr would connect to are kept (see ``RelayURL``), at most
    /// ``NIP19/maximumRelayHints``, in their original order.
    case nprofile(publicKey: String, relays: [String])
    /// An `nevent`: an event's id, with its author and kind when the string carries them.
    case nevent(NIP19EventPointer)
    /// An `naddr`: the coordinate of an addressable or replaceable event (kind, author, `d` tag).
    case naddr(NIP19AddressPointer)

    /// The person the entity names, as 64 lowercase hex characters: the key of an `npub` or
    /// `nprofile`, the author of an `naddr`, and the author of an `nevent` when it carries one
    /// (`nil` otherwise).
    public var publicKey: String? {
        switch self {
        case .npub(let key), .nprofile(let key, _): return key
        case .nevent(let pointer): return pointer.author
        case .naddr(let pointer): return pointer.author
        }
    }

    /// The relay hints (empty for an `npub`).
    public var relays: [String] {
        switch self {
        case .npub: return []
        case .nprofile(_, let relays): return relays
        case .nevent(let pointer): return pointer.relays
        case .naddr(let pointer): return pointer.relays
        }
    }

    /// The entity's prefix: `npub`, `nprofile`, `nevent` or `naddr`.
    public var typeName: String {
        switch self {
        case .npub: return "npub"
        case .nprofile: return "nprofile"
        case .nevent: return "nevent"
        case .naddr: return "naddr"
        }
    }
}

/// Where to find one event, as an `nevent` carries it.
public struct NIP19EventPointer: Sendable, Hashable {
    /// The event's id: 64 lowercase hex characters.
    public var eventID: String
    /// Relays where the event is likely found (when decoded: only those ClipNostr would connect
    /// to, at most ``NIP19/maximumRelayHints``, in their original order).
    public var relays: [String]
    /// The event's author (64 lowercase hex characters), when the string names one.
    public var author: String?
    /// The event's kind, when the string names one.
    public var kind: UInt32?

    /// Creates a pointer to the event `eventID`.
    public init(eventID: String, relays: [String] = [], author: String? = nil, kind: UInt32? = nil) {
        self.eventID = eventID
        self.relays = relays
        self.author = author
        self.kind = kind
    }
}

/// The coordinate of an addressable or replaceable event, as an `naddr` carries it: the newest
/// event of `kind` by `author` whose `d` tag is `identifier`.
public struct NIP19AddressPointer: Sendable, Hashable {
    /// The `d` tag's value; empty for a replaceable event such as a profile (kind 0).
    public var identifier: String
    /// The author: 64 lowercase hex characters.
    public var author: String
    /// The event's kind.
    public var kind: UInt32
    /// Relays where the event is likely found (when decoded: only those ClipNostr would connect
    /// to, at most ``NIP19/maximumRelayHints``, in their original order).
    public var relays: [String]

    /// Creates the coordinate of `author`'s event of `kind` with `d` tag `identifier`.
    public init(identifier: String, author: String, kind: UInt32, relays: [String] = []) {
        self.identifier = identifier
        self.author = author
        self.kind = kind
        self.relays = relays
    }
}

extension NIP19Entity {
    /// Why an entity names no person whose profile could be fetched.
    package struct NotAPerson: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, for a person.
        package let description: String
    }

    /// A person an entity names: the public key and relay hints.
    package struct Person: Sendable, Equatable {
        /// The public key: 64 lowercase hex characters.
        package let publicKey: String
        /// The relay hints (already checked).
        package let relays: [String]

        /// The person as an `npub` (without relay hints) or an `nprofile` (with them).
        package var entity: NIP19Entity {
            relays.isEmpty ? .npub(publicKey: publicKey) : .nprofile(publicKey: publicKey, relays: relays)
        }
    }

    /// The person whose profile the entity leads to: the key of an npub or nprofile, an nevent's
    /// author, an naddr's author when it points at a profile (kind 0), each with its relay hints.
    /// An nevent without an author and an naddr of another kind name no profile.
    package func personReference() -> Result<Person, NotAPerson> {
        let author: String
        switch self {
        case .npub(let key), .nprofile(let key, _):
            author = key
        case .nevent(let pointer):
            guard let key = pointer.author else {
                return .failure(NotAPerson(description: "the nevent does not name its author, so it names no profile; share an nevent with the author, or the author's npub"))
            }
            author = key
        case .naddr(let pointer):
            guard pointer.kind == 0 else {
                return .failure(NotAPerson(description: "the naddr points at an event of kind \(pointer.kind), not at a profile (kind 0); share the author's npub or nprofile"))
            }
            author = pointer.author
        }
        return .success(Person(publicKey: author, relays: relays))
    }
}
