// SwiftUI's core protocols and result builders, with the isolation of the current SDK: `View`,
// `ViewModifier`, `Scene` and `App` are `@MainActor @preconcurrency` protocols.
@_exported import AppleFoundationShim
@_exported import Combine

/// A part of the user interface.
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency
public protocol View {
    /// The type of ``body``.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, *)
extension Never: View {
    /// Never has a body.
    public typealias Body = Never
    /// Never has a body.
    public var body: Never { fatalError() }
}

/// Builds views from closures' statements.
@available(iOS 13.0, macOS 10.15, *)
@resultBuilder
public struct ViewBuilder {
    /// No view.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildBlock() -> EmptyView { fatalError() }
    /// One view, unchanged.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
    /// Several views in a row (the SDK spells out overloads for up to ten).
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { fatalError() }
    /// Several views in a row.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> { fatalError() }
    /// Several views in a row.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3
    ) -> TupleView<(C0, C1, C2, C3)> { fatalError() }
    /// An expression used as a view.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError() }
    /// An `if` without `else`.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
    /// The first branch of an `if`/`else` or `switch`.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// The second branch of an `if`/`else` or `switch`.
    @available(iOS 13.0, macOS 10.15, *)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// An `if #available` branch.
    @available(iOS 14.0, macOS 11.0, *)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { fatalError() }
}

@available(iOS 13.0, macOS 10.15, *)
extension Optional: View where Wrapped: View {
    /// Stub body.
    public typealias Body = Never
    /// Stub body.
    public var body: Never { fatalError() }
}

/// No view.
@available(iOS 13.0, macOS 10.15, *)
public struct EmptyView: View {
    /// Creates it.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init() {}
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A type-erased view.
@available(iOS 13.0, macOS 10.15, *)
public struct AnyView: View {
    /// Erases `view`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init<V: View>(_ view: V) { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// Views built from a block.
@available(iOS 13.0, macOS 10.15, *)
public struct TupleView<T>: View {
    /// Stub body.
    public var body: Never { fatalError() }
}

/// One of two views, picked by a condition.
@available(iOS 13.0, macOS 10.15, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A change applied to a view.
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The view being modified.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The view a ``ViewModifier`` modifies.
@available(iOS 13.0, macOS 10.15, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A view with a modifier applied.
@available(iOS 13.0, macOS 10.15, *)
public struct ModifiedContent<Content, Modifier> {
    /// The view.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier
}

@available(iOS 13.0, macOS 10.15, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A part of an app's user interface whose life cycle the system manages.
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency
public protocol Scene {
    /// The type of ``body``.
    associatedtype Body: Scene
    /// The scene's content.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Builds scenes from closures' statements.
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder
public struct SceneBuilder {
    /// One scene, unchanged.
    @available(iOS 14.0, macOS 11.0, *)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError() }
}

/// A scene of windows that show the same view hierarchy.
@available(iOS 14.0, macOS 11.0, *)
public struct WindowGroup<Content: View>: Scene {
    /// A window group of `content`.
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension Never: Scene {}

/// An app's structure and entry point.
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency
public protocol App {
    /// The type of ``body``.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Creates the app.
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, *)
extension App {
    /// Runs the app (what `@main` calls).
    @available(iOS 14.0, macOS 11.0, *)
    @MainActor @preconcurrency public static func main() { fatalError() }
}

/// A property whose value SwiftUI updates before it renders.
@available(iOS 13.0, macOS 10.15, *)
public protocol DynamicProperty {}
