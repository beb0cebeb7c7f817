/// Why `clipkit doctor` could not check an input at all (as opposed to finding problems in it).
package enum DoctorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An input file could not be read or parsed.
    case unreadable(input: String, path: String, reason: String)

    /// `path` (the `input` option): what was wrong.
    package var description: String {
        switch self {
        case .unreadable(let input, let path, let reason): return "\(path) (\(input)): \(reason)"
        }
    }
}
