/// One step of a path into a JSON document: a member of an object or an element of an array.
@_spi(ClipKitTooling)
public enum JSONPathComponent: Sendable, Equatable {
    /// The member with this name.
    case member(String)
    /// The element at this index.
    case element(Int)
}
