// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. The keychain functions take a CFDictionary: a Swift dictionary
// must be bridged with `as CFDictionary`, on iOS as against the stubs.
// target: Sources/ClipServices/Apple/KeychainHandoffStore+Security.swift
// expect: cannot convert value of type '[String : Any]' to expected argument type 'CFDictionary'
#if canImport(Security) && os(iOS)
func plantedUnbridgedDelete(service: String) -> OSStatus {
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    return SecItemDelete(query) // planted
}
#endif
