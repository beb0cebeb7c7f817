extension AASAFileCheck {
    /// Reports components that can never apply because an earlier component, evaluated first for
    /// every app of their entry, matches every URL they match.
    ///
    /// An earlier component counts when it is in the same entry, or in an earlier entry that lists
    /// every app of the later one. The finding is an error when the two differ in `exclude` (the
    /// later one was meant to open or block URLs that the earlier one already decides the other
    /// way) and a warning when the later one is merely redundant.
    mutating func checkShadowing(document: AASADocument, matcher: AASAMatcher) {
        let details = matcher.details
        for (detailIndex, detail) in details.enumerated() {
            let apps = Set(detail.appIDs)
            for (componentIndex, component) in detail.components.enumerated() where !component.isBroken {
                var shadow: (detail: Int, component: Int, excludes: Bool)?
                search: for earlierIndex in 0...detailIndex {
                    let earlier = details[earlierIndex]
                    if earlierIndex < detailIndex, !apps.isSubset(of: Set(earlier.appIDs)) || apps.isEmpty { continue }
                    let limit = earlierIndex == detailIndex ? componentIndex : earlier.components.count
                    for candidateIndex in 0..<limit where earlier.components[candidateIndex].covers(component) {
                        shadow = (earlierIndex, candidateIndex, earlier.components[candidateIndex].exclude)
                        break search
                    }
                }
                guard let shadow else { continue }
                let key = detail.usesLegacyPaths ? "paths" : "components"
                let earlierKey = details[shadow.detail].usesLegacyPaths ? "paths" : "components"
                let path = "$.applinks.details[\(detailIndex)].\(key)[\(componentIndex)]"
                let earlierPath = "$.applinks.details[\(shadow.detail)].\(earlierKey)[\(shadow.component)]"
                if shadow.excludes != component.exclude {
                    let intent = component.exclude ? "exclude" : "open"
                    let actual = shadow.excludes ? "excludes" : "opens"
                    add(.shadowedComponent, .error, path,
                        "this component never applies: \(earlierPath) comes first and already matches every URL it matches, so the URLs it should \(intent) are ones the earlier component \(actual) (first match wins)",
                        fix: "move this component before \(earlierPath)")
                } else {
                    add(.shadowedComponent, .warning, path,
                        "this component never applies: \(earlierPath) comes first and already matches every URL it matches, with the same effect",
                        fix: "remove this component, or move it before \(earlierPath) if it was meant to be more specific")
                }
            }
        }
    }
}
