/// The app's own rule for the values web content stores under one key, applied when a message is
/// decoded: a value that fails it is refused with ``WebBridgeError/invalidValue(key:reason:)``.
///
/// ```swift
/// let check = WebBridgeValueCheck(key: "ticketCode") { value in
///     value.stringValue.count == 6 ? nil : "a ticket code has 6 characters"
/// }
/// let bridge = WebBridge(manifest: manifest, valueChecks: [check])
/// ```
public struct WebBridgeValueCheck: Sendable {
    /// The key whose values this check applies to.
    public let key: String
    private let check: @Sendable (WebBridgeValue) -> String?

    /// Creates a check; `problem` returns what is wrong with a value, or `nil` when it is acceptable.
    public init(key: String, problem: @escaping @Sendable (WebBridgeValue) -> String?) {
        self.key = key
        self.check = problem
    }

    /// What is wrong with `value`, or `nil` when it is acceptable.
    public func problem(with value: WebBridgeValue) -> String? {
        check(value)
    }
}
