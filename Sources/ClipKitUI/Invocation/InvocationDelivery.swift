import ClipKit

/// What the inbox did with an invocation.
public enum InvocationDelivery: Sendable, Equatable {
    /// It is the new current invocation.
    case delivered(RoutedInvocation)
    /// It repeats the current invocation within the duplicate window and was dropped.
    case duplicate(RoutedInvocation)
    /// A notification that names no routable experience; the current invocation stays.
    case ignored(RoutingFailure)
}
