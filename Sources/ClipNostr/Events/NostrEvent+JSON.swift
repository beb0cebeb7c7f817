@_spi(ClipKitTooling) import ClipKit

extension NostrEvent {
    /// Decodes an event from untrusted JSON (a relay frame's event object, a file).
    ///
    /// The JSON is parsed by `ClipKit.StrictJSONParser`, so `content` and tags come out exactly as
    /// signed, and JSON that other implementations could read differently (duplicate keys, lone
    /// surrogates, invalid UTF-8) is rejected. Members other than the seven of NIP-01 are ignored.
    /// Decoding checks types only; ``EventVerifier`` checks everything else.
    public init<Bytes: Collection>(jsonData: Bytes, limits: EventLimits = .standard) throws where Bytes.Element == UInt8 {
        try self.init(checkingJSONData: jsonData, limits: limits)
    }

    /// ``init(jsonData:limits:)`` with its error typed, for this package.
    package init<Bytes: Collection>(checkingJSONData jsonData: Bytes, limits: EventLimits) throws(EventDecodingError) where Bytes.Element == UInt8 {
        guard jsonData.count <= limits.maximumJSONBytes else {
            throw EventDecodingError.tooLarge(bytes: jsonData.count, limit: limits.maximumJSONBytes)
        }
        let value: JSONValue
        do {
            value = try StrictJSONParser(maximumBytes: limits.maximumJSONBytes, maximumDepth: 8).parse(jsonData)
        } catch {
            throw EventDecodingError.invalidJSON(error)
        }
        try self.init(checkingJSONValue: value)
    }

    /// Reads an event from an already parsed JSON object.
    public init(jsonValue: JSONValue) throws {
        try self.init(checkingJSONValue: jsonValue)
    }

    /// The initializer above with its error typed, for this package.
    package init(checkingJSONValue jsonValue: JSONValue) throws(EventDecodingError) {
        guard let object = jsonValue.objectValue else { throw EventDecodingError.notAnObject(found: jsonValue.typeDescription) }

        let id = try Self.string("id", in: object)
        let pubkey = try Self.string("pubkey", in: object)
        let createdAt = try Self.integer("created_at", in: object)
        guard let kind = Int(exactly: try Self.integer("kind", in: object)) else { throw EventDecodingError.invalidInteger(field: "kind") }
        guard let tagsMember = object["tags"] else { throw EventDecodingError.missingField("tags") }
        let tagsError = EventDecodingError.wrongType(field: "tags", expected: "an array of arrays of strings")
        guard let tagValues = tagsMember.arrayValue else { throw tagsError }
        var tags: [[String]] = []
        tags.reserveCapacity(tagValues.count)
        for tagValue in tagValues {
            guard let elements = tagValue.arrayValue else { throw tagsError }
            var tag: [String] = []
            tag.reserveCapacity(elements.count)
            for element in elements {
                guard let text = element.stringValue else { throw tagsError }
                tag.append(text)
            }
            tags.append(tag)
        }
        let content = try Self.string("content", in: object)
        let signature = try Self.string("sig", in: object)
        self.init(id: id, pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content, signature: signature)
    }

    /// The string member `name` of an event object.
    private static func string(_ name: String, in object: [String: JSONValue]) throws(EventDecodingError) -> String {
        guard let member = object[name] else { throw .missingField(name) }
        guard let text = member.stringValue else { throw .wrongType(field: name, expected: "a string") }
        return text
    }

    /// The whole-number member `name` of an event object.
    private static func integer(_ name: String, in object: [String: JSONValue]) throws(EventDecodingError) -> Int64 {
        guard let member = object[name] else { throw .missingField(name) }
        guard case .number = member else { throw .wrongType(field: name, expected: "a number") }
        guard let number = member.int64Value else { throw .invalidInteger(field: name) }
        return number
    }

    /// The event as one line of JSON, in NIP-01's object form, with strings escaped as in the id
    /// serialization (so `content` round-trips exactly).
    public func jsonData() -> [UInt8] {
        var writer = EventJSONWriter(estimatedSize: content.utf8.count + 400)
        writer.append(ascii: "{\"id\":")
        writer.appendString(id)
        writer.append(ascii: ",\"pubkey\":")
        writer.appendString(pubkey)
        writer.append(ascii: ",\"created_at\":")
        writer.appendInteger(createdAt)
        writer.append(ascii: ",\"kind\":")
        writer.appendInteger(Int64(kind))
        writer.append(ascii: ",\"tags\":")
        writer.appendTags(tags)
        writer.append(ascii: ",\"content\":")
        writer.appendString(content)
        writer.append(ascii: ",\"sig\":")
        writer.appendString(signature)
        writer.append(byte: UInt8(ascii: "}"))
        return writer.bytes
    }
}
