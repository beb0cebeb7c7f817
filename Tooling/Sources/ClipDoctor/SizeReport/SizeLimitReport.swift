import ClipReports

/// What `clipkit size --json` prints: the limit and why, and each variant of the App Thinning
/// Size Report against it.
package struct SizeLimitReport: CommandReport {
    package static let schemaName = "size"
    package static let commands = "clipkit size"
    package static let members: [ReportMember] = [
        .required("limitBytes", .integer),
        .required("limitReason", .string),
        .required("largestUncompressedBytes", .integer),
        .optional("largestVariant", .string),
        .required("withinLimit", .boolean),
        .required("minimumIOS", .string),
        .required("invocations", .array(.oneOf(ClipInvocationKind.allCases.map(\.rawValue)))),
        .required("variants", .array(.object([
            .required("name", .string), .required("line", .integer), .required("universal", .boolean),
            .required("compressedBytes", .integer), .required("uncompressedBytes", .integer), .required("withinLimit", .boolean),
            .required("descriptors", .array(.object([.required("device", .string), .required("osVersion", .string)]))),
        ]))),
    ]

    /// A variant of the app against the limit.
    package struct Variant: Encodable, Sendable {
        let name: String
        let line: Int
        let universal: Bool
        let compressedBytes: Int64
        let uncompressedBytes: Int64
        let withinLimit: Bool
        let descriptors: [Descriptor]
    }

    /// A device and OS version a variant is for.
    package struct Descriptor: Encodable, Sendable {
        let device: String
        let osVersion: String
    }

    package let schemaVersion = ReportVersion.current
    package let limitBytes: Int64
    package let limitReason: String
    package let largestUncompressedBytes: Int64
    package let largestVariant: String?
    package let withinLimit: Bool
    package let minimumIOS: String
    package let invocations: [String]
    package let variants: [Variant]

    /// The report of `evaluation` for a clip with `minimumIOS` invoked as `invocations` (both kinds when empty).
    package init(_ evaluation: SizeEvaluation, minimumIOS: String, invocations: Set<ClipInvocationKind>) {
        let limit = evaluation.limit
        limitBytes = limit.bytes
        limitReason = limit.reason
        largestUncompressedBytes = evaluation.largestUncompressedBytes
        largestVariant = evaluation.report.largestVariant?.name
        withinLimit = evaluation.withinLimit
        self.minimumIOS = minimumIOS
        self.invocations = ClipInvocationKind.allCases.filter { (invocations.isEmpty ? [.digital, .physical] : invocations).contains($0) }.map(\.rawValue)
        variants = evaluation.report.variants.map { variant in
            Variant(name: variant.name, line: variant.line, universal: variant.isUniversal, compressedBytes: variant.compressedBytes,
                    uncompressedBytes: variant.uncompressedBytes, withinLimit: variant.uncompressedBytes <= limit.bytes,
                    descriptors: variant.descriptors.map { Descriptor(device: $0.device, osVersion: $0.osVersion) })
        }
    }
}
