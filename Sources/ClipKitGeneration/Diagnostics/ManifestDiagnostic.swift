/// One problem the generator found, where it is, in the form compilers use, so Xcode and SwiftPM
/// show it as a build error on the manifest's line.
///
/// ```text
/// Sources/Clip/clipkit.json:9:49: error: $.routes[0].pattern: host 'roadflare.ap' is not one of the manifest's domains (roadflare.app)
/// ```
public struct ManifestDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious the diagnostic is.
    public enum Severity: String, Sendable {
        /// The build fails.
        case error
        /// The build goes on: what is found is allowed but likely not meant, or something the
        /// manifest describes is not generated.
        case warning
        /// Advice attached to the errors before it.
        case note
    }

    /// The file the problem is in, as given to the generator.
    public let file: String
    /// The line, counting from 1, when known.
    public let line: Int?
    /// The column in bytes, counting from 1, when known.
    public let column: Int?
    /// The JSON path of the value the problem is about (`$.routes[0].pattern`), when it is about one.
    public let path: String?
    /// What is wrong and what to do, for a person.
    public let message: String
    /// How serious it is.
    public let severity: Severity

    /// Creates a diagnostic.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.severity = severity
    }

    /// `file:line:column: error: path: message`, leaving out what is not known.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        let subject = path.map { $0 + ": " } ?? ""
        return "\(location): \(severity.rawValue): \(subject)\(message)"
    }
}
