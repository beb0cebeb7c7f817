@_spi(ClipKitTooling) import ClipKit

/// Writes a manifest back as JSON, so tests can check that ``ManifestLoader`` reads every member
/// it is given. Clips never write manifests, so this lives with the tests.
extension ClipManifest {
    /// The manifest as a JSON document that ``ManifestLoader`` reads back into an equal manifest.
    ///
    /// Optional members that are not set are left out; a route with one pattern is written with
    /// `pattern`, one with several with `patterns`.
    public var jsonValue: JSONValue {
        var appMembers: [String: JSONValue] = ["bundleID": .string(app.bundleID), "appStoreID": .string(app.appStoreID)]
        if let name = app.name { appMembers["name"] = .string(name) }
        var clipMembers: [String: JSONValue] = [
            "bundleID": .string(clip.bundleID),
            "minimumIOS": .string(clip.minimumIOS),
            "invocations": Self.array(clip.invocations.map(\.rawValue)),
        ]
        if clip.requestsLocationConfirmation { clipMembers["requestsLocationConfirmation"] = .bool(true) }
        if clip.requestsEphemeralNotifications { clipMembers["requestsEphemeralNotifications"] = .bool(true) }
        if !clip.notificationRoutes.isEmpty { clipMembers["notificationRoutes"] = ClipManifest.array(clip.notificationRoutes) }
        var handoffMembers: [String: JSONValue] = [
            "ttlSeconds": .number(Double(handoff.ttlSeconds)),
            "webBridgeKeys": Self.array(handoff.webBridgeKeys),
        ]
        if !handoff.types.isEmpty { handoffMembers["types"] = .array(handoff.types.map(\.jsonValue)) }
        var members: [String: JSONValue] = [
            "teamID": .string(teamID),
            "app": .object(appMembers),
            "clip": .object(clipMembers),
            "appGroup": .string(appGroup),
            "domains": Self.array(domains),
            "routes": .array(routes.map(\.jsonValue)),
            "handoff": .object(handoffMembers),
        ]
        if let nostr { members["nostr"] = .object(["relays": Self.array(nostr.relays)]) }
        if !places.isEmpty {
            members["places"] = .array(places.map { place in
                var members: [String: JSONValue] = [
                    "name": .string(place.name), "url": .string(place.url), "latitude": .number(place.latitude),
                    "longitude": .number(place.longitude), "mapAction": .string(place.mapAction),
                ]
                if let radius = place.radius { members["radius"] = .number(radius) }
                return .object(members)
            })
        }
        return .object(members)
    }

    fileprivate static func array(_ strings: [String]) -> JSONValue {
        .array(strings.map(JSONValue.string))
    }

    fileprivate static func object(_ strings: [String: String]) -> JSONValue {
        .object(strings.mapValues(JSONValue.string))
    }
}

extension ClipManifest.RouteDefinition {
    /// The route as a JSON object, with `pattern` when it has exactly one.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "handledBy": .string(handledBy.rawValue)]
        if patterns.count == 1, let only = patterns.first {
            members["pattern"] = .string(only)
        } else {
            members["patterns"] = ClipManifest.array(patterns)
        }
        var declared: [String: JSONValue] = [:]
        for (name, kind) in params {
            declared[name] = ranges[name].map { range in .object(Self.ranged(["kind": .string(kind)], range)) } ?? .string(kind)
        }
        if !declared.isEmpty { members["params"] = .object(declared) }
        if !query.isEmpty {
            members["query"] = .object(query.reduce(into: [:]) { result, entry in
                let (name, item) = entry
                if !item.isRequired, ranges[name] == nil {
                    result[name] = .string(item.kind)
                } else {
                    var fields: [String: JSONValue] = ["kind": .string(item.kind)]
                    if item.isRequired { fields["required"] = .bool(true) }
                    result[name] = .object(ranges[name].map { Self.ranged(fields, $0) } ?? fields)
                }
            })
        }
        if let webContentQuery { members["webContentQuery"] = ClipManifest.object(webContentQuery) }
        if let fragment { members["fragment"] = .string(fragment.rawValue) }
        if let handoffType { members["handoff"] = .string(handoffType) }
        if opensDefaultLink { members["defaultLink"] = .bool(true) }
        if let preview {
            var fields: [String: JSONValue] = [:]
            if let title = preview.title { fields["title"] = .string(title) }
            if let description = preview.description { fields["description"] = .string(description) }
            members["preview"] = .object(fields)
        }
        return .object(members)
    }

    /// `fields` with the range's bounds as `minimum` and `maximum`.
    private static func ranged(_ fields: [String: JSONValue], _ range: ClipManifest.IntegerRange) -> [String: JSONValue] {
        var result = fields
        if let minimum = range.minimum { result["minimum"] = .number(Int64(minimum)) }
        if let maximum = range.maximum { result["maximum"] = .number(Int64(maximum)) }
        return result
    }
}

extension ClipManifest.HandoffType {
    /// The type as a JSON object; `optional` only when the type lists it, and `kinds` only when
    /// members have kinds (those the routes' captures give written out, which reads back the same).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "required": ClipManifest.array(requiredMembers)]
        if let optionalMembers { members["optional"] = ClipManifest.array(optionalMembers) }
        if !memberKinds.isEmpty { members["kinds"] = .object(memberKinds.mapValues(JSONValue.string)) }
        if isSecret { members["secret"] = .bool(true) }
        return .object(members)
    }
}
