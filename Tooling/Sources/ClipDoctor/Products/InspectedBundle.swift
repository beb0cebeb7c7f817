import ClipReports

/// What ClipDoctor read from one `.app` bundle inside a built product.
package struct InspectedBundle: Sendable, Hashable {
    /// The bundle's path inside the product (empty when the product is the bundle itself).
    package var path: String
    /// How findings name the bundle's Info.plist.
    package var infoPlistLabel: String
    /// How findings name the bundle's executable (whose signature holds the entitlements).
    package var executableLabel: String
    /// How findings name the bundle itself.
    package var bundleLabel: String
    /// The Info.plist, when it could be read.
    package var infoPlist: PropertyListValue?
    /// The entitlements from the executable's code signature, when they could be read.
    package var entitlements: PropertyListValue?
    /// The sum of the uncompressed sizes of every file in the bundle.
    package var uncompressedBytes: Int64
    /// What the executable links and imports, per architecture slice, when it could be read.
    package var linkage: [MachOLinkage]?
    /// Why the executable's linkage could not be read, when it could not.
    package var linkageProblem: String?

    /// Creates a bundle description.
    package init(
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
package struct ProductInspection: Sendable, Hashable {
    /// The full app, when the product holds one.
    package var app: InspectedBundle?
    /// The App Clip, when found.
    package var clip: InspectedBundle?
    /// Problems found while reading the product (`archive.*` codes).
    package var findings: [Finding]

    /// Creates an inspection result.
    package init(app: InspectedBundle?, clip: InspectedBundle?, findings: [Finding]) {
        self.app = app
        self.clip = clip
        self.findings = findings
    }
}
