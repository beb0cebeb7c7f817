/// A kind of value that a route parameter may hold, with the check that decides whether a
/// captured path segment is one.
///
/// The router runs a parameter's check after it captured the segment (percent-decoded). A
/// segment that fails its kind means the route does not match, and the reason is reported.
/// Modules add kinds of their own: ClipNostr registers `npub`.
///
/// ```swift
/// let ticket = ParameterKind(name: "ticket") { value in
///     value.count == 8 ? .accepted(value.uppercased()) : .rejected("a ticket code has 8 characters")
/// }
/// ```
public struct ParameterKind: Sendable {
    /// The outcome of checking one captured value.
    public enum Check: Sendable, Equatable {
        /// The value is of this kind; the associated value is its normalized form.
        case accepted(String)
        /// The value is not of this kind; the associated value says why, for a person.
        case rejected(String)
    }

    /// The name used for this kind in a manifest's `params` (for example `"npub"`).
    public let name: String

    /// A one-line description of what the kind accepts, shown in errors and documentation.
    public let summary: String

    private let checkValue: @Sendable (String) -> Check

    /// Creates a parameter kind.
    ///
    /// - Parameters:
    ///   - name: The name that manifests use for the kind.
    ///   - summary: What the kind accepts, in a few words.
    ///   - check: Decides whether a percent-decoded path segment is of this kind.
    public init(name: String, summary: String = "", check: @escaping @Sendable (String) -> Check) {
        self.name = name
        self.summary = summary
        self.checkValue = check
    }

    /// Checks one percent-decoded value against this kind.
    public func check(_ value: String) -> Check {
        checkValue(value)
    }

    /// This kind with the values an `integer` parameter may take: a value this kind accepts is
    /// also refused when it lies outside `range`, with a reason that names the bound.
    ///
    /// The generated route table calls it for a parameter with `minimum` or `maximum` in
    /// `clipkit.json`; ``InvocationRouter/init(routes:parameterKinds:clipBundleID:demoLinks:)`` does so too.
    public func limited(to range: ClipManifest.IntegerRange) -> ParameterKind {
        guard range.minimum != nil || range.maximum != nil else { return self }
        let base = self
        return ParameterKind(name: name, summary: summary) { value in
            let check = base.check(value)
            guard case .accepted(let normalized) = check else { return check }
            guard let number = Int(normalized) else { return .rejected("'\(normalized.truncatedForMessages)' is not a decimal number") }
            if let minimum = range.minimum, number < minimum {
                return .rejected("\(number) is less than the minimum, \(minimum)")
            }
            if let maximum = range.maximum, number > maximum {
                return .rejected("\(number) is more than the maximum, \(maximum)")
            }
            return check
        }
    }
}
