#ifndef CLIPKIT_BUILD_INFO_H
#define CLIPKIT_BUILD_INFO_H

/// The commit the tool was built from, as `scripts/install` passes it in `CLIPKIT_BUILD_COMMIT`
/// when it builds; NULL for a build that was given none (a plain `swift build`).
const char *_Nullable clipkit_build_commit(void);

#endif
