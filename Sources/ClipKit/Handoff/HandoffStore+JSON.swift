import Foundation

extension HandoffStore {
    /// Offers a payload given as JSON, for tools and tests.
    ///
    /// When `typeName` is the name of one of `knownTypes` (a tool passes the payload types it knows,
    /// such as RoadFlare's driver handoff), the JSON must decode strictly as that type, so a tool
    /// cannot offer a handoff the app would then discard; any other type name carries the JSON as it is.
    ///
    /// - Throws: ``HandoffError/payloadRejected(_:)`` when the JSON does not fit the known type, or
    ///   any error of ``offer(_:typeName:)``.
    @discardableResult
    public func offer(
        json: JSONValue, typeName: String, knownTypes: [any HandoffPayload.Type]
    ) throws(HandoffError) -> HandoffOffer {
        guard let known = knownTypes.first(where: { $0.handoffTypeName == typeName }) else {
            guard HandoffEnvelope.isTypeName(typeName) else { throw .invalidTypeName(typeName) }
            guard let payloadJSON = json.finiteSerialization() else {
                throw .payloadNotEncodable(typeName: typeName, reason: "the JSON holds a number that is not finite, which JSON cannot carry")
            }
            // The entry check parses the whole entry, payload included; nothing else to read back.
            return try store(checkedEntry(payloadJSON: payloadJSON, typeName: typeName))
        }
        return try offer(json: json, as: known)
    }

    private func offer<Payload: HandoffPayload>(json: JSONValue, as type: Payload.Type) throws(HandoffError) -> HandoffOffer {
        let payload: Payload
        do {
            payload = try JSONDecoder().decode(Payload.self, from: json.serialized())
        } catch {
            throw .payloadRejected(.undecodablePayload(typeName: Payload.handoffTypeName, reason: HandoffEnvelope.describe(error)))
        }
        return try offer(payload)
    }
}
