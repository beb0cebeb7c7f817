// The SwiftUI views the glue builds.
@_exported import UIKit

/// A string that is looked up in the app's localization tables.
@available(iOS 13.0, macOS 10.15, *)
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    /// A key from a literal.
    @available(iOS 13.0, macOS 10.15, *)
    public init(stringLiteral value: String) { fatalError() }
    /// A key from an interpolation.
    @available(iOS 13.0, macOS 10.15, *)
    public init(stringInterpolation: StringInterpolation) { fatalError() }
    /// A key from a string.
    @available(iOS 13.0, macOS 10.15, *)
    public init(_ value: String) { fatalError() }

    /// The interpolation of a key.
    @available(iOS 13.0, macOS 10.15, *)
    public struct StringInterpolation: StringInterpolationProtocol {
        /// Creates an empty interpolation.
        @available(iOS 13.0, macOS 10.15, *)
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
        /// Appends literal text.
        @available(iOS 13.0, macOS 10.15, *)
        public mutating func appendLiteral(_ literal: String) { fatalError() }
        /// Appends a string.
        @available(iOS 13.0, macOS 10.15, *)
        public mutating func appendInterpolation(_ string: String) { fatalError() }
        /// Appends a number with its default format specifier.
        @available(iOS 13.0, macOS 10.15, *)
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { fatalError() }
        /// Appends a value's description.
        ///
        /// Deprecated as Apple's iOS 26.2 SDK has it: compiled against that SDK, a value that is not a
        /// string or a number (an error, say) interpolated into localized text warns, in code built
        /// for iOS 15 too. `Text(verbatim:)` or a `String` built first shows such a value without it.
        @available(iOS 13.0, macOS 10.15, *)
        @available(*, deprecated, message: "interpolating a CustomStringConvertible value into a LocalizedStringKey is deprecated; build a String, or use Text(verbatim:)")
        @_disfavoredOverload
        public mutating func appendInterpolation<Subject: CustomStringConvertible>(_ subject: Subject) { fatalError() }
    }
}

/// A number that localized text formats with a default format specifier (`%lld`, `%lf`, …).
@available(iOS 13.0, macOS 10.15, *)
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

/// Read-only text.
@available(iOS 13.0, macOS 10.15, *)
public struct Text: View, Equatable, Sendable {
    /// Localized text.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        fatalError()
    }
    /// Text shown as is.
    @available(iOS 13.0, macOS 10.15, *)
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) { fatalError() }
    /// Text shown as is.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(verbatim content: String) { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A semantic role of a button.
@available(iOS 15.0, macOS 12.0, *)
public struct ButtonRole: Equatable, Sendable {
    /// Cancels.
    @available(iOS 15.0, macOS 12.0, *)
    public static let cancel = ButtonRole()
    /// Deletes.
    @available(iOS 15.0, macOS 12.0, *)
    public static let destructive = ButtonRole()
}

/// A control that runs an action when tapped.
@available(iOS 13.0, macOS 10.15, *)
public struct Button<Label: View>: View {
    /// A button labelled with `label`.
    @available(iOS 13.0, macOS 10.15, *)
    @preconcurrency
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, *)
extension Button where Label == Text {
    /// A button with a localized title.
    @available(iOS 13.0, macOS 10.15, *)
    @preconcurrency
    nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) { fatalError() }

    /// A button with a localized title and a role.
    @available(iOS 15.0, macOS 12.0, *)
    @preconcurrency
    nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) { fatalError() }
}

/// A view that arranges its children vertically.
@available(iOS 13.0, macOS 10.15, *)
public struct VStack<Content: View>: View {
    /// A stack with `spacing` between children.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        fatalError()
    }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A horizontal alignment guide.
@available(iOS 13.0, macOS 10.15, *)
public struct HorizontalAlignment: Equatable, Sendable {
    /// Centered.
    @available(iOS 13.0, macOS 10.15, *)
    public static let center = HorizontalAlignment()
    /// Leading edge.
    @available(iOS 13.0, macOS 10.15, *)
    public static let leading = HorizontalAlignment()
}

/// Progress toward completion, or an indeterminate spinner.
@available(iOS 14.0, macOS 11.0, *)
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    /// Stub body.
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// An indeterminate spinner.
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public init() { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension ProgressView where CurrentValueLabel == EmptyView, Label == Text {
    /// An indeterminate spinner with a localized label.
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public init(_ titleKey: LocalizedStringKey) { fatalError() }
}

/// An image.
@available(iOS 13.0, macOS 10.15, *)
public struct Image: View, Equatable, Sendable {
    /// A system symbol.
    @available(iOS 13.0, macOS 11.0, *)
    nonisolated public init(systemName: String) { fatalError() }
    /// The image, resized to fill its frame.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        fatalError()
    }
    /// How an image resizes.
    @available(iOS 13.0, macOS 10.15, *)
    public enum ResizingMode: Sendable {
        /// Tiles.
        case tile
        /// Stretches.
        case stretch
    }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// Insets on four edges.
@available(iOS 13.0, macOS 10.15, *)
public struct EdgeInsets: Equatable, Sendable {
    /// No insets.
    @available(iOS 13.0, macOS 10.15, *)
    public init() {}
}

/// An image loaded from a URL.
@available(iOS 15.0, macOS 12.0, *)
public struct AsyncImage<Content: View>: View {
    /// Shows `content` with the loaded image and `placeholder` until then.
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A title with an icon.
@available(iOS 14.0, macOS 11.0, *)
public struct Label<Title: View, Icon: View>: View {
    /// Stub body.
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension Label where Title == Text, Icon == Image {
    /// A label with a string title and a system symbol.
    @available(iOS 14.0, macOS 11.0, *)
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) { fatalError() }
}

/// A view that switches between children with a tab bar.
@available(iOS 13.0, macOS 10.15, *)
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    /// Tabs whose selection is bound to `selection`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { fatalError() }
    /// Stub body.
    public var body: Never { fatalError() }
}

/// A 2D shape.
@available(iOS 13.0, macOS 10.15, *)
public protocol Shape: Sendable, View {}

/// A circle.
@available(iOS 13.0, macOS 10.15, *)
public struct Circle: Shape {
    /// A circle.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init() {}
    /// Stub body.
    public var body: Never { fatalError() }
}
