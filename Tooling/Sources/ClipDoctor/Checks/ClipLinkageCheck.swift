import ClipReports

/// Flags what the built clip links or calls that Apple's App Clip documentation excludes
/// (``AppClipExcludedAPIs``): one finding per technology, naming every framework, symbol or
/// selector that brought it in.
package struct ClipLinkageCheck: Sendable {
    /// Creates the check.
    package init() {}

    /// The findings for the clip executable's slices.
    package func findings(in slices: [MachOLinkage], file: String) -> [Finding] {
        var order: [String] = []
        var byKey: [String: (entry: AppClipExcludedAPIs.Entry, found: [String])] = [:]
        for slice in slices {
            for (entry, found) in AppClipExcludedAPIs.matches(in: slice) {
                let key = "\(entry.match)"
                if byKey[key] == nil { order.append(key); byKey[key] = (entry, []) }
                if byKey[key]?.found.contains(found) == false { byKey[key]?.found.append(found) }
            }
        }
        return order.compactMap { key -> Finding? in
            guard let item = byKey[key] else { return nil }
            let (entry, found) = (item.entry, item.found)
            let what: String
            let code: DoctorCode
            switch entry.match {
            case .framework(let name):
                code = .clipExcludedFramework
                let weak = slices.contains { $0.libraries.contains { $0.name == name && $0.isWeak } } ? " (weakly)" : ""
                what = "the clip links \(name)\(weak) (\(found.joined(separator: ", "))), which App Clips cannot use: \(entry.technology) is unavailable or limited in a clip"
            case .objectiveCClass(let name):
                code = .clipExcludedAPI
                what = "the clip references the Objective-C class \(name) (\(entry.technology)), which App Clips cannot use"
            case .symbol(let name):
                code = .clipExcludedAPI
                what = "the clip imports \(name) (\(entry.technology)), which App Clips cannot use"
            case .selector(let name):
                code = .clipExcludedAPI
                what = "the clip sends the selector '\(name)' (\(entry.technology)), which App Clips cannot use"
            }
            return Finding(code, severity: entry.severity, message: what, file: file, key: found.first, fix: entry.fix)
        }
    }
}
