@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import Foundation

/// The checks of an AASA file that need no manifest: bytes, structure, patterns, shadowing.
struct AASAFileCheck {
    var findings: [AASAFinding] = []

    mutating func add(_ code: AASAFinding.Code, _ severity: AASAFinding.Severity, _ path: String, _ message: String, fix: String) {
        findings.append(AASAFinding(code: code, severity: severity, path: path, message: message, fix: fix))
    }

    // MARK: Bytes and structure

    /// The finding for a file of `bytes` bytes, over the `limit` the system reads.
    static func tooLarge(bytes: UInt64, limit: Int) -> AASAFinding {
        AASAFinding(
            code: .fileTooLarge, severity: .error, path: "$",
            message: "the file is \(ByteSize.text(bytes)); the system ignores AASA files over \(ByteSize.text(limit))",
            fix: "remove patterns (merge them with wildcards or substitution variables) until the file is under \(ByteSize.text(limit))"
        )
    }

    /// Parses the file; returns `nil` (with findings) when there is nothing further to check.
    mutating func read(_ data: Data) -> (JSONValue, AASADocument)? {
        let result: AASADocument.Reading
        do {
            result = try AASADocument.read(data)
        } catch {
            switch error {
            case .tooLarge(let bytes, let limit):
                findings.append(Self.tooLarge(bytes: UInt64(bytes), limit: limit))
            case .byteOrderMark(let encoding):
                add(.byteOrderMark, .error, "$", "the file starts with a \(encoding) byte-order mark, which the system rejects",
                    fix: "save the file as UTF-8 without a byte-order mark")
            case .notJSON(let line, let column, let reason):
                add(.notJSON, .error, "$", "the file is not JSON: line \(line), column \(column): \(reason)",
                    fix: "fix the JSON syntax (generate the file with 'clipkit aasa generate' to start from a valid one)")
            case .notAnObject, .invalidStructure:
                add(.notJSON, .error, "$", error.description, fix: "fix the JSON syntax")
            }
            return nil
        }
        for path in result.duplicateKeyPaths {
            add(.duplicateKey, .warning, path, "this key appears more than once in its object; only one occurrence takes effect",
                fix: "keep one occurrence of the key and merge the values")
        }
        guard let members = result.value.objectValue else {
            add(.notAnObject, .error, "$", "the file must be one JSON object, found \(result.value.typeDescription)",
                fix: "wrap the sections in one object: {\"applinks\": {...}, \"appclips\": {...}}")
            return nil
        }
        var reader = AASAStructureReader()
        let document = reader.read(members)
        for unknown in reader.unknownKeys {
            add(.unknownKey, .warning, unknown.path, "'\(unknown.key)' is not a key the system reads here; it is ignored",
                fix: AASAFileCheck.suggestion(for: unknown.key, among: unknown.known))
        }
        for path in reader.ignoredQueries {
            add(.queryIgnored, .warning, path,
                "this '?' dictionary holds a value that is not a string; iOS then ignores the whole '?', so this component now matches every query",
                fix: "write every value as a string pattern (\"*\" for any value), or remove the '?' key if any query should match")
        }
        if reader.detailsKeyedByAppID {
            add(.detailsKeyedByAppID, .warning, "$.applinks.details",
                "'details' is the oldest form, an object keyed by application identifier; iOS still reads it, evaluating the entries in the order of their identifiers",
                fix: "write 'details' as an array: [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [...]}]")
        }
        for problem in reader.typeProblems {
            add(.wrongType, .error, problem.path, problem.message, fix: "give this key a value of the expected type")
        }
        if !reader.typeProblems.isEmpty { return nil }
        return (result.value, document)
    }

    static func suggestion(for key: String, among known: Set<String>) -> String {
        let lowered = key.lowercased()
        let ranked = known.sorted().map { candidate in
            (candidate, candidate.lowercased() == lowered ? 0 : editDistance(candidate.lowercased(), lowered, limit: 2) + 1)
        }
        if let close = ranked.filter({ $0.1 <= 3 }).min(by: { $0.1 < $1.1 })?.0 { return "did you mean '\(close)'? Known keys here: \(known.sorted().joined(separator: ", "))" }
        return "remove it, or use one of the known keys: \(known.sorted().joined(separator: ", "))"
    }

    static func editDistance(_ left: String, _ right: String, limit: Int) -> Int {
        let a = Array(left.unicodeScalars.prefix(64))
        let b = Array(right.unicodeScalars.prefix(64))
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    mutating func checkStructure(root: JSONValue, document: AASADocument) {
        if document.appLinks == nil, document.appClips == nil, document.webCredentials == nil, document.activityContinuation == nil {
            add(.noServices, .warning, "$", "the file has none of the sections the system reads (applinks, appclips, webcredentials, activitycontinuation)",
                fix: "add an 'applinks' section for universal links and an 'appclips' section for the App Clip")
        }
        if let links = document.appLinks {
            checkAppLinks(links, raw: root["applinks"])
        }
        for (key, section) in [("appclips", document.appClips), ("webcredentials", document.webCredentials), ("activitycontinuation", document.activityContinuation)] {
            guard let section else { continue }
            checkAppIDs(section.apps, at: "$.\(key).apps")
        }
    }

    mutating func checkAppLinks(_ links: AASAAppLinks, raw: JSONValue?) {
        if raw?["details"] == nil {
            add(.noDetails, .error, "$.applinks", "'applinks' has no 'details', so no URL opens an app",
                fix: "add \"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [{\"/\": \"/path/*\"}]}]")
        }
        if let legacyApps = links.legacyApps, !legacyApps.isEmpty {
            add(.legacyAppsNotEmpty, .warning, "$.applinks.apps", "the legacy 'apps' key should be an empty array: iOS 13 and later ignore it, and only 'details' names the apps",
                fix: "write \"apps\": [] (or remove the key; iOS 13 and later ignore it) and list the apps in 'details'")
        }
        var modern = false
        var legacyOnly = false
        for (index, detail) in links.details.enumerated() {
            let path = AASAMatcher.detailPath(index, detail: detail, links: links)
            if let appIDs = detail.appIDs { checkAppIDs(appIDs, at: "\(path).appIDs") }
            if let appID = detail.legacyAppID { checkAppIDs([appID], at: "\(path).appID", single: true) }
            if detail.applicationIdentifiers.isEmpty {
                add(.detailWithoutApps, .error, path, "this entry names no app, so its patterns apply to nothing",
                    fix: "add \"appIDs\": [\"TEAMID.bundle.id\"]")
            }
            if let ignored = detail.ignoredLegacyAppID {
                add(.appIDAndAppIDs, .warning, path,
                    "this entry has both 'appIDs' and the legacy 'appID' '\(ignored)', which 'appIDs' does not list; iOS reads 'appIDs' and ignores 'appID', so this entry does not apply to \(ignored)",
                    fix: "add \"\(ignored)\" to 'appIDs' if the entry is meant for it, and remove 'appID'")
            } else if detail.appIDs != nil, detail.legacyAppID != nil {
                add(.appIDAndAppIDs, .warning, path, "this entry has both 'appIDs' and the legacy 'appID'; iOS reads 'appIDs' and ignores 'appID'",
                    fix: "remove 'appID'; 'appIDs' already lists the app")
            }
            switch (detail.components, detail.legacyPaths) {
            case (nil, nil):
                add(.detailWithoutPatterns, .warning, path, "this entry has neither 'components' nor 'paths', so it opens no URL",
                    fix: "add \"components\": [{\"/\": \"/path/*\"}]")
            case (.some, .some):
                add(.mixedFormats, .warning, path,
                    "this entry has both 'components' and legacy 'paths': iOS 13 and later use 'components' and ignore 'paths', older systems use only 'paths', so the two can disagree",
                    fix: "keep 'components' and remove 'paths' unless you support iOS 12; if you do, make both say the same")
                modern = true
            case (.some, nil):
                modern = true
            case (nil, .some):
                legacyOnly = true
            }
        }
        if modern, legacyOnly {
            add(.mixedFormats, .warning, "$.applinks.details",
                "some entries use modern 'components' and others only legacy 'paths'; TN3155 advises one format per file",
                fix: "rewrite the legacy 'paths' entries as 'components' ('NOT /x' becomes {\"/\": \"/x\", \"exclude\": true})")
        }
        if let variables = links.substitutionVariables {
            checkVariables(variables, links: links)
        }
    }

    mutating func checkAppIDs(_ appIDs: [String], at path: String, single: Bool = false) {
        var seen: Set<String> = []
        for (index, appID) in appIDs.enumerated() {
            let elementPath = single ? path : "\(path)[\(index)]"
            if let problem = AppIdentifierRules.problem(with: appID) {
                add(.invalidAppID, .warning, elementPath, problem + "; iOS reads the file, but no installed app has this identifier, so it never applies",
                    fix: "write the application identifier as TEAMID.bundleID, like ABCDE12345.com.example.app (the team ID is in your developer account)")
            }
            if !seen.insert(appID).inserted {
                add(.duplicateAppID, .warning, elementPath, "'\(appID)' is listed twice", fix: "remove the repeated identifier")
            }
        }
    }

    mutating func checkVariables(_ variables: [String: [String]], links: AASAAppLinks) {
        let base = "$.applinks.substitutionVariables"
        var used: Set<String> = []
        for detail in links.details {
            for component in detail.effectiveComponents {
                var sources = [component.path, component.fragment].compactMap { $0 }
                switch component.query {
                case .whole(let pattern)?: sources.append(pattern)
                case .items(let items)?: sources += items.values
                case .ignored?, nil: break
                }
                for source in sources { used.formUnion(AASAFileCheck.variableReferences(in: source)) }
            }
        }
        for name in variables.keys.sorted() {
            let path = JSONPath.member(name, of: base)
            let values = variables[name] ?? []
            if !SubstitutionVariables.isValidName(name) {
                add(.invalidVariableName, .error, path, "'\(name)' is not a variable name: names may not be empty or hold '$', '(' or ')'",
                    fix: "rename the variable to letters and digits")
            }
            if SubstitutionVariables.predefined[name] != nil {
                add(.variableShadowsPredefined, .warning, path, "'\(name)' replaces Apple's predefined $(\(name)) in this file",
                    fix: "rename the variable so $(\(name)) keeps its predefined meaning")
            }
            if values.isEmpty {
                add(.emptyVariable, .warning, path, "'\(name)' has no values, so a pattern that uses $(\(name)) never matches",
                    fix: "list the strings $(\(name)) stands for")
            }
            for (index, value) in values.enumerated() where value.contains("$(") {
                add(.nestedVariable, .error, "\(path)[\(index)]", "'\(value)' refers to a variable; variable values may hold '?' and '*' but no variables",
                    fix: "write the value out in full")
            }
            if !used.contains(name) {
                add(.unusedVariable, .warning, path, "no pattern uses $(\(name))", fix: "remove the variable or use it in a pattern")
            }
        }
    }

    static func variableReferences(in source: String) -> Set<String> {
        guard let pieces = try? GlobPattern.split(source) else { return [] }
        var names: Set<String> = []
        for piece in pieces {
            if case .variable(let name) = piece { names.insert(name) }
        }
        return names
    }
}
