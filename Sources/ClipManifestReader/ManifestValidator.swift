@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Checks a manifest document field by field and collects every problem with its JSON path.
///
/// The rules match `Schemas/clipkit.schema.json`, plus the checks that span fields, which a
/// JSON Schema cannot express: the clip's bundle ID extends the app's, every route's host is one
/// of `domains`, parameter kinds are registered, no two routes share a pattern, a route's
/// `handoff` type is listed in `handoff.types`, location confirmation comes with physical
/// invocations, and `clip.notificationRoutes` names routes the clip handles.
@_spi(ClipKitTooling)
public struct ManifestValidator: Sendable {
    /// The parameter kinds that routes may name.
    public var parameterKinds: ParameterKindRegistry

    /// The shortest and longest handoff lifetime accepted, in seconds (one minute to thirty days).
    public static let handoffLifetimeRange = HandoffEnvelope.lifetimeRange

    /// The most relays a manifest may list.
    public static let maximumRelays = 16
    /// The most places a manifest lists.
    public static let maximumPlaces = 500
    /// The largest radius a place may give, in metres: the largest region location confirmation
    /// (`APActivationPayload.confirmAcquired(in:)`) takes. A place without one gets 100 metres.
    public static let maximumPlaceRadius: Double = 500
    /// The member kinds that are JSON types rather than parameter kinds: `number` (any JSON
    /// number) and `boolean`.
    public static let memberJSONKinds: [String] = ["number", "boolean"]

    /// The most handoff types a manifest lists.
    public static let maximumHandoffTypes = 64

    /// Creates a validator that accepts the given parameter kinds.
    public init(parameterKinds: ParameterKindRegistry = .standard) {
        self.parameterKinds = parameterKinds
    }

    /// Every problem in `document`, in document order; empty when the manifest is valid.
    public func issues(in document: JSONValue) -> [ManifestIssue] {
        check(document).issues
    }

    /// What in `document` is allowed but will not work as its author likely means, in document
    /// order: a route whose captures can match the path of the AASA file, which the link domain
    /// serves there instead of the route's page. A manifest with warnings is still valid.
    public func warnings(in document: JSONValue) -> [ManifestIssue] {
        check(document).warnings
    }

    /// Every problem and warning in `document`, and the manifest it describes, which is complete
    /// only when there is no problem.
    func check(_ document: JSONValue) -> (issues: [ManifestIssue], warnings: [ManifestIssue], manifest: ClipManifest) {
        var check = Checker()
        check.manifest(document, kinds: parameterKinds)
        return (check.issues, check.warnings, check.model)
    }
}

/// Walks a manifest document once: reports every problem and fills in the model from what it read.
private struct Checker {
    var issues: [ManifestIssue] = []
    /// What is allowed but will not work as meant (see ``ManifestValidator/warnings(in:)``).
    var warnings: [ManifestIssue] = []
    /// Each route's `handoff` type with its path, checked against `handoff.types` once both are read.
    var routeHandoffs: [(String, String)] = []
    /// Whether `domains` is an empty list: a clip with no domain of its own, which only Apple's
    /// default App Clip link (and demo links) open.
    var listsNoDomains = false
    /// Each route that hands off a type: its path, name, type and the kind of each capture.
    var routeCaptureKinds: [(path: String, route: String, typeName: String, kinds: [String: String])] = []
    /// Each route that hands off a type and reads optional query items: its path, name, type and those items.
    var routeOptionalQueryItems: [(path: String, route: String, typeName: String, items: [String])] = []
    /// Each handoff type's declared `kinds`, with the path of each entry.
    var declaredMemberKinds: [String: [String: String]] = [:]
    /// `clip.notificationRoutes` with the path of each, checked against the routes once both are read.
    var notificationRouteNames: [(String, String)] = []
    /// The most demo links `clip.demoLinks` may list: App Store Connect's demo link and its short version, with room to spare.
    static let maximumDemoLinks = 4
    var model = ClipManifest(
        teamID: "", app: .init(bundleID: "", appStoreID: ""), clip: .init(bundleID: "", minimumIOS: "", invocations: []),
        appGroup: "", domains: [], routes: [], handoff: .init(ttlSeconds: 0)
    )

    mutating func report(_ path: String, _ message: String) {
        issues.append(ManifestIssue(path: path, message: message))
    }

    /// Reports `'value' problem`, with long values shortened.
    mutating func report(_ path: String, quoting value: String, _ problem: String) {
        report(path, "'" + value.truncatedForMessages + "' " + problem)
    }

    /// Reports a value of the wrong JSON type.
    mutating func report(_ path: String, expected: String, found value: JSONValue) {
        report(path, "expected " + expected + ", found " + value.typeDescription)
    }

    /// The members of an object, reporting unknown and missing keys; nil when `value` is not an object.
    mutating func object(
        _ value: JSONValue, at path: String, required: [String], optional: [String]
    ) -> [String: JSONValue]? {
        guard let members = value.objectValue else {
            report(path, expected: "an object", found: value)
            return nil
        }
        for key in required where members[key] == nil {
            report(path, "missing required key '\(key)'")
        }
        let known = Set(required + optional)
        for key in Array(members.keys).sorted() where !known.contains(key) {
            report(join(path, key), "unknown key '\(key)'; expected one of: \((required + optional).joined(separator: ", "))")
        }
        return members
    }

    mutating func string(_ value: JSONValue?, at path: String) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue else {
            report(path, expected: "a string", found: value)
            return nil
        }
        return text
    }

    mutating func boolean(_ value: JSONValue?, at path: String) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.boolValue else {
            report(path, expected: "true or false", found: value)
            return nil
        }
        return flag
    }

    mutating func stringArray(_ value: JSONValue?, at path: String, nonEmpty: Bool, unique: Bool) -> [(String, String)]? {
        guard let value else { return nil }
        guard let elements = value.arrayValue else {
            report(path, expected: "an array", found: value)
            return nil
        }
        if nonEmpty, elements.isEmpty { report(path, "must not be empty") }
        var result: [(String, String)] = []
        var seen: Set<String> = []
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(index, of: path)
            guard let text = string(element, at: elementPath) else { continue }
            if unique, !seen.insert(text).inserted { report(elementPath, "'\(text)' appears more than once") }
            result.append((elementPath, text))
        }
        return result
    }

    func join(_ path: String, _ key: String) -> String {
        JSONPath.member(key, of: path)
    }

    // MARK: The manifest

    mutating func manifest(_ document: JSONValue, kinds: ParameterKindRegistry) {
        guard let root = object(
            document, at: "$",
            required: ["teamID", "app", "clip", "appGroup", "domains", "routes", "handoff"],
            optional: ["$schema", "nostr", "places"]
        ) else { return }

        _ = string(root["$schema"], at: "$.$schema")
        if let team = string(root["teamID"], at: "$.teamID") {
            model.teamID = team
            if !FieldRules.isTeamID(team) {
                report("$.teamID", quoting: team, "is not a team ID: expected 10 upper-case letters or digits, like 6Y98438M9X")
            }
        }

        var appBundleID: String?
        if let app = root["app"], let members = object(app, at: "$.app", required: ["bundleID", "appStoreID"], optional: ["name"]) {
            if let bundle = string(members["bundleID"], at: "$.app.bundleID") {
                model.app.bundleID = bundle
                if let problem = FieldRules.bundleIDProblem(bundle) {
                    report("$.app.bundleID", problem)
                } else {
                    appBundleID = bundle
                }
            }
            if let storeID = string(members["appStoreID"], at: "$.app.appStoreID") {
                model.app.appStoreID = storeID
                if !FieldRules.isAppStoreID(storeID) {
                    report("$.app.appStoreID", quoting: storeID, "is not an App Store ID: expected the digits of the app's id, like 1234567890")
                }
            }
            if let name = string(members["name"], at: "$.app.name") {
                model.app.name = name
                if name.isEmpty || name.count > 64 { report("$.app.name", "the app's name must have 1 to 64 characters") }
            }
        }

        if let clip = root["clip"], let members = object(
            clip, at: "$.clip", required: ["bundleID", "minimumIOS", "invocations"],
            optional: ["requestsLocationConfirmation", "requestsEphemeralNotifications", "notificationRoutes", "demoLinks"]
        ) {
            if let bundle = string(members["bundleID"], at: "$.clip.bundleID") {
                model.clip.bundleID = bundle
                if let problem = FieldRules.bundleIDProblem(bundle) {
                    report("$.clip.bundleID", problem)
                } else if let appBundleID, !(bundle.hasPrefix(appBundleID + ".") && bundle.count > appBundleID.count + 1) {
                    report("$.clip.bundleID", "'\(bundle)' must extend the app's bundle ID: expected '\(appBundleID).Clip' or another '\(appBundleID).<suffix>'")
                }
            }
            if let version = string(members["minimumIOS"], at: "$.clip.minimumIOS") {
                model.clip.minimumIOS = version
                if let parsed = FieldRules.osVersion(version) {
                    if parsed.major < 14 { report("$.clip.minimumIOS", "App Clips need iOS 14 or later; found '\(version)'") }
                } else {
                    report("$.clip.minimumIOS", quoting: version, "is not a version: expected major.minor, like 16.0")
                }
            }
            if let invocations = stringArray(members["invocations"], at: "$.clip.invocations", nonEmpty: true, unique: true) {
                for (path, text) in invocations {
                    if let invocation = ClipManifest.Invocation(rawValue: text) {
                        model.clip.invocations.append(invocation)
                    } else {
                        report(path, quoting: text, "is not an invocation kind: expected 'digital' or 'physical'")
                    }
                }
            }
            if let flag = boolean(members["requestsEphemeralNotifications"], at: "$.clip.requestsEphemeralNotifications") {
                model.clip.requestsEphemeralNotifications = flag
            }
            if let names = stringArray(members["notificationRoutes"], at: "$.clip.notificationRoutes", nonEmpty: false, unique: true) {
                notificationRouteNames = names
                model.clip.notificationRoutes = names.map(\.1)
            }
            if let links = stringArray(members["demoLinks"], at: "$.clip.demoLinks", nonEmpty: true, unique: true) {
                if links.count > Self.maximumDemoLinks {
                    report("$.clip.demoLinks", "lists \(links.count) links; App Store Connect makes a demo link and its short version, so list at most \(Self.maximumDemoLinks)")
                }
                for (path, link) in links.prefix(Self.maximumDemoLinks) {
                    if let problem = Self.demoLinkProblem(link, clipBundleID: model.clip.bundleID) {
                        report(path, quoting: link, problem)
                    } else {
                        model.clip.demoLinks.append(link)
                    }
                }
            }
            if let flag = boolean(members["requestsLocationConfirmation"], at: "$.clip.requestsLocationConfirmation") {
                model.clip.requestsLocationConfirmation = flag
                if flag, members["invocations"] != nil, !model.clip.invocations.contains(.physical) {
                    report("$.clip.requestsLocationConfirmation", "location confirmation works only for physical invocations (NFC tags, QR codes, App Clip Codes); add 'physical' to clip.invocations or set this to false")
                }
            }
        }

        if let group = string(root["appGroup"], at: "$.appGroup") {
            model.appGroup = group
            if !FieldRules.isAppGroup(group) {
                report("$.appGroup", quoting: group, "is not an App Group: expected 'group.' and a reverse-DNS name, like group.com.example.MyApp")
            }
        }

        var domains: Set<String> = []
        let domainList = stringArray(root["domains"], at: "$.domains", nonEmpty: false, unique: true)
        // An empty list is a clip with no domain of its own: Apple's default App Clip link opens it.
        listsNoDomains = domainList?.isEmpty == true
        if let list = domainList {
            for (path, domain) in list {
                model.domains.append(domain)
                if domain.hasPrefix("*.") {
                    report(path, "'\(domain)': App Clip domains cannot be wildcards; list each host")
                } else if domain != domain.lowercased() {
                    report(path, "'\(domain)' must be written in lower case")
                } else if let problem = HostnameRules.problem(with: domain) {
                    report(path, quoting: domain, "is not a host name: " + problem)
                } else {
                    domains.insert(domain)
                }
            }
        }

        if let routes = root["routes"] {
            self.routes(routes, domains: domains, kinds: kinds)
        }

        if let handoff = root["handoff"], let members = object(handoff, at: "$.handoff", required: ["ttlSeconds"], optional: ["webBridgeKeys", "types"]) {
            if let ttl = members["ttlSeconds"] {
                let range = ManifestValidator.handoffLifetimeRange
                if let seconds = ttl.integerValue {
                    model.handoff.ttlSeconds = seconds
                    if !range.contains(seconds) {
                        report("$.handoff.ttlSeconds", "\(seconds) is out of range: a handoff lives from \(range.lowerBound) seconds to \(range.upperBound) (30 days)")
                    }
                } else {
                    report("$.handoff.ttlSeconds", expected: "a whole number of seconds", found: ttl)
                }
            }
            if let keys = stringArray(members["webBridgeKeys"], at: "$.handoff.webBridgeKeys", nonEmpty: false, unique: true) {
                for (path, key) in keys {
                    model.handoff.webBridgeKeys.append(key)
                    if !FieldRules.isStorageKey(key) {
                        report(path, quoting: key, "is not a storage key: expected a letter, then up to 63 letters, digits, '_', '-' or '.'")
                    }
                }
            }
            if let types = members["types"] {
                handoffTypes(types, kinds: kinds)
            }
        }
        routeHandoffTypes()
        impliedMemberKinds()
        checkNotificationRoutes()
        checkDemoLinks(kinds: kinds)
        optionalQueryItemsOfHandoffs()

        if let places = root["places"] {
            self.places(places, domains: domains)
        }
        if let nostr = root["nostr"], let members = object(nostr, at: "$.nostr", required: ["relays"], optional: []) {
            if let relays = stringArray(members["relays"], at: "$.nostr.relays", nonEmpty: true, unique: true) {
                model.nostr = ClipManifest.NostrSettings(relays: relays.map(\.1))
                if relays.count > ManifestValidator.maximumRelays {
                    report("$.nostr.relays", "lists \(relays.count) relays; at most \(ManifestValidator.maximumRelays) are used")
                }
                for (path, relay) in relays {
                    if let problem = FieldRules.relayProblem(relay) { report(path, problem) }
                }
            }
        }
    }

    /// `handoff.types`: each a payload type name and the members its payloads have.
    mutating func handoffTypes(_ value: JSONValue, kinds: ParameterKindRegistry) {
        guard let elements = value.arrayValue else {
            report("$.handoff.types", expected: "an array", found: value)
            return
        }
        if elements.count > ManifestValidator.maximumHandoffTypes {
            report("$.handoff.types", "lists \(elements.count) types; at most \(ManifestValidator.maximumHandoffTypes) are allowed")
            return
        }
        var names: Set<String> = []
        for (index, element) in elements.enumerated() {
            let path = "$.handoff.types[\(index)]"
            guard let members = object(element, at: path, required: ["name"], optional: ["required", "optional", "kinds", "secret"]) else { continue }
            var type = ClipManifest.HandoffType(name: "")
            if let name = string(members["name"], at: path + ".name") {
                type.name = name
                if !HandoffEnvelope.isTypeName(name) {
                    report(path + ".name", quoting: name, "is not a payload type name: expected a letter, then up to 127 letters, digits, '.', '_' or '-', like com.example.ticket")
                } else if !names.insert(name).inserted {
                    report(path + ".name", "another type is already named '\(name)'")
                }
            }
            if let required = memberNames(members["required"], at: path + ".required") {
                type.requiredMembers = required.map(\.1)
            }
            if let optional = memberNames(members["optional"], at: path + ".optional") {
                type.optionalMembers = optional.map(\.1)
                for (memberPath, member) in optional where type.requiredMembers.contains(member) {
                    report(memberPath, "'\(member)' is already required; list a member in 'required' or 'optional', not both")
                }
            }
            if let declared = members["kinds"] {
                type.memberKinds = memberKinds(declared, at: path + ".kinds", of: type, kinds: kinds)
                declaredMemberKinds[type.name] = type.memberKinds
            }
            if let secret = boolean(members["secret"], at: path + ".secret") {
                type.isSecret = secret
            }
            model.handoff.types.append(type)
        }
    }

    /// A type's `kinds`: a known member kind for each listed member.
    mutating func memberKinds(_ value: JSONValue, at path: String, of type: ClipManifest.HandoffType, kinds: ParameterKindRegistry) -> [String: String] {
        guard let entries = value.objectValue else {
            report(path, expected: "an object of member names and kinds, like {\"eventID\": \"integer\"}", found: value)
            return [:]
        }
        let listed = type.requiredMembers + (type.optionalMembers ?? [])
        let known = kinds.names + ManifestValidator.memberJSONKinds
        var result: [String: String] = [:]
        for member in entries.keys.sorted() {
            let entryPath = join(path, member)
            guard let kind = string(entries[member], at: entryPath) else { continue }
            if !listed.contains(member) {
                report(entryPath, "'\(member.truncatedForMessages)' is not a member of this type; list it in 'required' or 'optional' first")
            } else if !known.contains(kind) {
                report(entryPath, "unknown member kind '\(kind.truncatedForMessages)'; known kinds: \(known.sorted().joined(separator: ", "))")
            } else {
                result[member] = kind
            }
        }
        return result
    }

    /// A member named like a capture of a route that hands off its type takes the capture's kind
    /// unless `kinds` declares one; a declared kind, or two routes, that disagree with a capture
    /// would put a value the store refuses into the payload.
    mutating func impliedMemberKinds() {
        for (path, route, typeName, captureKinds) in routeCaptureKinds {
            guard let index = model.handoff.types.firstIndex(where: { $0.name == typeName }) else { continue }
            let type = model.handoff.types[index]
            let listed = type.requiredMembers + (type.optionalMembers ?? [])
            for capture in captureKinds.keys.sorted() where listed.contains(capture) {
                let captureKind = captureKinds[capture] ?? ParameterKind.string.name
                if let declared = declaredMemberKinds[typeName]?[capture] {
                    if declared != captureKind {
                        report(path, "route '\(route)' captures '\(capture)' as \(captureKind), but handoff type '\(typeName)' declares it \(declared); make the two kinds the same")
                    }
                } else if let implied = model.handoff.types[index].memberKinds[capture] {
                    if implied != captureKind {
                        report(path, "route '\(route)' captures '\(capture)' as \(captureKind), but another route handing off '\(typeName)' captures it as \(implied); declare the member's kind in the type's 'kinds' and make the captures agree")
                    }
                } else {
                    model.handoff.types[index].memberKinds[capture] = captureKind
                }
            }
        }
    }

    /// A route's optional query item may be absent, so the type its links hand off must not require it.
    mutating func optionalQueryItemsOfHandoffs() {
        for (path, route, typeName, items) in routeOptionalQueryItems {
            guard let type = model.handoff.types.first(where: { $0.name == typeName }) else { continue }
            for item in items where type.requiredMembers.contains(item) {
                report(path, "route '\(route)' reads the query item '\(item)' as optional, but handoff type '\(typeName)' requires it, so a link without it could not be handed off; mark the item \"required\": true or move '\(item)' to the type's 'optional'")
            }
        }
    }

    /// One entry of a route's `params` or `query`: a kind's name, or an object with `kind` and, for an
    /// `integer`, `minimum` and `maximum`; a query item's object may also say `required`.
    mutating func parameter(
        _ value: JSONValue, at path: String, kinds: ParameterKindRegistry, query: Bool
    ) -> (kind: String, required: Bool, range: ClipManifest.IntegerRange?)? {
        let kindName: String
        var kindPath = path
        var required = false
        var range: ClipManifest.IntegerRange?
        if let text = value.stringValue {
            kindName = text
        } else if value.objectValue != nil {
            guard let members = object(value, at: path, required: ["kind"], optional: query ? ["required", "minimum", "maximum"] : ["minimum", "maximum"]),
                  let text = string(members["kind"], at: join(path, "kind")) else { return nil }
            kindName = text
            kindPath = join(path, "kind")
            if let flag = boolean(members["required"], at: join(path, "required")) { required = flag }
            var bounds = ClipManifest.IntegerRange()
            for key in ["minimum", "maximum"] {
                guard let raw = members[key] else { continue }
                guard let number = raw.integerValue else {
                    report(join(path, key), expected: "a whole number", found: raw)
                    continue
                }
                if kindName != ParameterKind.integer.name {
                    report(join(path, key), "only an integer parameter has a range; '\(kindName.truncatedForMessages)' has none, so remove '\(key)' or make the kind 'integer'")
                    continue
                }
                if number < 0 {
                    report(join(path, key), "\(number) is below 0; the integer kind accepts decimal numbers without a sign, so a bound starts at 0")
                    continue
                }
                if key == "minimum" { bounds.minimum = number } else { bounds.maximum = number }
            }
            if let minimum = bounds.minimum, let maximum = bounds.maximum, minimum > maximum {
                report(join(path, "minimum"), "the minimum, \(minimum), is more than the maximum, \(maximum), so no value would match; swap them or correct one")
            } else if bounds.minimum != nil || bounds.maximum != nil {
                range = bounds
            }
        } else {
            let example = query ? "\"string\" or {\"kind\": \"integer\", \"required\": true}" : "\"integer\" or {\"kind\": \"integer\", \"minimum\": 1}"
            report(path, expected: "a parameter kind's name or an object, like " + example, found: value)
            return nil
        }
        if kinds.kind(named: kindName) == nil {
            report(kindPath, "unknown parameter kind '\(kindName.truncatedForMessages)'; known kinds: \(kinds.names.joined(separator: ", "))")
            return nil
        }
        return (kindName, required, range)
    }

    /// A list of payload member names: unique, 1 to 128 characters each.
    mutating func memberNames(_ value: JSONValue?, at path: String) -> [(String, String)]? {
        guard let names = stringArray(value, at: path, nonEmpty: false, unique: true) else { return nil }
        for (memberPath, name) in names where name.isEmpty || name.count > 128 {
            report(memberPath, "a member name has 1 to 128 characters")
        }
        return names
    }

    /// `clip.notificationRoutes`: each names a route the clip handles, and the clip requests ephemeral
    /// notifications. A tapped notification relaunches the clip with its target content identifier
    /// in place of an invocation URL, so a route only the full app handles would leave the clip
    /// with nothing to show.
    mutating func checkNotificationRoutes() {
        guard !notificationRouteNames.isEmpty else { return }
        if !model.clip.requestsEphemeralNotifications {
            report("$.clip.notificationRoutes", "the clip lists notification routes but does not request ephemeral notifications; set clip.requestsEphemeralNotifications to true (an App Clip schedules notifications only with that Info.plist key)")
        }
        let clipRoutes = model.routes.filter { $0.handledBy == .clip }.map(\.name)
        for (path, name) in notificationRouteNames {
            guard let route = model.routes.first(where: { $0.name == name }) else {
                let known = clipRoutes.isEmpty ? "the manifest has no clip route" : "clip routes: \(clipRoutes.joined(separator: ", "))"
                report(path, "'\(name.truncatedForMessages)' is not a route of this manifest (\(known)); name a route the clip handles")
                continue
            }
            if route.handledBy != .clip {
                report(path, "route '\(name)' is handled by the app, not the clip: a notification that targets it would relaunch the clip with a link the clip does not handle; name a clip route")
            }
        }
    }

    /// Why `link` cannot be one of a clip's demo links, or `nil` when it can: an https URL with a
    /// plain host and no fragment, no longer than an invocation URL, and not the clip's default App
    /// Clip link, which App Store Connect shows beside the demo link.
    static func demoLinkProblem(_ link: String, clipBundleID: String) -> String? {
        let limit = InvocationRouter.maximumURLLength
        if link.count > limit { return "has \(link.count) characters; an invocation URL has at most \(limit)" }
        guard let components = URLComponents(string: link), components.scheme?.lowercased() == "https",
              let form = DemoLinkForm(link) else {
            return "is not an https URL; copy the demo link App Store Connect shows for the clip"
        }
        if components.user != nil || components.password != nil || components.port != nil {
            return "names a user, a password or a port, which App Store Connect's links never do; copy the demo link as it shows it"
        }
        if components.fragment != nil {
            return "has a fragment (#…), which no invocation URL carries to the clip; copy the demo link as App Store Connect shows it"
        }
        if form.host == InvocationRouter.defaultLinkHost, form.path == "/id", form.items == [URLQueryItem(name: "p", value: clipBundleID)] {
            return "is the clip's default App Clip link, not its demo link; App Store Connect shows both, so copy the demo link"
        }
        return nil
    }

    /// Each of `clip.demoLinks` opens a route: the one Apple's default App Clip link opens when it
    /// carries no items, which the router finds as it will in the clip; and none is a link of the
    /// team's own domain that a route matches, which the demo link would take from that route.
    /// Checked once the rest is sound, since a router needs routes that compile.
    mutating func checkDemoLinks(kinds: ParameterKindRegistry) {
        guard !model.clip.demoLinks.isEmpty, issues.isEmpty else { return }
        // The routes alone: the default link without items is what a demo link opens.
        guard let router = try? InvocationRouter(
            checkingRoutes: model.routes, parameterKinds: kinds, clipBundleID: model.clip.bundleID
        ) else { return }
        if case .failure = router.route(InvocationRouter.defaultLink(clipBundleID: model.clip.bundleID)) {
            report("$.clip.demoLinks", "a demo link opens the clip's default experience, the route Apple's default App Clip link opens when it carries no items, and no route does; add a clip route without captures or required query items and with \"defaultLink\": true")
        }
        for (index, link) in model.clip.demoLinks.enumerated() {
            guard DemoLinkForm(link)?.host != InvocationRouter.defaultLinkHost, case .success(let match) = router.route(link) else { continue }
            report("$.clip.demoLinks[\(index)]", quoting: link, "is also a link of route '\(match.route)', which the demo link would take from it; a demo link is the one App Store Connect made, not a link of the team's domain")
        }
    }

    /// Every route's `handoff` names a type that `handoff.types` lists.
    mutating func routeHandoffTypes() {
        let listed = model.handoff.types.map(\.name)
        for (path, typeName) in routeHandoffs where !listed.contains(typeName) {
            let known = listed.isEmpty ? "it lists none" : "it lists \(listed.joined(separator: ", "))"
            report(path, "'\(typeName.truncatedForMessages)' is not in handoff.types (\(known)); add it there with the members its payloads have")
        }
    }

    mutating func places(_ value: JSONValue, domains: Set<String>) {
        guard let elements = value.arrayValue else {
            report("$.places", expected: "an array", found: value)
            return
        }
        if elements.count > ManifestValidator.maximumPlaces {
            report("$.places", "lists \(elements.count) places; at most \(ManifestValidator.maximumPlaces) are allowed")
            return
        }
        var urls: Set<String> = []
        for (index, element) in elements.enumerated() {
            let path = "$.places[\(index)]"
            guard let members = object(element, at: path, required: ["name", "url", "latitude", "longitude", "mapAction"], optional: ["headerImage", "radius"]) else { continue }
            let name = string(members["name"], at: "\(path).name")
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 100 {
                report("\(path).name", "must be 1 to 100 characters")
            }
            let url = string(members["url"], at: "\(path).url")
            if let url {
                let parsed = URLComponents(string: url)
                if listsNoDomains {
                    report("\(path).url", quoting: url, "is not on one of the manifest's domains, and it lists none: a place is an advanced App Clip experience, whose URL must be on a domain of your own")
                } else if parsed?.scheme != "https" || parsed?.host.map({ domains.contains($0) }) != true {
                    report("\(path).url", quoting: url, "is not an https URL on one of the manifest's domains")
                } else if !urls.insert(url).inserted {
                    report("\(path).url", "'\(url)' is the URL of an earlier place; each place needs its own invocation URL")
                }
            }
            func coordinate(_ key: String, limit: Double) -> Double? {
                guard let raw = members[key] else { return nil }
                guard let number = raw.numberValue else {
                    report("\(path).\(key)", expected: "a number of degrees", found: raw)
                    return nil
                }
                guard abs(number) <= limit else {
                    report("\(path).\(key)", "\(number) is out of range: from -\(Int(limit)) to \(Int(limit)) degrees")
                    return nil
                }
                return number
            }
            let latitude = coordinate("latitude", limit: 90)
            let longitude = coordinate("longitude", limit: 180)
            let action = string(members["mapAction"], at: "\(path).mapAction")
            if let action, !ClipManifest.Place.mapActions.contains(action) {
                report("\(path).mapAction", quoting: action, "is not a map action; expected one of: \(ClipManifest.Place.mapActions.joined(separator: ", "))")
            }
            let image = headerImage(members["headerImage"], at: "\(path).headerImage")
            var radius: Double?
            if let raw = members["radius"] {
                let maximum = ManifestValidator.maximumPlaceRadius
                if let metres = raw.numberValue, metres > 0, metres <= maximum {
                    radius = metres
                } else if let metres = raw.numberValue {
                    report("\(path).radius", "\(metres) is out of range: a place's radius is more than 0 and at most \(Int(maximum)) metres, the largest region location confirmation takes (leave it out for the default, 100)")
                } else {
                    report("\(path).radius", expected: "a number of metres", found: raw)
                }
            }
            if let name, let url, let latitude, let longitude, let action {
                model.places.append(ClipManifest.Place(
                    name: name, url: url, latitude: latitude, longitude: longitude, mapAction: action, headerImage: image, radius: radius
                ))
            }
        }
    }

    mutating func routes(_ value: JSONValue, domains: Set<String>, kinds: ParameterKindRegistry) {
        guard let routes = value.arrayValue else {
            report("$.routes", expected: "an array", found: value)
            return
        }
        if routes.isEmpty { report("$.routes", "must not be empty: add at least one route") }
        var names: Set<String> = []
        var patternOwners: [String: String] = [:]
        for (index, route) in routes.enumerated() {
            let path = "$.routes[\(index)]"
            guard let members = object(route, at: path, required: ["name", "handledBy"], optional: ["pattern", "patterns", "params", "query", "webContentQuery", "fragment", "headerImage", "handoff", "defaultLink", "preview"]) else {
                continue
            }
            let name = string(members["name"], at: path + ".name")
            if let name {
                if !RoutePattern.isIdentifier(name) {
                    report(path + ".name", quoting: name, "is not a route name: expected a letter, then letters, digits or '_'")
                } else if !names.insert(name).inserted {
                    report(path + ".name", "another route is already named '\(name)'")
                }
            }
            var definition = ClipManifest.RouteDefinition(name: name ?? "", patterns: [], handledBy: .clip)
            if let handler = string(members["handledBy"], at: path + ".handledBy") {
                if let known = ClipManifest.Handler(rawValue: handler) {
                    definition.handledBy = known
                } else {
                    report(path + ".handledBy", quoting: handler, "is not a handler: expected 'clip' or 'app'")
                }
            }

            var sources: [(String, String)] = []
            let hasNoPattern = members["pattern"] == nil && members["patterns"] == nil
            switch (members["pattern"], members["patterns"]) {
            case (nil, nil):
                // A clip route Apple's default App Clip link opens may have no link of its own.
                if members["defaultLink"]?.boolValue != true {
                    report(path, "missing required key 'pattern' (or 'patterns' for several); only a clip route that Apple's default App Clip link opens (\"defaultLink\": true) may leave it out")
                }
            case (.some, .some):
                report(path, "has both 'pattern' and 'patterns'; keep one")
            case (let single?, nil):
                if let text = string(single, at: path + ".pattern") { sources = [(path + ".pattern", text)] }
            case (nil, let several?):
                sources = stringArray(several, at: path + ".patterns", nonEmpty: true, unique: true) ?? []
            }

            var captureSets: [Set<String>] = []
            for (patternPath, source) in sources {
                definition.patterns.append(source)
                do {
                    let pattern = try RoutePattern(checking: source)
                    if listsNoDomains {
                        report(patternPath, "host '\(pattern.host)' is not one of the manifest's domains, and it lists none: add '\(pattern.host)' to 'domains', or, for a clip with no domain of its own, leave the pattern out and set \"defaultLink\": true")
                    } else if !domains.isEmpty, !domains.contains(pattern.host) {
                        report(patternPath, "host '\(pattern.host)' is not one of the manifest's domains (\(Array(domains).sorted().joined(separator: ", ")))")
                    }
                    reservedPaths(of: pattern, at: patternPath)
                    let key = pattern.host + pattern.wildcardPath
                    if let owner = patternOwners[key] {
                        report(patternPath, "matches the same URLs as a pattern of route '\(owner)', which comes first and wins")
                    } else {
                        patternOwners[key] = name ?? "#\(index)"
                    }
                    captureSets.append(Set(pattern.captureNames))
                } catch {
                    report(patternPath, error.description)
                }
            }
            var capturesDiffer = false
            for captures in captureSets where captures != captureSets[0] { capturesDiffer = true }
            if capturesDiffer {
                report(path, "its patterns capture different parameters; every pattern of a route must capture the same names")
            }
            let captured = captureSets.first ?? []

            if let params = members["params"] {
                if let entries = params.objectValue {
                    for key in Array(entries.keys).sorted() {
                        let paramPath = join(path + ".params", key)
                        guard let entry = entries[key], let declared = parameter(entry, at: paramPath, kinds: kinds, query: false) else { continue }
                        definition.params[key] = declared.kind
                        if let range = declared.range { definition.ranges[key] = range }
                        if hasNoPattern {
                            report(paramPath, "the route has no pattern, so it captures nothing; Apple's default App Clip link carries its parameters as query items, so declare '\(key)' under 'query'")
                        } else if !captureSets.isEmpty, !captured.contains(key) {
                            report(paramPath, "the route's pattern has no capture {\(key)}")
                        }
                    }
                } else {
                    report(path + ".params", expected: "an object", found: params)
                }
            }
            if let query = members["query"] {
                if let entries = query.objectValue {
                    for key in Array(entries.keys).sorted() {
                        let itemPath = join(path + ".query", key)
                        if !RoutePattern.isIdentifier(key) {
                            report(itemPath, quoting: key, "is not a query item name the route can read: expected a letter, then up to 63 letters, digits or '_'")
                            continue
                        }
                        if captured.contains(key) {
                            report(itemPath, "'\(key)' is also a capture of the route's pattern; a query item and a capture carry their values under one name, so give each its own")
                            continue
                        }
                        guard let entry = entries[key], let declared = parameter(entry, at: itemPath, kinds: kinds, query: true) else { continue }
                        definition.query[key] = ClipManifest.QueryItem(kind: declared.kind, isRequired: declared.required)
                        if let range = declared.range { definition.ranges[key] = range }
                    }
                } else {
                    report(path + ".query", expected: "an object of query item names and kinds, like {\"lang\": \"string\"}", found: query)
                }
            }
            if let query = members["webContentQuery"] {
                if let entries = query.objectValue {
                    var items: [String: String] = [:]
                    for key in Array(entries.keys).sorted() {
                        items[key] = string(entries[key], at: join(path + ".webContentQuery", key))
                        if key.isEmpty { report(path + ".webContentQuery", "a query item needs a name") }
                    }
                    definition.webContentQuery = items
                    for key in items.keys.sorted() where definition.query[key] != nil {
                        report(join(path + ".webContentQuery", key), "'\(key)' is also a query item the route reads (routes[].query); the clip would add a value over the link's own, so keep it in one of the two")
                    }
                } else {
                    report(path + ".webContentQuery", expected: "an object", found: query)
                }
            }
            if let fragment = members["fragment"], let text = string(fragment, at: path + ".fragment") {
                if let known = RouteFragment(rawValue: text) {
                    definition.fragment = known
                } else {
                    let names = RouteFragment.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    report(path + ".fragment", quoting: text, "is not a fragment kind: expected \(names)")
                }
            }
            if let image = headerImage(members["headerImage"], at: path + ".headerImage") {
                if definition.handledBy == .app {
                    report(path + ".headerImage", "a route the app handles gives no App Clip experience, so it has no card image; remove it, or set it on a clip route or a place")
                }
                definition.headerImage = image
            }
            if let preview = members["preview"], let fields = object(preview, at: path + ".preview", required: [], optional: ["title", "description"]) {
                var read = ClipManifest.RoutePreview()
                for (key, limit) in [("title", 200), ("description", 300)] {
                    guard let text = string(fields[key], at: join(path + ".preview", key)) else { continue }
                    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || text.count > limit {
                        report(join(path + ".preview", key), "the share page's \(key) has 1 to \(limit) characters, not only spaces")
                    } else if key == "title" {
                        read.title = text
                    } else {
                        read.description = text
                    }
                }
                if fields.isEmpty { report(path + ".preview", "give a 'title', a 'description' or both, or leave 'preview' out") }
                if read.title != nil || read.description != nil { definition.preview = read }
            }
            if hasNoPattern {
                let reasons = [
                    ("webContentQuery", "the route has no pattern, so it has no page of its own for the clip to load with these items; give it a pattern on one of your domains, or leave this out"),
                    ("fragment", "the route has no pattern, and Apple's default App Clip link carries no fragment to it; leave this out"),
                    ("headerImage", "the route has no pattern, so it gives no advanced App Clip experience to carry a card image; the default experience's image is set in App Store Connect, so leave this out"),
                ]
                for (key, reason) in reasons where members[key] != nil { report(join(path, key), reason) }
            }
            if let flag = boolean(members["defaultLink"], at: path + ".defaultLink"), flag {
                if definition.handledBy == .app {
                    report(path + ".defaultLink", "Apple's default App Clip link opens the clip, and this route is handled by the app; set it on a clip route")
                } else if captured.contains("p") || definition.query["p"] != nil {
                    report(path + ".defaultLink", "the default App Clip link's 'p' item names the clip, so a route it opens cannot read a parameter named 'p'; rename it")
                } else {
                    definition.opensDefaultLink = true
                }
            }
            if let handoff = members["handoff"], let typeName = string(handoff, at: path + ".handoff") {
                definition.handoffType = typeName
                if HandoffEnvelope.isTypeName(typeName) {
                    routeHandoffs.append((path + ".handoff", typeName))
                    var captureKinds: [String: String] = [:]
                    for capture in captured { captureKinds[capture] = definition.params[capture] ?? ParameterKind.string.name }
                    for (item, declared) in definition.query { captureKinds[item] = declared.kind }
                    routeCaptureKinds.append((path + ".handoff", definition.name, typeName, captureKinds))
                    let optionalItems = definition.query.filter { !$0.value.isRequired }.keys.sorted()
                    if !optionalItems.isEmpty { routeOptionalQueryItems.append((path + ".handoff", definition.name, typeName, optionalItems)) }
                } else {
                    report(path + ".handoff", quoting: typeName, "is not a payload type name: expected a letter, then up to 127 letters, digits, '.', '_' or '-'")
                }
            }
            model.routes.append(definition)
        }
    }

    /// A pattern under `/.well-known/` is refused: iOS reads the AASA file there, and the link
    /// domain's server and static hosts never hand those paths to a route. A pattern whose captures
    /// can match an AASA path is allowed, with a warning: that URL gets the AASA file.
    mutating func reservedPaths(of pattern: RoutePattern, at path: String) {
        if pattern.liesUnderWellKnown {
            report(path, "'\(pattern.source.truncatedForMessages)' lies under /.well-known/, which is reserved for files such as the apple-app-site-association file iOS reads at /.well-known/apple-app-site-association; the link domain serves those files there and never a route's page, so the route would not open; move the route to a path of its own, such as https://\(pattern.host)/share/…")
            return
        }
        let matched = pattern.matchedAssociationFilePaths
        guard !matched.isEmpty else { return }
        let urls = matched.map { "https://\(pattern.host)\($0)" }.joined(separator: " and ")
        warnings.append(ManifestIssue(
            path: path,
            message: "'\(pattern.source.truncatedForMessages)' also matches \(urls), where iOS reads the apple-app-site-association file; the link domain's server and the static export's rewrites never hand that path to a route, so such a URL gets the AASA file, not the route's page; start the pattern with a literal segment, such as https://\(pattern.host)/s/…, if the route must match every value"
        ))
    }

    /// A header image's path: a PNG or JPEG file name, which the experience plan reads and checks.
    mutating func headerImage(_ value: JSONValue?, at path: String) -> String? {
        guard let text = string(value, at: path) else { return nil }
        guard !text.isEmpty, text.count <= 1024 else {
            report(path, "must be the path of a PNG or JPEG file, 1 to 1024 characters")
            return nil
        }
        let lowered = text.lowercased()
        guard [".png", ".jpg", ".jpeg"].contains(where: { lowered.hasSuffix($0) }) else {
            report(path, quoting: text, "is not a PNG or JPEG file name: App Store Connect takes .png, .jpg or .jpeg header images")
            return nil
        }
        return text
    }
}
