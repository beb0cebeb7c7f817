import ClipKit
import Foundation

/// The keychain as the keychain handoff uses it: generic-password items of one service, each
/// under an account of its own.
///
/// The seam between the portable handoff and the Security framework: on iOS the Security glue
/// conforms (`SecItemAdd`, `SecItemCopyMatching`, `SecItemDelete`); on Linux the tests use a
/// file-backed double, since no keychain exists there. A claim is exactly-once as far as
/// ``delete(service:account:)`` is: of several callers deleting the same item, one is told it did.
package protocol KeychainItems: Sendable {
    /// Adds an item holding `data` under `service` and `account`.
    func add(_ data: Data, service: String, account: String) throws(SharedDefaultsError)

    /// One item of `service`, with its account; `nil` when the service has none.
    func firstItem(service: String) throws(SharedDefaultsError) -> KeychainItem?

    /// Deletes the item under `account` of `service` (every item of `service` when `account` is
    /// `nil`); returns whether this call deleted anything.
    func delete(service: String, account: String?) throws(SharedDefaultsError) -> Bool
}

/// A keychain item as ``KeychainItems`` reads it.
package struct KeychainItem: Sendable, Equatable {
    /// The item's account: unique to one offer.
    package var account: String
    /// The item's data.
    package var data: Data

    /// Creates an item.
    package init(account: String, data: Data) {
        self.account = account
        self.data = data
    }
}
