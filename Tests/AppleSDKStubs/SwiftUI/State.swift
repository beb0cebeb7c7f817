// SwiftUI's property wrappers for state and observed objects, shaped as in the current SDK.

/// A reference to a value owned elsewhere.
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// A binding with closures that read and write the value.
    @available(iOS 13.0, macOS 10.15, *)
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        fatalError()
    }

    /// The value.
    @available(iOS 13.0, macOS 10.15, *)
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }

    /// The binding itself.
    @available(iOS 13.0, macOS 10.15, *)
    public var projectedValue: Binding<Value> { fatalError() }

    /// A binding to a property of the value.
    @available(iOS 13.0, macOS 10.15, *)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

/// An observable object that a view creates and owns for its lifetime.
/// A value SwiftUI stores for a view and watches.
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
    /// Stores `value` as the initial state.
    @available(iOS 13.0, macOS 10.15, *)
    public init(wrappedValue value: Value) { fatalError() }

    /// The current value.
    @available(iOS 13.0, macOS 10.15, *)
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }

    /// A binding to the value.
    @available(iOS 13.0, macOS 10.15, *)
    public var projectedValue: Binding<Value> { fatalError() }
}

@available(iOS 13.0, macOS 10.15, *)
extension State: Sendable where Value: Sendable {}

@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Creates the object once, the first time the view appears.
    @available(iOS 14.0, macOS 11.0, *)
    @inlinable nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }

    /// The object.
    @available(iOS 14.0, macOS 11.0, *)
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }

    /// Bindings to the object's properties (`$object.property`).
    @available(iOS 14.0, macOS 11.0, *)
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

/// An observable object owned elsewhere, which the view re-renders for.
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Bindings to an observed object's properties.
    @available(iOS 13.0, macOS 10.15, *)
    @MainActor @preconcurrency @dynamicMemberLookup
    public struct Wrapper {
        /// A binding to the property at `keyPath`.
        @available(iOS 13.0, macOS 10.15, *)
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            fatalError()
        }
    }

    /// Observes `wrappedValue`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(wrappedValue: ObjectType) { fatalError() }

    /// Observes `initialValue`.
    @available(iOS 13.0, macOS 10.15, *)
    nonisolated public init(initialValue: ObjectType) { fatalError() }

    /// The object.
    @available(iOS 13.0, macOS 10.15, *)
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }

    /// Bindings to the object's properties.
    @available(iOS 13.0, macOS 10.15, *)
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

/// The values SwiftUI passes down the view hierarchy.
@available(iOS 13.0, macOS 10.15, *)
public struct EnvironmentValues {}

/// A value read from the view's environment.
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// Reads the value at `keyPath`.
    @available(iOS 13.0, macOS 10.15, *)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }

    /// The value.
    @available(iOS 13.0, macOS 10.15, *)
    public var wrappedValue: Value { fatalError() }
}
