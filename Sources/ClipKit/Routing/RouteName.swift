/// A route's name as a typed identifier.
///
/// The manifest plugin generates one static member per route of `clipkit.json`, so app code names
/// routes as `.table` or `.driverShare` and a misspelt route does not compile:
///
/// ```swift
/// let rule = OnboardingRule<Screen>.payload(CoffeeOrder.self, routes: [.table, .store]) { .order($0) }
/// ```
public struct RouteName: Hashable, Sendable {
    /// The route's name as the manifest writes it.
    public let rawValue: String

    /// A route name; generated code and tools that read the manifest at run time create them.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
