import Foundation

/// The one-shot handoff from an App Clip to its full app.
///
/// The clip offers a typed payload — the app's own `Codable` type — and the full app claims it once,
/// on first launch, and the entry is gone. Offering again replaces a waiting entry. The entry lives
/// in the App Group through a ``SharedDefaults`` store, wrapped in a ``HandoffEnvelope`` with an
/// expiry taken from the manifest's `handoff.ttlSeconds`. A store built from a manifest that lists
/// `handoff.types` offers only those types, and only payloads that have the members they need.
///
/// ```swift
/// struct TicketHandoff: HandoffPayload { static let handoffTypeName = "com.example.ticket"; var ticket: String }
///
/// // In the clip, when the person taps "Get the app":
/// let store = try HandoffStore(defaults: defaults, manifest: manifest)
/// try store.offer(TicketHandoff(ticket: "A12"))
///
/// // In the app, on first launch:
/// if let ticket = store.claim(TicketHandoff.self) { open(ticket) }
/// ```
///
/// Claiming is exactly-once as far as the store's ``SharedDefaults/takeValue(forKey:)`` is: across
/// processes with ``DirectorySharedDefaults``. The handoff is best-effort by design (the system may
/// evict a clip's data before the app starts), so claiming returns `nil` when there is nothing, and
/// an unusable entry (corrupt, truncated, oversized, expired, future-dated, of an unknown schema or of
/// another type) also yields `nil`: it is removed and the reason goes to the diagnostics hook.
///
/// The App Group is for what any target with the group may read. A type the manifest marks secret
/// (`"secret": true`: a session token, an order secret) is refused with
/// ``HandoffError/secretTypeInAppGroup(_:)``; it crosses the install through the keychain handoff.
public struct HandoffStore: Sendable {
    /// The key the entry is stored under unless told otherwise.
    public static let defaultKey = "clipkit.handoff"
    /// The lifetimes a handoff may have, in seconds: one second to 30 days.
    @_spi(ClipKitTooling) public static let lifetimeRange = 1...HandoffEnvelope.maximumLifetime

    /// The shared store that holds the entry.
    public let defaults: any SharedDefaults
    /// The key the entry is stored under.
    public let key: String
    /// How long an offered entry stays claimable, in seconds.
    public let lifetime: Int
    /// How far in the future an entry's creation time may lie (clock changes) before it is refused.
    @_spi(ClipKitTooling) public let clockSkewAllowance: TimeInterval
    /// The payload types this store offers, from the manifest's `handoff.types`; empty offers any type.
    public let types: [ClipManifest.HandoffType]
    /// The kinds whose checks run on string members of ``types`` (`uuid`, `slug`, `npub`, …).
    public let parameterKinds: ParameterKindRegistry

    private let clock: @Sendable () -> Date
    private let diagnostics: @Sendable (HandoffDiagnostic) -> Void
    /// Whether the store may hold types the manifest marks secret (only the keychain handoff's may).
    private let holdsSecrets: Bool

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - defaults: The App Group's shared store.
    ///   - lifetime: Seconds an offered entry stays claimable (`lifetimeRange`).
    ///   - key: The key of the entry; clips with several independent handoffs use one key each.
    ///   - types: The payload types the store offers (the manifest's `handoff.types`); empty offers any.
    ///   - parameterKinds: The kinds whose checks run on the types' string members; a kind not
    ///     registered here (the app's own) checks only that the member is a string.
    ///   - clockSkewAllowance: How far in the future a creation time may lie before the entry is refused.
    ///   - clock: The current time; tests inject their own.
    ///   - diagnostics: Told why an entry yielded nothing; called on the caller's thread.
    /// - Throws: ``HandoffError/invalidKey(_:)`` or ``HandoffError/invalidLifetime(seconds:allowed:)``.
    public init(
        defaults: any SharedDefaults, lifetime: Int, key: String = HandoffStore.defaultKey,
        types: [ClipManifest.HandoffType] = [], parameterKinds: ParameterKindRegistry = .standard,
        clockSkewAllowance: TimeInterval = HandoffEnvelope.defaultClockSkewAllowance,
        clock: @escaping @Sendable () -> Date = { Date() },
        diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws {
        try self.init(checkingDefaults: defaults, lifetime: lifetime, key: key, types: types, parameterKinds: parameterKinds, clockSkewAllowance: clockSkewAllowance, clock: clock, diagnostics: diagnostics)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingDefaults defaults: any SharedDefaults, lifetime: Int, key: String, types: [ClipManifest.HandoffType], parameterKinds: ParameterKindRegistry, clockSkewAllowance: TimeInterval, clock: @escaping @Sendable () -> Date, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void) throws(HandoffError) {
        try self.init(
            defaults: defaults, lifetime: lifetime, key: key, types: types, parameterKinds: parameterKinds,
            clockSkewAllowance: clockSkewAllowance, clock: clock, diagnostics: diagnostics, holdsSecrets: false
        )
    }

    /// Creates a store that may hold secret types (`holdsSecrets`): the keychain handoff's, whose
    /// entries no other target can read. Every other store is the App Group's and refuses them.
    package init(
        defaults: any SharedDefaults, lifetime: Int, key: String, types: [ClipManifest.HandoffType],
        parameterKinds: ParameterKindRegistry, clockSkewAllowance: TimeInterval,
        clock: @escaping @Sendable () -> Date, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void,
        holdsSecrets: Bool
    ) throws(HandoffError) {
        guard FieldRules.isStorageKey(key) else { throw .invalidKey(key) }
        guard Self.lifetimeRange.contains(lifetime) else { throw .invalidLifetime(seconds: lifetime, allowed: Self.lifetimeRange) }
        self.defaults = defaults
        self.key = key
        self.lifetime = lifetime
        self.types = types
        self.parameterKinds = parameterKinds
        self.clockSkewAllowance = clockSkewAllowance
        self.clock = clock
        self.diagnostics = diagnostics
        self.holdsSecrets = holdsSecrets
    }

    /// Creates a store whose entries live as long as the manifest's `handoff.ttlSeconds` and that
    /// offers the manifest's `handoff.types` (any type when it lists none), checking string members
    /// with `parameterKinds`.
    public init(
        defaults: any SharedDefaults, manifest: ClipManifest, key: String = HandoffStore.defaultKey,
        parameterKinds: ParameterKindRegistry = .standard,
        clockSkewAllowance: TimeInterval = HandoffEnvelope.defaultClockSkewAllowance,
        clock: @escaping @Sendable () -> Date = { Date() },
        diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws {
        try self.init(checkingDefaults: defaults, manifest: manifest, key: key, parameterKinds: parameterKinds, clockSkewAllowance: clockSkewAllowance, clock: clock, diagnostics: diagnostics)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingDefaults defaults: any SharedDefaults, manifest: ClipManifest, key: String, parameterKinds: ParameterKindRegistry, clockSkewAllowance: TimeInterval, clock: @escaping @Sendable () -> Date, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void) throws(HandoffError) {
        try self.init(
            checkingDefaults: defaults, lifetime: manifest.handoff.ttlSeconds, key: key, types: manifest.handoff.types,
            parameterKinds: parameterKinds, clockSkewAllowance: clockSkewAllowance, clock: clock, diagnostics: diagnostics
        )
    }

    // MARK: Offering

    /// Offers `payload` to the full app, replacing any entry that is waiting.
    @discardableResult
    public func offer<Payload: HandoffPayload>(_ payload: Payload) throws -> HandoffOffer {
        try checkedOffer(payload, typeName: Payload.handoffTypeName)
    }

    /// Offers any `Codable` payload under an explicit type name, replacing any entry that is waiting.
    ///
    /// The entry is checked before it is written: the type must be one of ``types`` (when there are
    /// any) and the payload have the members that type needs, each of its kind, it must fit
    /// ``HandoffEnvelope/maximumBytes`` and decode back as `Payload`, so what is offered is what a
    /// claim returns.
    @discardableResult
    public func offer<Payload: Codable & Sendable>(_ payload: Payload, typeName: String) throws -> HandoffOffer {
        try checkedOffer(payload, typeName: typeName)
    }

    /// ``offer(_:typeName:)`` with its error typed, for this package.
    package func checkedOffer<Payload: Codable & Sendable>(_ payload: Payload, typeName: String) throws(HandoffError) -> HandoffOffer {
        guard HandoffEnvelope.isTypeName(typeName) else { throw HandoffError.invalidTypeName(typeName) }
        let type = try listedType(named: typeName)
        let entry = try checkedEntry(payloadJSON: try HandoffEnvelope.encode(payload, typeName: typeName), typeName: typeName)
        try check(entry.envelope.payload, against: type)
        do {
            _ = try HandoffEnvelope.decodePayload(from: entry.data, typeName: typeName, as: Payload.self)
        } catch {
            throw HandoffError.payloadRejected(error)
        }
        return try store(entry)
    }

    /// The manifest's type named `typeName`; `nil` when the store offers any type.
    ///
    /// - Throws: ``HandoffError/typeNotListed(_:listed:)`` when the store lists types and not this one,
    ///   ``HandoffError/secretTypeInAppGroup(_:)`` when the type is secret and this is the App Group's store.
    func listedType(named typeName: String) throws(HandoffError) -> ClipManifest.HandoffType? {
        guard !types.isEmpty else { return nil }
        guard let type = types.first(where: { $0.name == typeName }) else {
            throw .typeNotListed(typeName, listed: types.map(\.name))
        }
        if type.isSecret, !holdsSecrets { throw .secretTypeInAppGroup(typeName) }
        return type
    }

    /// Checks a payload against its listed type, as far as the manifest says how.
    func check(_ payload: JSONValue, against type: ClipManifest.HandoffType?) throws(HandoffError) {
        if let type, let problem = type.problem(with: payload, parameterKinds: parameterKinds) {
            throw .payloadDoesNotFitType(typeName: type.name, reason: problem)
        }
    }

    /// The bytes of an entry around payload JSON, checked by ``HandoffEnvelope/init(validating:now:clockSkewAllowance:)``.
    func checkedEntry(payloadJSON: Data, typeName: String) throws(HandoffError) -> (data: Data, envelope: HandoffEnvelope) {
        let now = clock()
        let seconds = now.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            throw .payloadRejected(.corrupt(reason: "the clock reads \(now.timeIntervalSince1970) Unix seconds, which no entry can carry"))
        }
        let data = HandoffEnvelope.entry(payloadJSON: payloadJSON, typeName: typeName, createdAt: Int(seconds), lifetime: lifetime)
        guard data.count <= HandoffEnvelope.maximumBytes else {
            throw .entryTooLarge(bytes: data.count, limit: HandoffEnvelope.maximumBytes)
        }
        do {
            return (data, try HandoffEnvelope(checking: data, now: now, clockSkewAllowance: clockSkewAllowance))
        } catch {
            throw .payloadRejected(error)
        }
    }

    /// Writes a checked entry, replacing any waiting one.
    func store(_ entry: (data: Data, envelope: HandoffEnvelope)) throws(HandoffError) -> HandoffOffer {
        do {
            try defaults.set(entry.data, forKey: key)
        } catch {
            throw .storageFailed(SharedDefaultsError(error, operation: "write", key: key))
        }
        let envelope = entry.envelope
        return HandoffOffer(typeName: envelope.typeName, createdAt: envelope.createdAt, expiresAt: envelope.expiresAt, bytes: entry.data.count)
    }

    // MARK: Claiming

    /// Claims the waiting payload of type `Payload` and removes the entry; `nil` when there is none or
    /// it is unusable (the hook says why).
    public func claim<Payload: HandoffPayload>(_ type: Payload.Type = Payload.self) -> Payload? {
        claim(type, typeName: Payload.handoffTypeName)
    }

    /// Claims the waiting payload stored under `typeName` and removes the entry.
    public func claim<Payload: Codable & Sendable>(_ type: Payload.Type, typeName: String) -> Payload? {
        guard let (data, envelope) = take() else { return nil }
        return typedPayload(of: envelope, in: data, as: type, typeName: typeName, discard: {})
    }

    /// Claims the waiting entry whatever its payload type and removes it; `nil` when there is none or
    /// it is unusable. Tools use it; apps usually claim a type.
    @_spi(ClipKitTooling) public func claimEnvelope() -> HandoffEnvelope? {
        take()?.envelope
    }

    // MARK: Peeking

    /// The waiting payload of type `Payload`, left in place; `nil` when there is none or it is unusable
    /// (an unusable entry is removed and the hook says why).
    public func peek<Payload: HandoffPayload>(_ type: Payload.Type = Payload.self) -> Payload? {
        peek(type, typeName: Payload.handoffTypeName)
    }

    /// The waiting payload stored under `typeName`, left in place.
    public func peek<Payload: Codable & Sendable>(_ type: Payload.Type, typeName: String) -> Payload? {
        guard let (data, envelope) = look() else { return nil }
        return typedPayload(of: envelope, in: data, as: type, typeName: typeName, discard: { discard(observed: data) })
    }

    /// The waiting entry whatever its payload type, left in place.
    @_spi(ClipKitTooling) public func peekEnvelope() -> HandoffEnvelope? {
        look()?.envelope
    }

    // MARK: Internals

    /// Takes the entry atomically and validates it.
    private func take() -> (data: Data, envelope: HandoffEnvelope)? {
        let data: Data
        do {
            guard let taken = try defaults.takeValue(forKey: key) else { return nil }
            data = taken
        } catch {
            report(Self.diagnostic(for: SharedDefaultsError(error, operation: "take", key: key)))
            return nil
        }
        do {
            return (data, try HandoffEnvelope(checking: data, now: clock(), clockSkewAllowance: clockSkewAllowance))
        } catch {
            report(error)
            return nil
        }
    }

    /// Reads the entry without removing it; an unusable entry is removed.
    private func look() -> (data: Data, envelope: HandoffEnvelope)? {
        let data: Data
        do {
            guard let read = try defaults.data(forKey: key) else { return nil }
            data = read
        } catch {
            let diagnostic = Self.diagnostic(for: SharedDefaultsError(error, operation: "read", key: key))
            if diagnostic.removedEntry { discardUnreadable() }
            report(diagnostic)
            return nil
        }
        do {
            return (data, try HandoffEnvelope(checking: data, now: clock(), clockSkewAllowance: clockSkewAllowance))
        } catch {
            discard(observed: data)
            report(error)
            return nil
        }
    }

    private func typedPayload<Payload: Decodable>(
        of envelope: HandoffEnvelope, in data: Data, as type: Payload.Type, typeName: String, discard: () -> Void
    ) -> Payload? {
        guard envelope.typeName == typeName else {
            discard()
            report(.wrongType(expected: typeName, found: envelope.typeName))
            return nil
        }
        do {
            return try HandoffEnvelope.decodePayload(from: data, typeName: typeName, as: type)
        } catch {
            discard()
            report(error)
            return nil
        }
    }

    /// Removes the entry that was read as `observed`, unless a newer one replaced it meanwhile.
    private func discard(observed: Data) {
        do {
            _ = try defaults.removeValue(forKey: key, ifEqualTo: observed)
        } catch {
            report(.storageFailed(SharedDefaultsError(error, operation: "remove", key: key)))
        }
    }

    /// Removes an entry that could not be read at all (too large, or not bytes).
    private func discardUnreadable() {
        do {
            // Taking removes it whatever its size; if a usable entry replaced it meanwhile, put that back.
            if let replacement = try defaults.takeValue(forKey: key) {
                try defaults.set(replacement, forKey: key)
            }
        } catch SharedDefaultsError.valueTooLarge, SharedDefaultsError.unexpectedValue {
            // Removed by the take.
        } catch {
            report(.storageFailed(SharedDefaultsError(error, operation: "remove", key: key)))
        }
    }

    private func report(_ diagnostic: HandoffDiagnostic) {
        diagnostics(diagnostic)
    }

    private static func diagnostic(for error: SharedDefaultsError) -> HandoffDiagnostic {
        switch error {
        case .valueTooLarge(_, let bytes, _):
            return .oversized(bytes: bytes, limit: HandoffEnvelope.maximumBytes)
        case .unexpectedValue(_, let found):
            return .corrupt(reason: "the stored value is \(found), not an envelope")
        default:
            return .storageFailed(error)
        }
    }
}
