/* BIP-340 verifications per second for one libsecp256k1 build: signs a fixed message with a fixed
 * key, then verifies it repeatedly for about a second (after a short warm-up). Prints one line:
 * "<verifications per second> <verifications done>". Built and run by bench/secp256k1-window.sh,
 * once per precomputation window, so the windows can be compared in one run. */
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(void) {
    secp256k1_context *context = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    unsigned char secret[32], message[32], signature[64];
    for (int i = 0; i < 32; i++) { secret[i] = (unsigned char)(i + 1); message[i] = (unsigned char)(0xA0 ^ i); }
    secp256k1_keypair keypair;
    secp256k1_xonly_pubkey key;
    if (!secp256k1_keypair_create(context, &keypair, secret)
        || !secp256k1_keypair_xonly_pub(context, &key, NULL, &keypair)
        || !secp256k1_schnorrsig_sign32(context, signature, message, &keypair, NULL)) {
        fprintf(stderr, "verify-rate: could not make the test signature\n");
        return 2;
    }
    long done = 0;
    double start = now_seconds();
    while (now_seconds() - start < 0.2) {
        if (!secp256k1_schnorrsig_verify(context, signature, message, 32, &key)) { fprintf(stderr, "verify-rate: a valid signature failed\n"); return 1; }
    }
    start = now_seconds();
    double elapsed = 0;
    while (elapsed < 1.0) {
        for (int i = 0; i < 200; i++) {
            if (!secp256k1_schnorrsig_verify(context, signature, message, 32, &key)) { fprintf(stderr, "verify-rate: a valid signature failed\n"); return 1; }
        }
        done += 200;
        elapsed = now_seconds() - start;
    }
    /* A tampered signature must still fail, whatever the window. */
    signature[10] ^= 1;
    if (secp256k1_schnorrsig_verify(context, signature, message, 32, &key)) { fprintf(stderr, "verify-rate: a tampered signature passed\n"); return 1; }
    printf("%.0f %ld\n", (double)done / elapsed, done);
    secp256k1_context_destroy(context);
    return 0;
}
