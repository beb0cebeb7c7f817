#include "ClipKitBuildInfo.h"

// Package.swift defines CLIPKIT_BUILD_COMMIT (a bare token of hexadecimal digits, perhaps with
// "-dirty") from the environment variable of that name; it becomes a string here.
#define CLIPKIT_STRING_(token) #token
#define CLIPKIT_STRING(token) CLIPKIT_STRING_(token)

const char *clipkit_build_commit(void) {
#ifdef CLIPKIT_BUILD_COMMIT
    return CLIPKIT_STRING(CLIPKIT_BUILD_COMMIT);
#else
    return 0;
#endif
}
