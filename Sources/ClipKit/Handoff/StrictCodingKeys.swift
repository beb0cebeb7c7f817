/// A coding key for any member name, used to reject members a payload does not define.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the object being decoded has a member outside `allowed`.
    package func rejectUnknownKeys(allowing allowed: Set<String>) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        if let unknown = UnexpectedMember.first(among: container.allKeys.map(\.stringValue), allowed: allowed) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "unexpected member '\(unknown.prefix(64))'; expected only \(Array(allowed).sorted().joined(separator: ", "))"
            ))
        }
    }
}
