/// Xcode's `App Thinning Size Report.txt`: one entry per thinned variant of an exported app or clip.
public struct SizeReport: Sendable, Hashable {
    /// The report's first line, such as `App Thinning Size Report for All Variants of RoadFlare`.
    public var title: String?
    /// The variants, in the report's order.
    public var variants: [Variant]

    /// Creates a report.
    public init(title: String?, variants: [Variant]) {
        self.title = title
        self.variants = variants
    }

    /// The variant with the largest uncompressed app size, if any.
    public var largestVariant: Variant? {
        variants.max { $0.uncompressedBytes < $1.uncompressedBytes }
    }

    /// One thinned variant: which devices get it and how large it is.
    public struct Variant: Sendable, Hashable {
        /// The variant's name, such as `RoadFlareClip-1A2B….ipa` or `Apps/RoadFlare.ipa`.
        public var name: String
        /// The devices and iOS versions that receive this variant; empty for `Universal`.
        public var descriptors: [Descriptor]
        /// Whether the report calls this variant `Universal`.
        public var isUniversal: Bool
        /// The `App size:` line: the main bundle alone.
        public var appSize: SizePair?
        /// The `App + On Demand Resources size:` line, when present.
        public var appAndOnDemandResourcesSize: SizePair?
        /// The `On Demand Resources size:` line, when present.
        public var onDemandResourcesSize: SizePair?
        /// The 1-based line where the variant starts in the report.
        public var line: Int

        /// Creates a variant.
        public init(
            name: String, descriptors: [Descriptor], isUniversal: Bool, appSize: SizePair?,
            appAndOnDemandResourcesSize: SizePair?, onDemandResourcesSize: SizePair?, line: Int
        ) {
            self.name = name
            self.descriptors = descriptors
            self.isUniversal = isUniversal
            self.appSize = appSize
            self.appAndOnDemandResourcesSize = appAndOnDemandResourcesSize
            self.onDemandResourcesSize = onDemandResourcesSize
            self.line = line
        }

        /// The uncompressed size of the main bundle, which Apple holds against the App Clip limit:
        /// the `App size:` line, or `App + On Demand Resources size:` when the report has no `App size:` line.
        public var uncompressedBytes: Int64 {
            (appSize ?? appAndOnDemandResourcesSize)?.uncompressedBytes ?? 0
        }

        /// The compressed (download) size of the main bundle.
        public var compressedBytes: Int64 {
            (appSize ?? appAndOnDemandResourcesSize)?.compressedBytes ?? 0
        }
    }

    /// One device the variant is made for: `[device: iPhone15,2, os-version: 17.0]`.
    public struct Descriptor: Sendable, Hashable {
        /// The device model identifier, such as `iPhone15,2`.
        public var device: String
        /// The iOS version, such as `17.0`.
        public var osVersion: String

        /// Creates a descriptor.
        public init(device: String, osVersion: String) {
            self.device = device
            self.osVersion = osVersion
        }
    }

    /// A compressed and an uncompressed size, in bytes.
    public struct SizePair: Sendable, Hashable {
        /// The compressed (download) size in bytes.
        public var compressedBytes: Int64
        /// The uncompressed (installed) size in bytes.
        public var uncompressedBytes: Int64

        /// Creates a size pair.
        public init(compressedBytes: Int64, uncompressedBytes: Int64) {
            self.compressedBytes = compressedBytes
            self.uncompressedBytes = uncompressedBytes
        }
    }
}
