import Foundation

/// What ``HandoffStore/offer(_:)`` stored: the payload's type and the entry's lifetime.
public struct HandoffOffer: Sendable, Equatable {
    /// The payload's type name.
    public let typeName: String
    /// When the entry was created (whole seconds).
    public let createdAt: Date
    /// When the entry stops being claimable.
    public let expiresAt: Date
    /// The size of the stored entry in bytes.
    public let bytes: Int

    /// Creates a description of an offer.
    public init(typeName: String, createdAt: Date, expiresAt: Date, bytes: Int) {
        self.typeName = typeName
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.bytes = bytes
    }
}
