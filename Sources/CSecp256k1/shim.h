// The parts of libsecp256k1 (Bitcoin Core's library, found through pkg-config) that ClipNostr
// uses: contexts, x-only public keys and BIP-340 Schnorr signature verification.
#ifndef CLIPKIT_CSECP256K1_SHIM_H
#define CLIPKIT_CSECP256K1_SHIM_H

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#endif
