// The part of Combine that SwiftUI's observable objects use: `ObservableObject` and `@Published`.
/// Something that delivers values over time.
@available(iOS 13.0, macOS 10.15, *)
public protocol Publisher<Output, Failure> {
    /// The values it delivers.
    associatedtype Output
    /// The error it may fail with.
    associatedtype Failure: Error
}

/// An object with a publisher that emits before the object changes.
@available(iOS 13.0, macOS 10.15, *)
public protocol ObservableObject: AnyObject {
    /// The type of ``objectWillChange``.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where Self.ObjectWillChangePublisher.Failure == Never
    /// Emits before the object changes.
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before any `@Published` property changes.
    @available(iOS 13.0, macOS 10.15, *)
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

/// The publisher an ``ObservableObject`` synthesizes.
@available(iOS 13.0, macOS 10.15, *)
final public class ObservableObjectPublisher: Publisher {
    /// It emits no value, only the event.
    public typealias Output = Void
    /// It never fails.
    public typealias Failure = Never

    /// Creates a publisher.
    @available(iOS 13.0, macOS 10.15, *)
    public init() {}

    /// Emits the change event.
    @available(iOS 13.0, macOS 10.15, *)
    final public func send() { fatalError() }
}

/// A property of a class whose changes its ``ObservableObject`` announces.
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper
public struct Published<Value> {
    /// Creates the property with its initial value.
    @available(iOS 13.0, macOS 10.15, *)
    public init(wrappedValue: Value) { fatalError() }

    /// Only classes may hold `@Published` properties.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// Reads and writes the property through its enclosing object.
    @available(iOS 13.0, macOS 10.15, *)
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// The property's publisher (`$property`).
    @available(iOS 13.0, macOS 10.15, *)
    public var projectedValue: Published<Value>.Publisher {
        mutating get { fatalError() }
        set { fatalError() }
    }

    /// Emits the property's values.
    @available(iOS 13.0, macOS 10.15, *)
    public struct Publisher: Combine.Publisher {
        /// The property's values.
        public typealias Output = Value
        /// It never fails.
        public typealias Failure = Never
    }
}
