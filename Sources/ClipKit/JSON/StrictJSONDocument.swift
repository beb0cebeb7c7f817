/// What ``StrictJSONParser/parseDocument(_:)`` read: the value, and where an object named a member
/// twice (only when the parser keeps the last occurrence instead of rejecting the document).
@_spi(ClipKitTooling)
public struct StrictJSONDocument: Sendable, Equatable {
    /// The parsed value.
    public let value: JSONValue
    /// The paths of members whose name appeared earlier in the same object, in document order.
    public let duplicateKeyPaths: [[JSONPathComponent]]
    /// Where each value starts, in document order; empty unless the parser was asked to record them.
    package var valueLocations: [JSONValueLocation] = []

    /// Creates a parse result.
    public init(value: JSONValue, duplicateKeyPaths: [[JSONPathComponent]] = []) {
        self.value = value
        self.duplicateKeyPaths = duplicateKeyPaths
    }
}
