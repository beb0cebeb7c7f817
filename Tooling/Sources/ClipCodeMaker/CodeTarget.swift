import ClipKit
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
    /// - Parameter values: Each capture's values, as ``ParameterValues`` parses `--param`.
    /// - Throws: ``CodeMakerError/badRequest(_:)`` when the route is unknown, handled by the app, or a
    ///   capture has no value or a value no capture takes.
    package static func forRoute(_ name: String, values: ParameterValues, in manifest: ClipManifest) throws(CodeMakerError) -> [CodeTarget] {
        guard let route = manifest.routes.first(where: { $0.name == name }) else {
            throw .badRequest("the manifest has no route '\(name)'; its routes are \(manifest.routes.map(\.name).joined(separator: ", "))")
        }
        guard route.handledBy == .clip else {
            throw .badRequest("route '\(name)' is handled by the app, not the clip: a code for it would not open the clip")
        }
        guard let source = route.patterns.first, let pattern = try? RoutePattern(parsing: source) else {
            throw .badRequest("route '\(name)' has no pattern to fill")
        }
        let captures = pattern.captureNames
        let unknown = values.names.filter { !captures.contains($0) }
        if let extra = unknown.first {
            throw .badRequest("route '\(name)' has no capture '\(extra)'; its pattern \(source) captures \(captures.joined(separator: ", "))")
        }
        if let missing = captures.first(where: { !values.names.contains($0) }) {
            throw .badRequest("no value for '\(missing)' of route '\(name)' (\(source)): add --param \(missing)=VALUE")
        }
        var combinations: [[String: String]] = [[:]]
        for capture in captures {
            let options = values.values(of: capture)
            guard combinations.count * options.count <= maximumCount else {
                throw .badRequest("the parameter values make more than \(maximumCount) codes; make them in smaller runs")
            }
            combinations = combinations.flatMap { partial in options.map { partial.merging([capture: $0]) { $1 } } }
        }
        return try combinations.map { parameters throws(CodeMakerError) in
            guard let url = pattern.url(filling: parameters) else {
                throw .badRequest("route '\(name)' cannot be filled with \(parameters)")
            }
            let ordered = captures.compactMap { parameters[$0] }
            return CodeTarget(
                url: url, label: captures.isEmpty ? name : captures.map { "\($0) \(parameters[$0] ?? "")" }.joined(separator: " · "),
                fileStem: fileStem([name] + ordered), intendedRoute: name, intendedParameters: parameters
            )
        }
    }

    /// One target per place of `manifest`, at the place's URL.
    package static func forPlaces(in manifest: ClipManifest) throws(CodeMakerError) -> [CodeTarget] {
        guard !manifest.places.isEmpty else { throw .badRequest("the manifest lists no places; add 'places' or give --route") }
        return manifest.places.enumerated().map { index, place in
            CodeTarget(url: place.url, label: place.name, fileStem: fileStem(["place", String(index + 1), place.name]))
        }
    }

    /// One target per URL, in order.
    package static func forURLs(_ urls: [String]) -> [CodeTarget] {
        urls.enumerated().map { index, url in
            CodeTarget(url: url, label: url, fileStem: "url-\(index + 1)")
        }
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
    /// - Throws: ``CodeMakerError/badRequest(_:)`` naming the argument that is not `NAME=VALUE`, or a
    ///   range that is empty, reversed or larger than ``maximumRange``.
    package init(parsing arguments: [String]) throws(CodeMakerError) {
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw .badRequest("--param '\(argument)' is not NAME=VALUE (for example table=1...40 or store=soho)")
            }
            let name = String(argument[..<equals])
            let text = String(argument[argument.index(after: equals)...])
            var values: [String] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                if let range = item.range(of: "..."),
                   let first = Int(item[..<range.lowerBound]), let last = Int(item[range.upperBound...]) {
                    guard first <= last, last - first < Self.maximumRange else {
                        throw .badRequest("--param \(name)=\(item): a range runs from a smaller to a larger integer, at most \(Self.maximumRange) values")
                    }
                    values += (first...last).map(String.init)
                } else {
                    guard !item.isEmpty else { throw .badRequest("--param \(name) has an empty value") }
                    values.append(item)
                }
            }
            if let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index].values += values
            } else {
                entries.append((name, values))
            }
        }
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
