/// The paths of a link domain that belong to the system, not to routes: iOS reads the domain's
/// `apple-app-site-association` file at `/.well-known/apple-app-site-association` (and, on older
/// systems, at `/apple-app-site-association`), and `/.well-known/` is reserved for such files
/// (RFC 8615). The link domain's server and every static host's rewrites serve the file there, so
/// no route matches these paths.
extension RoutePattern {
    /// The first path segment of the folder reserved for well-known files.
    package static let wellKnownSegment = ".well-known"

    /// The name of the AASA file.
    package static let associationFileName = "apple-app-site-association"

    /// The paths where iOS reads a domain's AASA file.
    package static let associationFilePaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

    /// The path segments of each AASA path, decoded.
    static let associationFileSegments: [[String]] = [[wellKnownSegment, associationFileName], [associationFileName]]

    /// Whether the pattern's path lies under `/.well-known/`: its first segment is that literal.
    package var liesUnderWellKnown: Bool {
        guard case .literal(let first) = segments.first else { return false }
        return first == Self.wellKnownSegment
    }

    /// The AASA paths (``associationFilePaths``) whose segments this pattern's segments match: a
    /// capture matches any segment and a literal itself.
    package var matchedAssociationFilePaths: [String] {
        zip(Self.associationFilePaths, Self.associationFileSegments).compactMap { path, names in
            guard names.count == segments.count else { return nil }
            let matches = zip(segments, names).allSatisfy { segment, name in
                switch segment {
                case .literal(let text): return text == name
                case .capture: return true
                }
            }
            return matches ? path : nil
        }
    }

    /// Whether decoded path `segments` are an AASA path or lie under `/.well-known/`, where no
    /// route matches.
    package static func isReserved(segments: [String]) -> Bool {
        segments.first == wellKnownSegment || associationFileSegments.contains(segments)
    }
}
