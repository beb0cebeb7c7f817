import ClipNostr

// `Secp256k1/` is a symbolic link to ClipNostr's own secp256k1 arithmetic, compiled into this
// benchmark as well: inside ClipNostr it is internal, so that clips carry only the copy their
// verifier inlines, and the benchmark still builds generator tables of other windows with it.
// The arithmetic names one ClipNostr type, the verdict of a check.

/// ClipNostr's verdict on a signature, as the linked arithmetic names it.
typealias SignatureCheck = ClipNostr.SignatureCheck
