// libsecp256k1's keys and BIP-340 signing, for the differential harness only.
#ifndef CLIPKIT_FUZZ_LIBSECP256K1_SIGNING_H
#define CLIPKIT_FUZZ_LIBSECP256K1_SIGNING_H

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#endif
