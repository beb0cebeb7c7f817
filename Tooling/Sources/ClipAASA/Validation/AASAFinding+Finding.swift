import ClipReports

extension AASAFinding {
    /// The finding in `clipkit`'s one diagnostic shape, about `file` (a path or URL), with its
    /// JSON path inside the file as the finding's path.
    package func finding(file: String?) -> Finding {
        Finding(code: code.rawValue, severity: severity == .error ? .error : .warning, message: message, file: file, path: path, fix: fix)
    }
}
