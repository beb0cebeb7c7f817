/// The arithmetic of secp256k1 that BIP-340 verification needs, written in Swift: the field, the
/// scalars, the group, the GLV endomorphism and a double-scalar multiplication.
///
/// Everything here handles public data only (keys, signatures, messages), so the code branches on
/// values and takes variable time; it must never be used with secret keys or nonces.
package enum Secp256k1 {}
