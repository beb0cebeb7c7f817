import ClipKit
import Foundation

/// The keychain as a ``/ClipKit/SharedDefaults`` store, so that the keychain handoff is ``/ClipKit/HandoffStore``
/// itself (the same envelope, expiry, type checks and diagnostics) over other storage.
///
/// Each key is a keychain service. A value is one item under a fresh account, so that taking it
/// deletes exactly the item that was read: of several takers, the one whose delete succeeds has it,
/// and a value stored meanwhile (under another account) is never deleted by mistake.
struct KeychainSharedDefaults: SharedDefaults {
    /// The keychain.
    let items: any KeychainItems
    /// The largest value handed out: a handoff entry's limit.
    let maximumValueBytes = HandoffEnvelope.maximumBytes
    /// How many times a taker looks again after another taker deleted the item it read.
    static let takeAttempts = 8

    func data(forKey key: String) throws -> Data? {
        try validate(key: key)
        guard let item = try items.firstItem(service: key) else { return nil }
        return try checked(item.data, key: key)
    }

    func set(_ data: Data, forKey key: String) throws {
        try validate(key: key)
        guard data.count <= maximumValueBytes else {
            throw SharedDefaultsError.valueTooLarge(key: key, bytes: data.count, limit: maximumValueBytes)
        }
        _ = try items.delete(service: key, account: nil)
        try items.add(data, service: key, account: UUID().uuidString)
    }

    func removeValue(forKey key: String) throws {
        try validate(key: key)
        _ = try items.delete(service: key, account: nil)
    }

    func takeValue(forKey key: String) throws -> Data? {
        try validate(key: key)
        for _ in 0..<Self.takeAttempts {
            guard let item = try items.firstItem(service: key) else { return nil }
            // Whoever deletes the item has taken it; a taker that lost looks again for a newer one.
            if try items.delete(service: key, account: item.account) {
                return try checked(item.data, key: key)
            }
        }
        return nil
    }

    func removeValue(forKey key: String, ifEqualTo expected: Data) throws -> Bool {
        try validate(key: key)
        guard let item = try items.firstItem(service: key), item.data == expected else { return false }
        return try items.delete(service: key, account: item.account)
    }

    private func checked(_ data: Data, key: String) throws -> Data {
        guard data.count <= maximumValueBytes else {
            throw SharedDefaultsError.valueTooLarge(key: key, bytes: data.count, limit: maximumValueBytes)
        }
        return data
    }
}
