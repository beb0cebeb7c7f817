import ClipReports

/// A size report held against an App Clip size limit.
package struct SizeEvaluation: Sendable, Hashable {
    /// The share of the limit above which a warning is given: 90 %.
    package static let nearLimitShare = 0.9

    /// The limit that applies.
    package var limit: AppClipSizeLimit
    /// The report.
    package var report: SizeReport

    /// Holds `report` against `limit`.
    package init(report: SizeReport, limit: AppClipSizeLimit) {
        self.report = report
        self.limit = limit
    }

    /// The largest uncompressed main-bundle size of any variant, in bytes.
    package var largestUncompressedBytes: Int64 {
        report.largestVariant?.uncompressedBytes ?? 0
    }

    /// Whether every variant is within the limit.
    package var withinLimit: Bool {
        largestUncompressedBytes <= limit.bytes
    }

    /// The findings for the report, read from `file`.
    package func findings(file: String) -> [Finding] {
        guard let largest = report.largestVariant else { return [] }
        let size = largest.uncompressedBytes
        let shown = "\(SizeText.megabytes(size)) (\(size) bytes)"
        if size > limit.bytes {
            let over = report.variants.filter { $0.uncompressedBytes > limit.bytes }.count
            return [Finding(.sizeOverLimit,
                            message: "variant '\(largest.name)' is \(shown) uncompressed, over the \(SizeText.megabytes(limit.bytes)) limit (\(limit.reason)); \(over) of \(report.variants.count) variants are over",
                            file: file, key: "line \(largest.line)",
                            fix: "Shrink the clip by \(SizeText.megabytes(size - limit.bytes)) or more (strip unused code and assets, download content after launch with Background Assets), or raise the clip's minimum iOS if that allows a larger limit.")]
        }
        if Double(size) > Double(limit.bytes) * Self.nearLimitShare {
            return [Finding(.sizeNearLimit,
                            message: "variant '\(largest.name)' is \(shown) uncompressed, \(Int((Double(size) / Double(limit.bytes) * 100).rounded(.down))) % of the \(SizeText.megabytes(limit.bytes)) limit (\(limit.reason))",
                            file: file, key: "line \(largest.line)",
                            fix: "Leave room for growth: the report rounds to 0.1 MB, and every dependency added to the clip counts.")]
        }
        return []
    }
}

/// Formats byte counts the way Apple's tools do (decimal megabytes).
enum SizeText {
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + AppClipSizeLimit.megabyte / 2) / AppClipSizeLimit.megabyte
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
