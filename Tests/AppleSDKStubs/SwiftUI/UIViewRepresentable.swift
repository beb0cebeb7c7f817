// Wrapping a UIKit view for SwiftUI.

/// A SwiftUI view that wraps a UIKit view.
@available(iOS 13.0, *)
@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Self.Body == Never {
    /// The wrapped view's type.
    associatedtype UIViewType: UIView
    /// The type of the object that relays the view's events.
    associatedtype Coordinator = Void
    /// The context SwiftUI passes to the methods below.
    typealias Context = UIViewRepresentableContext<Self>

    /// Creates the UIKit view.
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    /// Updates the UIKit view from SwiftUI's state.
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    /// Cleans up the UIKit view.
    @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
    /// Creates the coordinator.
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

@available(iOS 13.0, *)
extension UIViewRepresentable {
    /// Does nothing.
    @available(iOS 13.0, *)
    @MainActor @preconcurrency public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
    /// A representable's body is never read.
    @available(iOS 13.0, *)
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension UIViewRepresentable where Self.Coordinator == Void {
    /// No coordinator.
    @available(iOS 13.0, *)
    @MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator { fatalError() }
}

/// What SwiftUI passes to a ``UIViewRepresentable``.
@available(iOS 13.0, *)
@MainActor @preconcurrency
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// The coordinator `makeCoordinator()` made.
    @available(iOS 13.0, *)
    @MainActor @preconcurrency public let coordinator: Representable.Coordinator
}
