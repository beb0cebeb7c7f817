/// Xcode's `App Thinning Size Report.txt`: one entry per thinned variant of an exported app or clip.
package struct SizeReport: Sendable, Hashable {
    /// The report's first line, such as `App Thinning Size Report for All Variants of RoadFlare`.
    package var title: String?
    /// The variants, in the report's order.
    package var variants: [Variant]

    /// Creates a report.
    package init(title: String?, variants: [Variant]) {
        self.title = title
        self.variants = variants
    }

    /// The variant with the largest uncompressed app size, if any.
    package var largestVariant: Variant? {
        variants.max { $0.uncompressedBytes < $1.uncompressedBytes }
    }

    /// One thinned variant: which devices get it and how large it is.
    package struct Variant: Sendable, Hashable {
        /// The variant's name, such as `RoadFlareClip-1A2B….ipa` or `Apps/RoadFlare.ipa`.
        package var name: String
        /// The devices and iOS versions that receive this variant; empty for `Universal`.
        package var descriptors: [Descriptor]
        /// Whether the report calls this variant `Universal`.
        package var isUniversal: Bool
        /// The `App size:` line: the main bundle alone.
        package var appSize: SizePair?
        /// The `App + On Demand Resources size:` line, when present.
        package var appAndOnDemandResourcesSize: SizePair?
        /// The `On Demand Resources size:` line, when present.
        package var onDemandResourcesSize: SizePair?
        /// The 1-based line where the variant starts in the report.
        package var line: Int

        /// Creates a variant.
        package init(
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
        package var uncompressedBytes: Int64 {
            (appSize ?? appAndOnDemandResourcesSize)?.uncompressedBytes ?? 0
        }

        /// The compressed (download) size of the main bundle.
        package var compressedBytes: Int64 {
            (appSize ?? appAndOnDemandResourcesSize)?.compressedBytes ?? 0
        }
    }

    /// One device the variant is made for: `[device: iPhone15,2, os-version: 17.0]`.
    package struct Descriptor: Sendable, Hashable {
        /// The device model identifier, such as `iPhone15,2`.
        package var device: String
        /// The iOS version, such as `17.0`.
        package var osVersion: String

        /// Creates a descriptor.
        package init(device: String, osVersion: String) {
            self.device = device
            self.osVersion = osVersion
        }
    }

    /// A compressed and an uncompressed size, in bytes.
    package struct SizePair: Sendable, Hashable {
        /// The compressed (download) size in bytes.
        package var compressedBytes: Int64
        /// The uncompressed (installed) size in bytes.
        package var uncompressedBytes: Int64

        /// Creates a size pair.
        package init(compressedBytes: Int64, uncompressedBytes: Int64) {
            self.compressedBytes = compressedBytes
            self.uncompressedBytes = uncompressedBytes
        }
    }
}
