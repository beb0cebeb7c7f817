#if canImport(Security) && os(iOS)
import ClipKit
import Foundation
import Security

extension KeychainHandoffStore {
    /// The clip's side: offers entries into the clip's own keychain access group.
    ///
    /// An App Clip may store keychain items only in the access group that is its application
    /// identifier (`TEAMID.clipBundleID`, from the manifest), and never synchronizable ones. On iOS
    /// 15.4 and later its full app reads them, given the association: the app's
    /// `com.apple.developer.associated-appclip-app-identifiers` naming the clip (`clipkit generate
    /// entitlements` writes it; `clipkit doctor` checks it, and the built app's minimum iOS).
    @available(iOS 15.4, *)
    public static func clip(
        manifest: ClipManifest, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws -> KeychainHandoffStore {
        let group = "\(manifest.teamID).\(manifest.clip.bundleID)"
        return try KeychainHandoffStore(keychain: SecurityKeychainItems(accessGroup: group), manifest: manifest, diagnostics: diagnostics)
    }

    /// The full app's side: claims what its clip offered.
    ///
    /// The app looks in every access group it belongs to (no access group in the query), which
    /// includes its clip's items on iOS 15.4 and later given the association entitlements.
    @available(iOS 15.4, *)
    public static func app(
        manifest: ClipManifest, diagnostics: @escaping @Sendable (HandoffDiagnostic) -> Void = { _ in }
    ) throws -> KeychainHandoffStore {
        try KeychainHandoffStore(keychain: SecurityKeychainItems(accessGroup: nil), manifest: manifest, diagnostics: diagnostics)
    }
}

/// ``KeychainItems`` in the keychain: generic-password items, readable after the device's first
/// unlock and on this device only (a handoff belongs to this install; it never goes into a backup
/// or onto another device), in the data-protection keychain, never synchronizable (an App Clip
/// cannot store synchronizable items).
struct SecurityKeychainItems: KeychainItems {
    /// The access group items are added to; `nil` leaves it to the system, and queries then look in
    /// every group the process belongs to.
    let accessGroup: String?

    func add(_ data: Data, service: String, account: String) throws(SharedDefaultsError) {
        var attributes = query(service: service, account: account)
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw failure("store", service: service, status: status) }
    }

    func firstItem(service: String) throws(SharedDefaultsError) -> KeychainItem? {
        var search = query(service: service, account: nil)
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        search[kSecReturnAttributes as String] = true
        search[kSecReturnData as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw failure("read", service: service, status: status) }
        guard let attributes = result as? [String: Any], let account = attributes[kSecAttrAccount as String] as? String,
              let data = attributes[kSecValueData as String] as? Data else {
            throw SharedDefaultsError.unexpectedValue(key: service, found: "a keychain item without an account or data")
        }
        return KeychainItem(account: account, data: data)
    }

    func delete(service: String, account: String?) throws(SharedDefaultsError) -> Bool {
        let status = SecItemDelete(query(service: service, account: account) as CFDictionary)
        if status == errSecItemNotFound { return false }
        guard status == errSecSuccess else { throw failure("remove", service: service, status: status) }
        return true
    }

    private func query(service: String, account: String?) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
            kSecAttrSynchronizable as String: false,
        ]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    private func failure(_ operation: String, service: String, status: OSStatus) -> SharedDefaultsError {
        let message = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
        let hint = status == errSecMissingEntitlement
            ? "; check the targets' entitlements with clipkit doctor (the clip's application identifier, the app's associated-appclip-app-identifiers)"
            : ""
        return .operationFailed(operation: operation, key: service, reason: "the keychain answered \(status) (\(message))\(hint)")
    }
}
#endif
