import ClipKit
import Foundation
import Testing

/// A ``SharedDefaults`` store an adopter writes throws errors of its own types, since the protocol's
/// requirements throw untyped. The handoff store reports such an error as a storage failure that
/// carries the error's own message, never as something else and never silently.
@Suite("a shared store that throws its own errors")
struct HandoffForeignStoreErrorTests {
    /// The adopter's own error.
    struct VaultLocked: LocalizedError {
        var errorDescription: String? { "the vault is locked" }
    }

    /// A store whose every operation fails with the adopter's error.
    struct LockedStore: SharedDefaults {
        let maximumValueBytes = 65_536
        func data(forKey key: String) throws -> Data? { throw VaultLocked() }
        func set(_ data: Data, forKey key: String) throws { throw VaultLocked() }
        func removeValue(forKey key: String) throws { throw VaultLocked() }
        func takeValue(forKey key: String) throws -> Data? { throw VaultLocked() }
        func removeValue(forKey key: String, ifEqualTo expected: Data) throws -> Bool { throw VaultLocked() }
    }

    @Test func anOfferThrowsAStorageFailureWithTheStoresMessage() throws {
        let store = try HandoffStore(defaults: LockedStore(), lifetime: 600)
        do {
            try store.offer(NoteHandoff(text: "table 4"))
            Issue.record("the offer succeeded on a store that cannot write")
        } catch {
            let failure = try #require(error as? HandoffError, "threw \(type(of: error))")
            guard case .storageFailed(.operationFailed(let operation, let key, let reason)) = failure else {
                Issue.record("expected storageFailed(operationFailed), got \(failure)")
                return
            }
            #expect(operation == "write")
            #expect(key == HandoffStore.defaultKey)
            #expect(reason == "the vault is locked")
            #expect(failure.localizedDescription.contains("the vault is locked"), "\(failure.localizedDescription)")
        }
    }

    @Test func aClaimReturnsNothingAndTellsTheDiagnosticsWhy() throws {
        let log = DiagnosticLog()
        let store = try HandoffStore(defaults: LockedStore(), lifetime: 600, diagnostics: log.handler)
        #expect(store.claim(NoteHandoff.self) == nil)
        let reported = try #require(log.entries.first, "no diagnostic for a store that cannot be read")
        guard case .storageFailed(.operationFailed(let operation, _, let reason)) = reported else {
            Issue.record("expected storageFailed(operationFailed), got \(reported)")
            return
        }
        #expect(operation == "take")
        #expect(reason == "the vault is locked")
    }
}
