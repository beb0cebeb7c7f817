/// A route parameter kind that a module of the ClipKit package other than ClipKit provides, such as
/// ClipNostr's `npub`.
///
/// The generator depends on ClipKit alone, so it cannot run these kinds' checks; it knows their
/// names, so a manifest may use them, and the module, so the generated file imports it and
/// registers the kind in the router's default registry.
public struct ModuleParameterKind: Sendable, Equatable {
    /// The kind's name in a manifest's `params`.
    public let name: String
    /// The module that provides it.
    public let module: String
    /// The Swift expression, inside that module's namespace, that names the kind: `ParameterKind.npub`.
    public let expression: String

    /// Creates a description of a module's kind.
    public init(name: String, module: String, expression: String) {
        self.name = name
        self.module = module
        self.expression = expression
    }

    /// Every kind the package's modules provide besides ClipKit's standard ones.
    public static let known: [ModuleParameterKind] = [
        ModuleParameterKind(name: "npub", module: "ClipNostr", expression: "ParameterKind.npub"),
        ModuleParameterKind(name: "nostrProfile", module: "ClipNostr", expression: "ParameterKind.nostrProfile"),
        ModuleParameterKind(name: "nostrPerson", module: "ClipNostr", expression: "ParameterKind.nostrPerson"),
    ]

    /// The module kind named `name`, if any.
    public static func named(_ name: String) -> ModuleParameterKind? {
        known.first { $0.name == name }
    }
}
