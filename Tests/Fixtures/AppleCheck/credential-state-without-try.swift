// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. Reading a Sign in with Apple credential's state can fail (no
// network): the call throws, and the app must say what it does then.
// target: Sources/ClipServices/Apple/SignInWithApple+AuthenticationServices.swift
// expect: call can throw, but it is not marked with 'try'
#if canImport(AuthenticationServices) && os(iOS)
func plantedUncheckedState(_ provider: ASAuthorizationAppleIDProvider) async -> Bool {
    await provider.credentialState(forUserID: "001234.abcdef.0042") == .authorized // planted
}
#endif
