/// Why an App Thinning Size Report could not be read.
package enum SizeReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The report is larger than the parser accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The report is not UTF-8 text.
    case notText
    /// The report has no `Variant:` entries.
    case noVariants
    /// The report has more variants than the parser accepts.
    case tooManyVariants(limit: Int)
    /// A line could not be understood.
    case malformedLine(line: Int, reason: String)
    /// A variant has neither an `App size:` nor an `App + On Demand Resources size:` line.
    case missingAppSize(variant: String, line: Int)

    /// What went wrong and on which line, for a person.
    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "the size report has \(bytes) bytes, more than the \(limit) accepted"
        case .notText:
            return "the size report is not UTF-8 text"
        case .noVariants:
            return "no 'Variant:' entries: is this Xcode's 'App Thinning Size Report.txt'? Export the archive with App Thinning set to 'All compatible device variants'"
        case .tooManyVariants(let limit):
            return "the size report has more than \(limit) variants"
        case .malformedLine(let line, let reason):
            return "line \(line): \(reason)"
        case .missingAppSize(let variant, let line):
            return "line \(line): variant '\(variant)' has no 'App size:' line"
        }
    }
}
