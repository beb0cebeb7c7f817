import Foundation

/// A property-list value, as read from an `.entitlements` file, an `Info.plist` or a code signature.
package enum PropertyListValue: Sendable, Hashable {
    /// `<string>`.
    case string(String)
    /// `<integer>`.
    case integer(Int64)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`, as seconds since 2001-01-01 00:00:00 UTC (Apple's reference date).
    case date(Double)
    /// `<data>`.
    case data(Data)
    /// `<array>`.
    case array([PropertyListValue])
    /// `<dict>`; keys are strings.
    case dictionary([String: PropertyListValue])

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is one.
    package var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is a dictionary.
    package var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The elements as strings, when this is an array that holds only strings.
    package var stringArrayValue: [String]? {
        guard let elements = arrayValue else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard let string = element.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// The member at `key`, when this is a dictionary.
    package subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// What kind of value this is, in plist words (`string`, `array`, …), for messages.
    package var typeDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}
