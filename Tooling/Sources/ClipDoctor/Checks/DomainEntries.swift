import ClipReports

/// Reads the associated-domains entries of an entitlements dictionary and reports their syntax problems.
struct DomainEntries {
    var entries: [AssociatedDomain] = []
    var findings: [Finding] = []

    /// The codes to use for one target's findings.
    struct Codes {
        var wildcard: DoctorCode
        var path: DoctorCode
        var mode: DoctorCode
        var missing: DoctorCode
    }

    /// Reads `entitlements[associated-domains]`; entries with a path, a wildcard `appclips:` host
    /// or a `?mode=` are reported once each and still count as naming their host.
    init(entitlements: [String: PropertyListValue], file: String, codes: Codes) {
        let key = EntitlementKey.associatedDomains
        guard let value = entitlements[key] else { return }
        guard let list = value.stringArrayValue else {
            findings.append(Finding(codes.missing, message: "'\(key)' is \(value.typeDescription), expected an array of strings such as 'appclips:example.com'",
                                    file: file, key: key, fix: "Make '\(key)' an array of strings."))
            return
        }
        for raw in list {
            guard let entry = AssociatedDomain(raw) else {
                findings.append(Finding(codes.missing, message: "'\(raw)' is not an associated-domains entry: expected 'service:host', like 'appclips:example.com'",
                                        file: file, key: key, fix: "Write the entry as 'appclips:<host>' or 'applinks:<host>'."))
                continue
            }
            entries.append(entry)
            if let path = entry.path {
                findings.append(Finding(codes.path, message: "'\(raw)' has the path '\(path)'; associated-domains entries name a host only",
                                        file: file, key: key, fix: "Write '\(entry.service):\(entry.isWildcard ? "*." : "")\(entry.host)' and put paths in the AASA file."))
            } else if entry.isWildcard, entry.service == "appclips" {
                findings.append(Finding(codes.wildcard, message: "'\(raw)' uses a wildcard; App Clips need each host listed",
                                        file: file, key: key, fix: "Replace it with one 'appclips:<host>' entry per host the clip is invoked from."))
            } else if let mode = entry.mode {
                findings.append(Finding(codes.mode, message: "'\(raw)' still has '?mode=\(mode)', which only works on devices in developer or managed mode",
                                        file: file, key: key, fix: "Write '\(entry.service):\(entry.isWildcard ? "*." : "")\(entry.host)' for release builds."))
            }
        }
    }

    /// Whether an entry of `service` names `domain`.
    func contains(service: String, domain: String) -> Bool {
        entries.contains { $0.service == service && $0.covers(domain) }
    }
}
