extension ClipManifest {
    /// Builds the model from a document in which ``ManifestValidator`` found no issue.
    ///
    /// The validator has checked every member's presence and type, so the fallbacks here are never
    /// taken for such a document; they only keep this initializer total.
    init(checked document: JSONValue) {
        let app = document["app"]
        let clip = document["clip"]
        let handoff = document["handoff"]
        self.init(
            teamID: document["teamID"]?.stringValue ?? "",
            app: AppTarget(
                bundleID: app?["bundleID"]?.stringValue ?? "",
                appStoreID: app?["appStoreID"]?.stringValue ?? "",
                name: app?["name"]?.stringValue
            ),
            clip: ClipTarget(
                bundleID: clip?["bundleID"]?.stringValue ?? "",
                minimumIOS: clip?["minimumIOS"]?.stringValue ?? "",
                invocations: Self.strings(clip?["invocations"]).compactMap(Invocation.init(rawValue:))
            ),
            appGroup: document["appGroup"]?.stringValue ?? "",
            domains: Self.strings(document["domains"]),
            routes: (document["routes"]?.arrayValue ?? []).map(RouteDefinition.init(checked:)),
            handoff: HandoffSettings(
                ttlSeconds: handoff?["ttlSeconds"]?.integerValue ?? 0,
                webBridgeKeys: Self.strings(handoff?["webBridgeKeys"])
            ),
            nostr: document["nostr"].map { NostrSettings(relays: Self.strings($0["relays"])) }
        )
    }

    /// The manifest as a JSON document that ``ManifestLoader`` reads back into an equal manifest.
    ///
    /// Optional members that are not set are left out; a route with one pattern is written with
    /// `pattern`, one with several with `patterns`.
    public var jsonValue: JSONValue {
        var appMembers: [String: JSONValue] = ["bundleID": .string(app.bundleID), "appStoreID": .string(app.appStoreID)]
        if let name = app.name { appMembers["name"] = .string(name) }
        var members: [String: JSONValue] = [
            "teamID": .string(teamID),
            "app": .object(appMembers),
            "clip": .object([
                "bundleID": .string(clip.bundleID),
                "minimumIOS": .string(clip.minimumIOS),
                "invocations": Self.array(clip.invocations.map(\.rawValue)),
            ]),
            "appGroup": .string(appGroup),
            "domains": Self.array(domains),
            "routes": .array(routes.map(\.jsonValue)),
            "handoff": .object([
                "ttlSeconds": .number(Double(handoff.ttlSeconds)),
                "webBridgeKeys": Self.array(handoff.webBridgeKeys),
            ]),
        ]
        if let nostr { members["nostr"] = .object(["relays": Self.array(nostr.relays)]) }
        return .object(members)
    }

    static func strings(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    static func array(_ strings: [String]) -> JSONValue {
        .array(strings.map(JSONValue.string))
    }

    static func object(_ strings: [String: String]) -> JSONValue {
        .object(strings.mapValues(JSONValue.string))
    }

    static func stringMap(_ value: JSONValue?) -> [String: String]? {
        value?.objectValue?.compactMapValues(\.stringValue)
    }
}

extension ClipManifest.RouteDefinition {
    /// Builds a route from a checked route object; `pattern` (one) and `patterns` (several) are both read.
    init(checked route: JSONValue) {
        let single = route["pattern"]?.stringValue
        self.init(
            name: route["name"]?.stringValue ?? "",
            patterns: single.map { [$0] } ?? ClipManifest.strings(route["patterns"]),
            handledBy: ClipManifest.Handler(rawValue: route["handledBy"]?.stringValue ?? "") ?? .clip,
            params: ClipManifest.stringMap(route["params"]) ?? [:],
            webContentQuery: ClipManifest.stringMap(route["webContentQuery"])
        )
    }

    /// The route as a JSON object, with `pattern` when it has exactly one.
    var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "handledBy": .string(handledBy.rawValue)]
        if patterns.count == 1, let only = patterns.first {
            members["pattern"] = .string(only)
        } else {
            members["patterns"] = ClipManifest.array(patterns)
        }
        if !params.isEmpty { members["params"] = ClipManifest.object(params) }
        if let webContentQuery { members["webContentQuery"] = ClipManifest.object(webContentQuery) }
        return .object(members)
    }
}
