/// Apple's limit on an App Clip's uncompressed, thinned main bundle, and why it applies.
///
/// The limit depends on the clip's minimum iOS version and how it is invoked:
///
/// | minimum iOS | digital invocations only | with physical invocations |
/// |---|---|---|
/// | 15 and earlier | 10 MB | 10 MB |
/// | 16 | 15 MB | 15 MB |
/// | 17 and later | 100 MB | 15 MB |
///
/// The demo App Clip link allows 100 MB. When a clip has several kinds of invocation, the
/// smallest of their limits applies. Apple writes these limits in MB; ClipKit reads 1 MB as
/// 1,000,000 bytes, the decimal unit Apple's tools use when they print sizes (the size report's
/// `9.8 MB` is 9,800,000 bytes). That is also the stricter reading: a clip within 10,000,000 bytes
/// is within 10 MiB too.
package struct AppClipSizeLimit: Sendable, Hashable {
    /// One megabyte as Apple's tools count it.
    package static let megabyte: Int64 = 1_000_000

    /// The limit in bytes.
    package var bytes: Int64
    /// Why this limit applies, for a person: `iOS 16.0 minimum with physical invocations: 15 MB`.
    package var reason: String

    /// Creates a limit.
    package init(bytes: Int64, reason: String) {
        self.bytes = bytes
        self.reason = reason
    }

    /// The limit for a clip with minimum iOS `minimumIOS` (`major.minor`) and the given invocations.
    ///
    /// - Parameters:
    ///   - minimumIOS: The clip's minimum iOS, `major.minor` as in the manifest.
    ///   - invocations: How the clip is invoked; empty means "not known", which is read as digital
    ///     and physical, the stricter case.
    package static func forClip(minimumIOS: String, invocations: Set<ClipInvocationKind>) -> AppClipSizeLimit? {
        guard let major = majorVersion(minimumIOS) else { return nil }
        let kinds = invocations.isEmpty ? [.digital, .physical] : invocations
        var best: (megabytes: Int64, kind: ClipInvocationKind)?
        for kind in ClipInvocationKind.allCases where kinds.contains(kind) {
            let megabytes = limitInMegabytes(major: major, kind: kind)
            if let current = best, current.megabytes <= megabytes { continue }
            best = (megabytes, kind)
        }
        guard let best else { return nil }
        let described = ClipInvocationKind.allCases.filter { kinds.contains($0) }.map(\.rawValue).joined(separator: " and ")
        let basis: String
        switch best.kind {
        case .demo: basis = "the demo App Clip link allows \(best.megabytes) MB"
        case .physical: basis = "physical invocations on iOS \(major <= 15 ? "15 and earlier" : "16 and later") allow \(best.megabytes) MB"
        case .digital: basis = "digital invocations on iOS \(major <= 15 ? "15 and earlier" : major == 16 ? "16" : "17 and later") allow \(best.megabytes) MB"
        }
        return AppClipSizeLimit(
            bytes: best.megabytes * megabyte,
            reason: "minimum iOS \(minimumIOS) with \(described) invocations: \(basis) (1 MB = 1,000,000 bytes)"
        )
    }

    private static func limitInMegabytes(major: Int, kind: ClipInvocationKind) -> Int64 {
        switch kind {
        case .demo: return 100
        case .physical: return major <= 15 ? 10 : 15
        case .digital: return major <= 15 ? 10 : major == 16 ? 15 : 100
        }
    }

    static func majorVersion(_ version: String) -> Int? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
              let major = Int(parts[0]), parts.dropFirst().allSatisfy({ Int($0) != nil }) else { return nil }
        return major
    }
}
