import CClipKitBuildInfo

/// What `clipkit --version` prints: the release and the commit the tool was built from.
///
/// `scripts/install` builds with the checkout's commit (`CLIPKIT_BUILD_COMMIT`, which the package
/// manifest passes to the compiler); a build without it says "unknown commit".
package enum ClipKitVersion {
    /// The release.
    package static let release = "0.1.0"

    /// The commit the tool was built from (hexadecimal, with `-dirty` when the checkout had
    /// uncommitted changes); `nil` when the build was not told.
    package static var commit: String? {
        clipkit_build_commit().map { String(cString: $0) }
    }

    /// `0.1.0 (commit 1c0a08c…)`, or `0.1.0 (unknown commit)`.
    package static var description: String {
        "\(release) (\(commit.map { "commit \($0)" } ?? "unknown commit"))"
    }
}
