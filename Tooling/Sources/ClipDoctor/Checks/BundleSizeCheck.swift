import ClipReports

/// Reports the measured size of an unthinned clip bundle from a built product.
///
/// An archive or `.ipa` holds the clip before App Thinning: every architecture and every asset
/// scale. The thinned variants Apple measures are smaller, so an unthinned bundle over the limit
/// is a warning, not an error; the size report (`--size-report`) gives the real answer.
package struct BundleSizeCheck: Sendable {
    /// The limit that applies.
    package var limit: AppClipSizeLimit

    /// Creates the check.
    package init(limit: AppClipSizeLimit) {
        self.limit = limit
    }

    /// The findings for a clip bundle of `bytes` uncompressed bytes, at `file`.
    package func findings(uncompressedBytes bytes: Int64, file: String) -> [Finding] {
        let shown = "\(SizeText.megabytes(bytes)) (\(bytes) bytes)"
        if bytes > limit.bytes {
            return [Finding(.sizeBundleOverLimit,
                            message: "the clip bundle is \(shown) before thinning, over the \(SizeText.megabytes(limit.bytes)) limit (\(limit.reason))",
                            file: file, key: nil,
                            fix: "Export with App Thinning ('All compatible device variants') and pass the 'App Thinning Size Report.txt' with --size-report to see whether the thinned variants fit.")]
        }
        return [Finding(.sizeBundle,
                        message: "the clip bundle is \(shown) before thinning; the limit is \(SizeText.megabytes(limit.bytes)) (\(limit.reason))",
                        file: file, key: nil, fix: "Nothing to do; thinned variants are smaller still.")]
    }
}
