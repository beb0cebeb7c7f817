// The SwiftUI view modifiers and styles the glue uses; modifiers are `nonisolated` as in the
// current SDK.

/// How lines of text line up.
@available(iOS 13.0, macOS 10.15, *)
public enum TextAlignment: Hashable, Sendable {
    /// Leading edge.
    case leading
    /// Centered.
    case center
    /// Trailing edge.
    case trailing
}

/// The size of a control.
@available(iOS 15.0, macOS 10.15, *)
public enum ControlSize: Hashable, Sendable {
    /// Mini.
    case mini
    /// Small.
    case small
    /// Regular.
    case regular
    /// Large.
    @available(iOS 15.0, macOS 11.0, *)
    case large
}

/// A font.
@available(iOS 13.0, macOS 10.15, *)
public struct Font: Hashable, Sendable {
    /// The largest title style.
    @available(iOS 13.0, macOS 10.15, *)
    public static let largeTitle = Font()
    /// A title.
    @available(iOS 13.0, macOS 10.15, *)
    public static let title = Font()
    /// The second title level.
    @available(iOS 14.0, macOS 11.0, *)
    public static let title2 = Font()
    /// Body text.
    @available(iOS 13.0, macOS 10.15, *)
    public static let body = Font()
    /// The font in bold.
    @available(iOS 13.0, macOS 10.15, *)
    public func bold() -> Font { fatalError() }
}

/// A color or pattern that fills or strokes.
@available(iOS 13.0, macOS 10.15, *)
public protocol ShapeStyle: Sendable {}

/// A level in the foreground hierarchy.
@available(iOS 15.0, macOS 12.0, *)
public struct HierarchicalShapeStyle: ShapeStyle {
    /// The first level.
    @available(iOS 15.0, macOS 12.0, *)
    public static let primary = HierarchicalShapeStyle()
    /// The second level.
    @available(iOS 15.0, macOS 12.0, *)
    public static let secondary = HierarchicalShapeStyle()
}

@available(iOS 15.0, macOS 12.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The second level of the foreground.
    @available(iOS 15.0, macOS 12.0, *)
    public static var secondary: HierarchicalShapeStyle { fatalError() }
}

/// How a button looks and behaves.
@available(iOS 13.0, macOS 10.15, *)
public protocol PrimitiveButtonStyle {}

/// A prominent bordered button.
@available(iOS 15.0, macOS 12.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// Creates the style.
    @available(iOS 15.0, macOS 12.0, *)
    public init() {}
}

@available(iOS 15.0, macOS 12.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A prominent bordered button.
    @available(iOS 15.0, macOS 12.0, *)
    public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

/// Regions of the safe area.
@available(iOS 14.0, macOS 11.0, *)
public struct SafeAreaRegions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Regions from `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Every region.
    @available(iOS 14.0, macOS 11.0, *)
    public static let all = SafeAreaRegions(rawValue: 3)
}

/// An edge of a rectangle.
@available(iOS 13.0, macOS 10.15, *)
public enum Edge: Int8, Sendable {
    /// The top.
    case top
    /// The leading edge.
    case leading
    /// The bottom.
    case bottom
    /// The trailing edge.
    case trailing

    /// A set of edges.
    @available(iOS 13.0, macOS 10.15, *)
    public struct Set: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: Int8
        /// Edges from `rawValue`.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Every edge.
        @available(iOS 13.0, macOS 10.15, *)
        public static let all = Edge.Set(rawValue: 15)
    }
}

/// Where a view sits when its frame is larger than it.
@available(iOS 13.0, macOS 10.15, *)
public struct Alignment: Equatable, Sendable {
    /// Centered.
    @available(iOS 13.0, macOS 10.15, *)
    public static let center = Alignment()
}

@available(iOS 13.0, macOS 10.15, *)
extension View {
    /// Applies `modifier`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

    /// Pads every edge by `length`, or by the system's default.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func padding(_ length: CGFloat? = nil) -> some View { fatalError() }

    /// Aligns multiline text.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { fatalError() }

    /// Sets the font of text in the view.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func font(_ font: Font?) -> some View { fatalError() }

    /// Styles the view's buttons.
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { fatalError() }

    /// Sizes the view's controls.
    @available(iOS 15.0, macOS 10.15, *)
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { fatalError() }

    /// Runs `action` while the view is on screen, cancelling it when the view goes away; `action`
    /// inherits the caller's actor isolation (the SDK's interface marks it `@_inheritActorContext`).
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { fatalError() }

    /// Presents an alert with a localized title, actions and message while `isPresented` is true.
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { fatalError() }

    /// Fills the foreground with `style`.
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { fatalError() }

    /// Scales the view to fill its parent, keeping the aspect ratio.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func scaledToFill() -> some View { fatalError() }

    /// Gives the view a fixed size.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        fatalError()
    }

    /// Clips the view to `shape`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { fatalError() }

    /// Extends the view under the safe area.
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { fatalError() }

    /// Gives the view an identity; a new identity makes a new view.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { fatalError() }

    /// Tags the view for a picker or tab view selection.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { fatalError() }

    /// Runs `action` when the scene continues an activity of `activityType`.
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func onContinueUserActivity(
        _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
    ) -> some View { fatalError() }
}

/// How a shape is filled.
@available(iOS 13.0, macOS 10.15, *)
public struct FillStyle: Equatable, Sendable {
    /// The default fill.
    @available(iOS 13.0, macOS 10.15, *)
    public init() {}
}
