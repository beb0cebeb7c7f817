/// How serious a ``Finding`` is.
package enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The clip, the app or the link domain will not work as intended, or App Store Connect will reject the build.
    case error
    /// Probably a mistake, or something that works today but is fragile.
    case warning
    /// A fact worth knowing, such as a value that only the build resolves.
    case info

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        }
    }

    /// Errors sort before warnings, warnings before infos.
    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}
