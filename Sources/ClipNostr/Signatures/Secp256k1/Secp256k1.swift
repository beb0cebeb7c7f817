/// The arithmetic of secp256k1 that BIP-340 verification needs, written in Swift: the field, the
/// scalars, the group, the GLV endomorphism and a double-scalar multiplication.
///
/// Everything here handles public data only (keys, signatures, messages), so the code branches on
/// values and takes variable time; it must never be used with secret keys or nonces.
///
/// Internal, not `package`: the compiler keeps every `package` and `public` function of a module
/// in each clip that links it, as a separate copy, even when the clip's only caller inlines it.
/// Here that was 25 KB of curve arithmetic in every clip. Tests reach it with `@testable import`;
/// `bench/nostr-verify.sh` compiles these same files into its own target (a symbolic link) to
/// compare generator-table windows.
enum Secp256k1 {}
