import ClipKit

/// The shape of a report's JSON, kept beside each report type, from which its JSON Schema
/// (draft 2020-12) is generated: `clipkit dev schemas` writes them, and a test fails when the
/// checked-in files differ or a command's output does not validate against its schema.
///
/// Objects are closed (`additionalProperties: false`) so a member the type encodes but the
/// description does not name is caught, and every required member is listed.
package indirect enum ReportSchema: Sendable {
    /// A JSON string.
    case string
    /// One of the listed strings.
    case oneOf([String])
    /// A JSON number without a fraction.
    case integer
    /// Any JSON number.
    case number
    /// `true` or `false`.
    case boolean
    /// Any JSON value (payloads, custom profile fields, documents read from files).
    case any
    /// An array of one kind of element.
    case array(ReportSchema)
    /// An object with the listed members, and no others.
    case object([ReportMember])
    /// An object whose members are all of one kind (a dictionary keyed by name).
    case dictionary(ReportSchema)
    /// The value, or `null`.
    case nullable(ReportSchema)
    /// A value of any of the listed shapes, such as a route parameter: a string, or a number for an integer.
    case anyOf([ReportSchema])

    /// The JSON Schema of this shape.
    package var jsonSchema: JSONValue {
        switch self {
        case .string: return .object(["type": .string("string")])
        case .oneOf(let values): return .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
        case .integer: return .object(["type": .string("integer")])
        case .number: return .object(["type": .string("number")])
        case .boolean: return .object(["type": .string("boolean")])
        case .any: return .object([:])
        case .array(let element): return .object(["type": .string("array"), "items": element.jsonSchema])
        case .dictionary(let value):
            return .object(["type": .string("object"), "additionalProperties": value.jsonSchema])
        case .object(let members):
            var properties: [String: JSONValue] = [:]
            for member in members { properties[member.name] = member.schema.jsonSchema }
            return .object([
                "type": .string("object"),
                "properties": .object(properties),
                "required": .array(members.filter(\.isRequired).map { .string($0.name) }),
                "additionalProperties": .bool(false),
            ])
        case .nullable(let wrapped):
            return .object(["anyOf": .array([wrapped.jsonSchema, .object(["type": .string("null")])])])
        case .anyOf(let shapes):
            return .object(["anyOf": .array(shapes.map(\.jsonSchema))])
        }
    }
}

/// One member of an object in a ``ReportSchema``: its name, its shape, and whether it is always there.
package struct ReportMember: Sendable {
    /// The member's name.
    package let name: String
    /// The member's shape.
    package let schema: ReportSchema
    /// Whether every report has the member (optional members are left out when they have no value).
    package let isRequired: Bool

    /// A member every report has.
    package static func required(_ name: String, _ schema: ReportSchema) -> ReportMember {
        ReportMember(name: name, schema: schema, isRequired: true)
    }

    /// A member left out when it has no value.
    package static func optional(_ name: String, _ schema: ReportSchema) -> ReportMember {
        ReportMember(name: name, schema: schema, isRequired: false)
    }
}
