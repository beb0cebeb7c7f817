@_spi(ClipKitTooling) import ClipKit
import Foundation

/// One code to make: its invocation URL, the label printed under it, and what it is meant to open.
package struct CodeTarget: Sendable, Hashable {
    /// The invocation URL the QR code and the NFC tag carry.
    package var url: String
    /// The label printed beside the code on the sheet.
    package var label: String
    /// The stem of the code's file names (`table-soho-12`).
    package var fileStem: String
    /// The route the URL must reach, when the code was made for one.
    package var intendedRoute: String?
    /// The parameters it must reach the route with.
    package var intendedParameters: [String: String]

    /// Creates a target.
    package init(url: String, label: String, fileStem: String, intendedRoute: String? = nil, intendedParameters: [String: String] = [:]) {
        self.url = url
        self.label = label
        self.fileStem = fileStem
        self.intendedRoute = intendedRoute
        self.intendedParameters = intendedParameters
    }

    /// The most codes one run makes.
    package static let maximumCount = 10_000

    /// One target per combination of `values` for the route `name` of `manifest`, in the order the
    /// values were given (the last parameter varies fastest).
    ///
    /// A query item the route reads (`routes[].query`) takes values like a capture and is written
    /// into the URL's query; an optional one may be left out. A value of an `integer` parameter
    /// outside the `minimum` and `maximum` the manifest gives it refuses the whole run before any
    /// code is made, naming the value and the range (`--param table=1...40` on a route that takes
    /// 1 to 30 is a mistake, not 10 codes to refuse); a value its kind refuses is left to
    /// ``InvocationCodeCheck``, which refuses that code with the router's reason.
    ///
    /// - Parameters:
    ///   - values: Each parameter's values, as ``ParameterValues`` parses `--param`.
    ///   - label: The label template, with the route's parameters (and `route`, `url`, `n`) as its
    ///     fields; `store soho · table 7` when there is none.
    ///   - parameterKinds: The kinds the route's parameters name.
    /// - Throws: ``CodeMakerError/badRequest(_:)`` when the route is unknown, handled by the app, a
    ///   capture or a required query item has no value, an integer value lies outside its range, a
    ///   value names no parameter, or the label names a field it has not.
    package static func forRoute(
        _ name: String, values: ParameterValues, in manifest: ClipManifest, label: LabelTemplate? = nil,
        parameterKinds: ParameterKindRegistry = .standard
    ) throws(CodeMakerError) -> [CodeTarget] {
        guard let route = manifest.routes.first(where: { $0.name == name }) else {
            throw .badRequest("the manifest has no route '\(name)'; its routes are \(manifest.routes.map(\.name).joined(separator: ", "))")
        }
        guard route.handledBy == .clip else {
            throw .badRequest("route '\(name)' is handled by the app, not the clip: a code for it would not open the clip")
        }
        // A route with no pattern is opened by Apple's default App Clip link, whose query items carry its parameters.
        let pattern: RoutePattern?
        if let source = route.patterns.first {
            guard let parsed = try? RoutePattern(parsing: source) else { throw .badRequest("route '\(name)' has a pattern that does not parse: \(source)") }
            pattern = parsed
        } else if route.opensDefaultLink {
            pattern = nil
        } else {
            throw .badRequest("route '\(name)' has no pattern to fill")
        }
        let source = pattern?.source ?? InvocationRouter.defaultLink(clipBundleID: manifest.clip.bundleID)
        let captures = pattern?.captureNames ?? []
        let items = route.query.keys.sorted()
        let unknown = values.names.filter { !captures.contains($0) && !items.contains($0) }
        if let extra = unknown.first {
            let reads = items.isEmpty ? "" : " and reads the query items \(items.joined(separator: ", "))"
            let takes = pattern == nil ? "it opens through \(source)" : "its pattern \(source) captures \(captures.joined(separator: ", "))"
            throw .badRequest("route '\(name)' has no parameter '\(extra)'; \(takes)\(reads)")
        }
        if let missing = captures.first(where: { !values.names.contains($0) }) {
            throw .badRequest("no value for '\(missing)' of route '\(name)' (\(source)): add --param \(missing)=VALUE")
        }
        if let missing = items.first(where: { route.query[$0]?.isRequired == true && !values.names.contains($0) }) {
            throw .badRequest("no value for the query item '\(missing)', which route '\(name)' requires: add --param \(missing)=VALUE")
        }
        let given = (captures + items).filter { values.names.contains($0) }
        // A value outside a declared range is a mistake in the request, refused before anything is
        // made; a value the kind refuses is left to the check, which refuses its code with the reason.
        for parameter in given {
            let kindName = route.query[parameter]?.kind ?? route.params[parameter] ?? ParameterKind.string.name
            guard let range = route.ranges[parameter], let kind = parameterKinds.kind(named: kindName) else { continue }
            let limited = kind.limited(to: range)
            for value in values.values(of: parameter) {
                guard case .accepted = kind.check(value), case .rejected(let reason) = limited.check(value) else { continue }
                throw .badRequest("--param \(parameter)=\(visible(value)): route '\(name)' would not open with it: \(reason)\(rangeNote(range))")
            }
        }
        try label?.check(fields: captures + items + LabelTemplate.commonFields + ["route"])
        var combinations: [[String: String]] = [[:]]
        for parameter in given {
            let options = values.values(of: parameter)
            guard combinations.count * options.count <= maximumCount else {
                throw .badRequest("the parameter values make more than \(maximumCount) codes; make them in smaller runs")
            }
            combinations = combinations.flatMap { partial in options.map { partial.merging([parameter: $0]) { $1 } } }
        }
        return try combinations.enumerated().map { index, parameters throws(CodeMakerError) in
            let query = items.compactMap { item in parameters[item].map { URLQueryItem(name: item, value: $0) } }
            var url: String
            if let pattern {
                guard let filled = pattern.url(filling: parameters) else {
                    throw .badRequest("route '\(name)' cannot be filled with \(parameters)")
                }
                url = filled
                if !query.isEmpty, var components = URLComponents(string: url) {
                    components.queryItems = query
                    url = components.string ?? url
                }
            } else {
                url = InvocationRouter.defaultLink(clipBundleID: manifest.clip.bundleID, items: query)
            }
            let ordered = given.compactMap { parameters[$0] }
            let text: String
            if let label {
                let fields = ["route": name, "url": url, "n": String(index + 1)].merging(parameters) { $1 }
                text = label.text(filling: fields)
            } else {
                text = given.isEmpty ? name : given.map { "\($0) \(parameters[$0] ?? "")" }.joined(separator: " · ")
            }
            return CodeTarget(url: url, label: text, fileStem: fileStem([name] + ordered), intendedRoute: name, intendedParameters: parameters)
        }
    }

    /// `" (the manifest gives it 1 to 99999)"` for a range, or nothing.
    private static func rangeNote(_ range: ClipManifest.IntegerRange?) -> String {
        switch (range?.minimum, range?.maximum) {
        case (let minimum?, let maximum?): return " (the manifest gives it \(minimum) to \(maximum))"
        case (let minimum?, nil): return " (the manifest gives it at least \(minimum))"
        case (nil, let maximum?): return " (the manifest gives it at most \(maximum))"
        case (nil, nil): return ""
        }
    }

    /// One target per place of `manifest`, at the place's URL.
    ///
    /// - Parameter label: The label template, with `name` (the place's name), `url` and `n` as its
    ///   fields; the place's name when there is none.
    /// - Throws: ``CodeMakerError/badRequest(_:)`` when the manifest lists no places, or the label
    ///   names a field it has not.
    package static func forPlaces(in manifest: ClipManifest, label: LabelTemplate? = nil) throws(CodeMakerError) -> [CodeTarget] {
        guard !manifest.places.isEmpty else { throw .badRequest("the manifest lists no places; add 'places' or give --route") }
        try label?.check(fields: ["name"] + LabelTemplate.commonFields)
        return manifest.places.enumerated().map { index, place in
            let text = label?.text(filling: ["name": place.name, "url": place.url, "n": String(index + 1)]) ?? place.name
            return CodeTarget(url: place.url, label: text, fileStem: fileStem(["place", String(index + 1), place.name]))
        }
    }

    /// One target per URL, in order.
    ///
    /// - Parameter label: The label template, with `url` and `n` as its fields; the URL when there is none.
    /// - Throws: ``CodeMakerError/badRequest(_:)`` naming a URL with a control character (which no
    ///   link holds and no SVG file may carry), or a field the label names that it has not.
    package static func forURLs(_ urls: [String], label: LabelTemplate? = nil) throws(CodeMakerError) -> [CodeTarget] {
        try label?.check(fields: LabelTemplate.commonFields)
        return try urls.enumerated().map { index, url throws(CodeMakerError) in
            if let problem = controlCharacterProblem(in: url) {
                throw .badRequest("--url \(visible(url)): \(problem); remove it (a link is written without control characters)")
            }
            return CodeTarget(url: url, label: label?.text(filling: ["url": url, "n": String(index + 1)]) ?? url, fileStem: "url-\(index + 1)")
        }
    }

    /// What is wrong with a URL that holds a control character (a C0 or C1 control, or DEL), or `nil`.
    package static func controlCharacterProblem(in url: String) -> String? {
        for (offset, scalar) in url.unicodeScalars.enumerated() where scalar.properties.generalCategory == .control {
            return "it has the control character \(codePoint(scalar)) at character \(offset + 1)"
        }
        return nil
    }

    /// `text` cut to `maximumLength` scalars for one line of a message, with its control characters
    /// shown as `<U+000A>`, so that a hostile URL cannot break the line or drive a terminal.
    package static func visible(_ text: String, maximumLength: Int = 120) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(maximumLength) {
            if scalar.properties.generalCategory == .control {
                result += "<\(codePoint(scalar))>"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > maximumLength ? result + "…" : result
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A file name stem from words: lower-case letters and digits, words joined by `-`.
    static func fileStem(_ words: [String]) -> String {
        let cleaned = words.map { word in
            String(word.lowercased().unicodeScalars.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
                .split(separator: "-").joined(separator: "-")
        }.filter { !$0.isEmpty }
        let stem = cleaned.joined(separator: "-")
        return stem.isEmpty ? "code" : String(stem.prefix(100))
    }
}

/// The values of a route's captures, as `--param NAME=VALUE` gives them: a value, a comma-separated
/// list, or an integer range `FIRST...LAST`.
package struct ParameterValues: Sendable, Hashable {
    private var entries: [(name: String, values: [String])] = []

    /// The capture names, in the order given.
    package var names: [String] { entries.map(\.name) }

    /// The values of `name`, in order.
    package func values(of name: String) -> [String] {
        entries.first { $0.name == name }?.values ?? []
    }

    /// The largest range one parameter may span.
    package static let maximumRange = 10_000

    /// Parses `NAME=VALUE` arguments; a name given twice adds its values.
    ///
    /// Values are counted before a range is expanded, so an argument that asks for more values than
    /// ``CodeTarget/maximumCount`` is refused before they are made, and a range's bounds are compared
    /// without overflow.
    ///
    /// - Throws: ``CodeMakerError/badRequest(_:)`` naming the argument that is not `NAME=VALUE`, a
    ///   range that is empty, reversed, outside the integers or larger than ``maximumRange``, or a
    ///   name with more values than ``CodeTarget/maximumCount``.
    package init(parsing arguments: [String]) throws(CodeMakerError) {
        var counts: [String: Int] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw .badRequest("--param '\(CodeTarget.visible(argument))' is not NAME=VALUE (for example table=1...40 or store=soho)")
            }
            let name = String(argument[..<equals])
            let text = argument[argument.index(after: equals)...]
            var count = counts[name, default: 0]
            var values: [String] = []
            var rest = text
            while true {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                let item = rest[..<end]
                if let range = try Self.range(item, of: name) {
                    count += range.count
                    guard count <= CodeTarget.maximumCount else { throw Self.tooMany(name) }
                    values += range.map(String.init)
                } else {
                    guard !item.isEmpty else { throw .badRequest("--param \(CodeTarget.visible(name)) has an empty value") }
                    count += 1
                    guard count <= CodeTarget.maximumCount else { throw Self.tooMany(name) }
                    values.append(String(item))
                }
                guard end < rest.endIndex else { break }
                rest = rest[rest.index(after: end)...]
            }
            counts[name] = count
            if let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index].values += values
            } else {
                entries.append((name, values))
            }
        }
    }

    /// The integer range `item` writes as `FIRST...LAST`, or `nil` when it is a plain value.
    private static func range(_ item: Substring, of name: String) throws(CodeMakerError) -> ClosedRange<Int>? {
        guard let dots = item.range(of: "...") else { return nil }
        let lower = item[..<dots.lowerBound], upper = item[dots.upperBound...]
        guard isIntegerLiteral(lower), isIntegerLiteral(upper) else { return nil }
        let shown = "--param \(CodeTarget.visible(name))=\(CodeTarget.visible(String(item)))"
        guard let first = Int(lower), let last = Int(upper) else {
            throw .badRequest("\(shown): a bound lies outside \(Int.min)...\(Int.max); give a range of at most \(maximumRange) values")
        }
        // last - first overflows for bounds of opposite signs far apart; the overflow is a span too large.
        let (span, overflow) = last.subtractingReportingOverflow(first)
        guard first <= last, !overflow, span < maximumRange else {
            throw .badRequest("\(shown): a range runs from a smaller to a larger integer, at most \(maximumRange) values; split it into smaller runs")
        }
        return first...last
    }

    private static func isIntegerLiteral(_ text: Substring) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func tooMany(_ name: String) -> CodeMakerError {
        .badRequest("--param \(CodeTarget.visible(name)): its values make more than \(CodeTarget.maximumCount) codes; make them in smaller runs")
    }

    /// Equal when the same names have the same values in the same order.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count && zip(lhs.entries, rhs.entries).allSatisfy { $0.name == $1.name && $0.values == $1.values }
    }

    /// Hashes the names and values.
    package func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.values)
        }
    }
}

/// Why `clipkit codes` cannot make what was asked.
package enum CodeMakerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request itself is wrong (bad usage): the message says what and how to fix it.
    case badRequest(String)
    /// A file could not be read or written.
    case file(String)

    /// What went wrong.
    package var description: String {
        switch self {
        case .badRequest(let message), .file(let message): message
        }
    }
}
