/// A value a clip hands to its full app — the app's own `Codable` type — with a stable name that both
/// sides agree on and the manifest lists in `handoff.types`.
///
/// ```swift
/// struct TicketHandoff: HandoffPayload {
///     static let handoffTypeName = "com.example.ticket"
///     var ticket: String
/// }
/// ```
///
/// The name goes into the envelope so the app never decodes a payload meant for something else.
/// Change it when the payload's shape changes (`"com.example.ticket.v2"`): an app that expects the old
/// name then discards the entry with ``HandoffDiagnostic/wrongType(expected:found:)`` instead of
/// misreading it. Any other `Codable & Sendable` value can be handed off too, with an explicit name:
/// ``HandoffStore/offer(_:typeName:)``.
public protocol HandoffPayload: Codable, Sendable {
    /// The payload's type name: a letter, then up to 127 letters, digits, `.`, `_` or `-`.
    static var handoffTypeName: String { get }
}
