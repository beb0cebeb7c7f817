extension AASAFileCheck {
    /// Reports components that can never apply because an earlier component, evaluated first for
    /// every app of their entry, matches every URL they match.
    ///
    /// An earlier component counts when it is in the same entry, or in an earlier entry that lists
    /// every app of the later one. The comparison runs on the rule engine's compiled components,
    /// defaults applied, so it agrees with the matcher. It is a warning either way: iOS uses the
    /// file, the component just never applies; the message says what that costs.
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
                let path = matcher.componentPath(detail: detailIndex, component: componentIndex)
                let earlierPath = matcher.componentPath(detail: shadow.detail, component: shadow.component)
                if shadow.excludes != component.exclude {
                    let message = component.exclude
                        ? "this exclude is never reached: \(earlierPath) comes first and already matches every URL it matches, so those URLs open the app (first match wins)"
                        : "this component never applies: \(earlierPath) comes first and already excludes every URL it matches, so those URLs open the browser (first match wins)"
                    add(.shadowedComponent, .warning, path, message, fix: "move this component before \(earlierPath)")
                } else {
                    add(.shadowedComponent, .warning, path,
                        "this component never applies: \(earlierPath) comes first and already matches every URL it matches, with the same effect",
                        fix: "remove this component, or move it before \(earlierPath) if it was meant to be more specific")
                }
            }
        }
    }
}
