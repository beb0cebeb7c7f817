/// The label printed under each code, written with fields in braces: `Exhibit {exhibit}` for a
/// route's capture, `{name}` for a place's name, `{url}` and `{n}` (the code's number, from 1) for
/// every code. `{{` and `}}` write a brace.
package struct LabelTemplate: Sendable, Hashable {
    private enum Part: Sendable, Hashable {
        case text(String)
        case field(String)
    }

    private let parts: [Part]

    /// The fields every code has: `url` and `n`.
    package static let commonFields = ["url", "n"]

    /// The fields the template names, in order.
    package var fields: [String] {
        parts.compactMap { part in
            if case .field(let name) = part { name } else { nil }
        }
    }

    /// Parses a template.
    ///
    /// - Throws: ``CodeMakerError/badRequest(_:)`` for a brace that opens no field or closes none,
    ///   or an empty field.
    package init(parsing template: String) throws(CodeMakerError) {
        var parts: [Part] = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            switch character {
            case "{" where next < template.endIndex && template[next] == "{", "}" where next < template.endIndex && template[next] == "}":
                text.append(character)
                index = template.index(after: next)
            case "{":
                guard let close = template[next...].firstIndex(of: "}") else {
                    throw .badRequest("--label '\(CodeTarget.visible(template))': a '{' opens a field that no '}' closes; write {{ for a brace")
                }
                let name = String(template[next..<close])
                guard !name.isEmpty, !name.contains("{") else {
                    throw .badRequest("--label '\(CodeTarget.visible(template))': '{\(CodeTarget.visible(name))}' is not a field name; write {{ for a brace")
                }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.field(name))
                index = template.index(after: close)
            case "}":
                throw .badRequest("--label '\(CodeTarget.visible(template))': a '}' closes no field; write }} for a brace")
            default:
                text.append(character)
                index = next
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// Checks that every field the template names is one of `fields`.
    ///
    /// - Throws: ``CodeMakerError/badRequest(_:)`` naming the first unknown field and the known ones.
    package func check(fields known: [String]) throws(CodeMakerError) {
        if let unknown = fields.first(where: { !known.contains($0) }) {
            throw .badRequest("--label: no field '{\(CodeTarget.visible(unknown))}' here; the fields are \(known.map { "{\($0)}" }.joined(separator: ", "))")
        }
    }

    /// The label with each field replaced by its value (an empty string for a field not in `values`).
    package func text(filling values: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let name): values[name] ?? ""
            }
        }.joined()
    }
}
