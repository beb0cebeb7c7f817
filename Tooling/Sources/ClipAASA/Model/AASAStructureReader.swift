import ClipKit
import ClipManifestReader

/// Turns parsed JSON into an ``AASADocument``, collecting every key of the wrong type and every
/// key the system does not read, with its JSON path.
///
/// Values of the wrong type are left out of the model; unknown keys are ignored, as the system
/// ignores them.
struct AASAStructureReader {
    /// A known key whose value has the wrong type.
    struct TypeProblem: Sendable, Hashable {
        let path: String
        let message: String
    }

    /// A key the system does not read.
    struct UnknownKey: Sendable, Hashable {
        let path: String
        let key: String
        let known: Set<String>
    }

    private(set) var typeProblems: [TypeProblem] = []
    private(set) var unknownKeys: [UnknownKey] = []
    /// The paths of `?` dictionaries that iOS ignores because they hold a value that is not a string.
    private(set) var ignoredQueries: [String] = []
    /// Whether `applinks.details` is written as an object keyed by application identifier.
    private(set) var detailsKeyedByAppID = false

    /// Builds the document, throwing the first type problem.
    mutating func document(_ members: [String: JSONValue]) throws(AASADocumentError) -> AASADocument {
        let document = read(members)
        if let first = typeProblems.first { throw .invalidStructure(path: first.path, message: first.message) }
        return document
    }

    /// Builds the best document it can, recording problems.
    mutating func read(_ members: [String: JSONValue]) -> AASADocument {
        noteUnknownKeys(members, known: AASADocument.knownKeys, at: "$")
        var document = AASADocument()
        if let value = members["applinks"] { document.appLinks = appLinks(value, at: "$.applinks") }
        if let value = members["appclips"] { document.appClips = serviceApps(value, at: "$.appclips") }
        if let value = members["webcredentials"] { document.webCredentials = serviceApps(value, at: "$.webcredentials") }
        if let value = members["activitycontinuation"] {
            document.activityContinuation = serviceApps(value, at: "$.activitycontinuation")
        }
        return document
    }

    private mutating func noteUnknownKeys(_ members: [String: JSONValue], known: Set<String>, at path: String) {
        for key in members.keys.sorted() where !known.contains(key) {
            unknownKeys.append(UnknownKey(path: JSONPath.member(key, of: path), key: key, known: known))
        }
    }

    private mutating func mismatch(_ path: String, expected: String, found value: JSONValue) {
        typeProblems.append(TypeProblem(path: path, message: "expected \(expected), found \(value.typeDescription)"))
    }

    private mutating func object(_ value: JSONValue, at path: String) -> [String: JSONValue]? {
        guard let members = value.objectValue else {
            mismatch(path, expected: "an object", found: value)
            return nil
        }
        return members
    }

    private mutating func string(_ value: JSONValue?, at path: String) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue else {
            mismatch(path, expected: "a string", found: value)
            return nil
        }
        return text
    }

    private mutating func bool(_ value: JSONValue?, at path: String) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.boolValue else {
            mismatch(path, expected: "true or false", found: value)
            return nil
        }
        return flag
    }

    private mutating func strings(_ value: JSONValue?, at path: String) -> [String]? {
        guard let value else { return nil }
        guard let elements = value.arrayValue else {
            mismatch(path, expected: "an array of strings", found: value)
            return nil
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: JSONPath.element(index, of: path)) { result.append(text) }
        }
        return result
    }

    private mutating func serviceApps(_ value: JSONValue, at path: String) -> AASAServiceApps? {
        guard let members = object(value, at: path) else { return nil }
        noteUnknownKeys(members, known: AASAServiceApps.knownKeys, at: path)
        return AASAServiceApps(apps: strings(members["apps"], at: JSONPath.member("apps", of: path)) ?? [])
    }

    private mutating func defaults(_ value: JSONValue?, at path: String) -> AASAMatchingDefaults? {
        guard let value, let members = object(value, at: path) else { return nil }
        noteUnknownKeys(members, known: AASAMatchingDefaults.knownKeys, at: path)
        return AASAMatchingDefaults(
            caseSensitive: bool(members["caseSensitive"], at: JSONPath.member("caseSensitive", of: path)),
            percentEncoded: bool(members["percentEncoded"], at: JSONPath.member("percentEncoded", of: path)),
            path: string(members["/"], at: JSONPath.member("/", of: path)),
            query: members["?"].flatMap { query($0, at: JSONPath.member("?", of: path)) },
            fragment: string(members["#"], at: JSONPath.member("#", of: path)),
            exclude: bool(members["exclude"], at: JSONPath.member("exclude", of: path))
        )
    }

    private mutating func appLinks(_ value: JSONValue, at path: String) -> AASAAppLinks? {
        guard let members = object(value, at: path) else { return nil }
        noteUnknownKeys(members, known: AASAAppLinks.knownKeys, at: path)
        var links = AASAAppLinks(details: [])
        links.legacyApps = strings(members["apps"], at: JSONPath.member("apps", of: path))
        links.defaults = defaults(members["defaults"], at: JSONPath.member("defaults", of: path))
        if let variables = members["substitutionVariables"] {
            let variablesPath = JSONPath.member("substitutionVariables", of: path)
            if let entries = object(variables, at: variablesPath) {
                var result: [String: [String]] = [:]
                for name in entries.keys.sorted() {
                    if let values = strings(entries[name], at: JSONPath.member(name, of: variablesPath)) { result[name] = values }
                }
                links.substitutionVariables = result
            }
        }
        if let details = members["details"] {
            let detailsPath = JSONPath.member("details", of: path)
            if let elements = details.arrayValue {
                for (index, element) in elements.enumerated() {
                    if let detail = detail(element, at: JSONPath.element(index, of: detailsPath)) { links.details.append(detail) }
                }
            } else if let entries = details.objectValue {
                // The oldest form: an object keyed by application identifier, read in key order.
                detailsKeyedByAppID = true
                links.detailsKeyedByAppID = true
                for appID in entries.keys.sorted() {
                    guard let element = entries[appID], var detail = detail(element, at: JSONPath.member(appID, of: detailsPath)) else { continue }
                    if detail.appIDs == nil { detail.legacyAppID = appID }
                    links.details.append(detail)
                }
            } else {
                mismatch(detailsPath, expected: "an array of objects", found: details)
            }
        }
        return links
    }

    private mutating func detail(_ value: JSONValue, at path: String) -> AASADetail? {
        guard let members = object(value, at: path) else { return nil }
        noteUnknownKeys(members, known: AASADetail.knownKeys, at: path)
        var components: [AASAComponent]?
        if let value = members["components"] {
            let componentsPath = JSONPath.member("components", of: path)
            if let elements = value.arrayValue {
                var result: [AASAComponent] = []
                for (index, element) in elements.enumerated() {
                    if let component = component(element, at: JSONPath.element(index, of: componentsPath)) { result.append(component) }
                }
                components = result
            } else {
                mismatch(componentsPath, expected: "an array of objects", found: value)
            }
        }
        return AASADetail(
            appIDs: strings(members["appIDs"], at: JSONPath.member("appIDs", of: path)),
            legacyAppID: string(members["appID"], at: JSONPath.member("appID", of: path)),
            components: components,
            legacyPaths: strings(members["paths"], at: JSONPath.member("paths", of: path)),
            defaults: defaults(members["defaults"], at: JSONPath.member("defaults", of: path))
        )
    }

    private mutating func component(_ value: JSONValue, at path: String) -> AASAComponent? {
        guard let members = object(value, at: path) else { return nil }
        noteUnknownKeys(members, known: AASAComponent.knownKeys, at: path)
        return AASAComponent(
            path: string(members["/"], at: JSONPath.member("/", of: path)),
            query: members["?"].flatMap { query($0, at: JSONPath.member("?", of: path)) },
            fragment: string(members["#"], at: JSONPath.member("#", of: path)),
            excludeSetting: bool(members["exclude"], at: JSONPath.member("exclude", of: path)),
            comment: string(members["comment"], at: JSONPath.member("comment", of: path)),
            caseSensitive: bool(members["caseSensitive"], at: JSONPath.member("caseSensitive", of: path)),
            percentEncoded: bool(members["percentEncoded"], at: JSONPath.member("percentEncoded", of: path))
        )
    }

    /// A `?` value: a string, or an object of strings. An object holding anything else is kept
    /// as ``AASAQueryPattern/ignored(_:)``, because iOS then ignores the whole key.
    private mutating func query(_ value: JSONValue, at queryPath: String) -> AASAQueryPattern? {
        switch value {
        case .string(let pattern):
            return .whole(pattern)
        case .object(let entries):
            var items: [String: String] = [:]
            for name in entries.keys.sorted() {
                guard let pattern = entries[name]?.stringValue else {
                    ignoredQueries.append(queryPath)
                    return .ignored(value)
                }
                items[name] = pattern
            }
            return .items(items)
        default:
            mismatch(queryPath, expected: "a string or an object of strings", found: value)
            return nil
        }
    }
}
