import ClipNotifications
import Foundation

/// Writes a ``PayloadValue`` back as JSON text, for tests that build payloads structurally.
enum PayloadText {
    static func json(_ value: PayloadValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .string(let string): return quoted(string)
        case .array(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { quoted($0) + ":" + json(members[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        let data = (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
