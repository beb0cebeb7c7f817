import ClipReports

/// What ClipDoctor read from one `.app` bundle inside a built product.
public struct InspectedBundle: Sendable, Hashable {
    /// The bundle's path inside the product (empty when the product is the bundle itself).
    public var path: String
    /// How findings name the bundle's Info.plist.
    public var infoPlistLabel: String
    /// How findings name the bundle's executable (whose signature holds the entitlements).
    public var executableLabel: String
    /// How findings name the bundle itself.
    public var bundleLabel: String
    /// The Info.plist, when it could be read.
    public var infoPlist: PropertyListValue?
    /// The entitlements from the executable's code signature, when they could be read.
    public var entitlements: PropertyListValue?
    /// The sum of the uncompressed sizes of every file in the bundle.
    public var uncompressedBytes: Int64
    /// What the executable links and imports, per architecture slice, when it could be read.
    public var linkage: [MachOLinkage]?
    /// Why the executable's linkage could not be read, when it could not.
    public var linkageProblem: String?

    /// Creates a bundle description.
    public init(
        path: String, infoPlistLabel: String, executableLabel: String, bundleLabel: String,
        infoPlist: PropertyListValue?, entitlements: PropertyListValue?, uncompressedBytes: Int64
    ) {
        self.path = path
        self.infoPlistLabel = infoPlistLabel
        self.executableLabel = executableLabel
        self.bundleLabel = bundleLabel
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.uncompressedBytes = uncompressedBytes
    }
}

/// What ClipDoctor found in a built product: the app, its clip, and problems reading them.
public struct ProductInspection: Sendable, Hashable {
    /// The full app, when the product holds one.
    public var app: InspectedBundle?
    /// The App Clip, when found.
    public var clip: InspectedBundle?
    /// Problems found while reading the product (`archive.*` codes).
    public var findings: [Finding]

    /// Creates an inspection result.
    public init(app: InspectedBundle?, clip: InspectedBundle?, findings: [Finding]) {
        self.app = app
        self.clip = clip
        self.findings = findings
    }
}
