import ClipKit
import Foundation

/// The one-shot handoff of secrets from an App Clip to its full app, through the keychain (iOS 15.4
/// and later).
///
/// The App Group is for what any target in the group may read; a session token or an order secret
/// goes here instead. The contract is ``/ClipKit/HandoffStore``'s, because this is a ``/ClipKit/HandoffStore`` over the
/// keychain: the clip offers a typed payload, the app claims it exactly once, an entry lives as long
/// as the manifest's `handoff.ttlSeconds`, and an entry that is expired, corrupt or that the app
/// cannot decode yields `nil`, is removed, and the diagnostics hook says why, so nothing is lost
/// silently. It offers the manifest's `handoff.types` (any type when it lists none), secret ones
/// included, which the App Group store refuses.
///
/// On iOS, the clip writes with ``clip(manifest:diagnostics:)`` and the app reads with
/// ``app(manifest:diagnostics:)``; the clip can never read what the app stores.
///
/// ```swift
/// struct SessionHandoff: HandoffPayload { static let handoffTypeName = "com.example.session"; var token: String }
///
/// // In the clip, once the person has signed in:
/// try KeychainHandoffStore.clip(manifest: ClipConfiguration.manifest).offer(SessionHandoff(token: token))
///
/// // In the app, on first launch:
/// if let session = try KeychainHandoffStore.app(manifest: ClipConfiguration.manifest).claim(SessionHandoff.self) { … }
/// ```
public struct KeychainHandoffStore: Sendable {
    /// The keychain service the entry is stored under unless told otherwise.
    package static let defaultKey = "clipkit.handoff.secret"

    /// The handoff store over the keychain.
    let store: HandoffStore

    /// Creates a store over `keychain` whose entries live `lifetime` seconds and that offers `types`
    /// (any type when empty), secret ones included.
    ///
    /// - Throws: ``/ClipKit/HandoffError`` for a key that is not a storage key or a lifetime out of range.
    package init(
        keychain: any KeychainItems, lifetime: Int, types: [ClipManifest.HandoffType] = [], key: String = KeychainHandoffStore.defaultKey,
        parameterKinds: ParameterKindRegistry = .standard, clock: @escaping @Sendable () -> Date = { Date() },
        diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws(HandoffError) {
        store = try HandoffStore(
            defaults: KeychainSharedDefaults(items: keychain), lifetime: lifetime, key: key, types: types,
            parameterKinds: parameterKinds, clockSkewAllowance: HandoffEnvelope.defaultClockSkewAllowance,
            clock: clock, diagnostics: diagnostics, holdsSecrets: true
        )
    }

    /// Creates a store over `keychain` with the manifest's `handoff.ttlSeconds` and `handoff.types`.
    package init(
        keychain: any KeychainItems, manifest: ClipManifest, key: String = KeychainHandoffStore.defaultKey,
        parameterKinds: ParameterKindRegistry = .standard, clock: @escaping @Sendable () -> Date = { Date() },
        diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws(HandoffError) {
        try self.init(
            keychain: keychain, lifetime: manifest.handoff.ttlSeconds, types: manifest.handoff.types, key: key,
            parameterKinds: parameterKinds, clock: clock, diagnostics: diagnostics
        )
    }

    /// Offers `payload` to the full app, replacing any entry that is waiting.
    ///
    /// - Throws: ``/ClipKit/HandoffError`` saying why the payload cannot be offered (not a listed type,
    ///   a member missing or of the wrong kind, too large) or the keychain failed.
    @discardableResult
    public func offer<Payload: HandoffPayload>(_ payload: Payload) throws -> HandoffOffer {
        try store.offer(payload)
    }

    /// Offers any `Codable` payload under an explicit type name, replacing any entry that is waiting.
    @discardableResult
    public func offer<Payload: Codable & Sendable>(_ payload: Payload, typeName: String) throws -> HandoffOffer {
        try store.offer(payload, typeName: typeName)
    }

    /// Claims the waiting payload of type `Payload` and removes the entry; `nil` when there is none
    /// or it is unusable (the diagnostics hook says why).
    public func claim<Payload: HandoffPayload>(_ type: Payload.Type = Payload.self) -> Payload? {
        store.claim(type)
    }

    /// Claims the waiting payload stored under `typeName` and removes the entry.
    public func claim<Payload: Codable & Sendable>(_ type: Payload.Type, typeName: String) -> Payload? {
        store.claim(type, typeName: typeName)
    }

    /// The waiting payload of type `Payload`, left in place.
    public func peek<Payload: HandoffPayload>(_ type: Payload.Type = Payload.self) -> Payload? {
        store.peek(type)
    }
}
