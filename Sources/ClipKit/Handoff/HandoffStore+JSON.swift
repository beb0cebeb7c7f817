import Foundation

extension HandoffStore {
    /// Offers a payload given as JSON under `typeName`, for tools, tests and flows whose payload is
    /// built at run time (a route's parameters, a value web content stored).
    ///
    /// Any JSON object is accepted under any type name, unless the store lists ``types``: then the
    /// type must be one of them and the payload must have the members it needs.
    ///
    /// - Throws: ``HandoffError/invalidTypeName(_:)``, ``HandoffError/typeNotListed(_:listed:)``,
    ///   ``HandoffError/payloadDoesNotFitType(typeName:reason:)``,
    ///   ``HandoffError/payloadNotEncodable(typeName:reason:)`` for a number JSON cannot carry, or any
    ///   error of writing the entry.
    @discardableResult
    public func offer(json: JSONValue, typeName: String) throws -> HandoffOffer {
        try checkedOffer(json: json, typeName: typeName)
    }

    /// ``offer(json:typeName:)`` with its error typed, for this package.
    package func checkedOffer(json: JSONValue, typeName: String) throws(HandoffError) -> HandoffOffer {
        guard HandoffEnvelope.isTypeName(typeName) else { throw HandoffError.invalidTypeName(typeName) }
        let type = try listedType(named: typeName)
        try check(json, against: type)
        guard let payloadJSON = json.finiteSerialization() else {
            throw HandoffError.payloadNotEncodable(typeName: typeName, reason: "the JSON holds a number that is not finite, which JSON cannot carry")
        }
        // The entry check parses the whole entry, payload included; nothing else to read back.
        return try store(checkedEntry(payloadJSON: payloadJSON, typeName: typeName))
    }
}
