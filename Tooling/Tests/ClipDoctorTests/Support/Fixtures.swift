import ClipDoctor
import ClipKit
import ClipNostr
import ClipTestSupport
import Foundation

/// Manifests, plists and reports that the tests build for themselves.
enum Fixtures {
    /// The examples with link domains, by name.
    static let exampleNames = ["bluesky", "coffee-shop", "roadflare"]
    /// Every example: those of ``exampleNames``, which have link domains, and the food truck, which
    /// has none (only Apple's default App Clip link opens its clip).
    static let everyExampleName = exampleNames + ["food-truck"]

    /// `value` as a Foundation property-list object, for encoding with `PropertyListSerialization`.
    static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let number): return NSNumber(value: number)
        case .real(let number): return NSNumber(value: number)
        case .boolean(let flag): return NSNumber(value: flag)
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let data): return data
        case .array(let elements): return elements.map(foundationObject)
        case .dictionary(let members): return members.mapValues(foundationObject)
        }
    }

    /// `value` encoded by Foundation as a binary property list — the format built bundles use.
    static func binaryPlist(_ value: PropertyListValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: foundationObject(value), format: .binary, options: 0)
    }

    /// `value` encoded by Foundation as an XML property list.
    static func foundationXMLPlist(_ value: PropertyListValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: foundationObject(value), format: .xml, options: 0)
    }

    /// An entitlements dictionary with one member changed (or removed, for `nil`).
    static func setting(_ key: String, to value: PropertyListValue?, in entitlements: PropertyListValue) -> PropertyListValue {
        var members = entitlements.dictionaryValue ?? [:]
        members[key] = value
        return .dictionary(members)
    }

    /// An entitlements dictionary whose associated domains are transformed by `change`.
    static func domains(of entitlements: PropertyListValue, _ change: ([String]) -> [String]) -> PropertyListValue {
        let current = entitlements[EntitlementKey.associatedDomains]?.stringArrayValue ?? []
        return setting(EntitlementKey.associatedDomains, to: .array(change(current).map(PropertyListValue.string)), in: entitlements)
    }

    /// A built Info.plist for a bundle.
    static func infoPlist(bundleID: String, executable: String, minimumOS: String, extra: [String: PropertyListValue] = [:]) -> PropertyListValue {
        var members: [String: PropertyListValue] = [
            "CFBundleIdentifier": .string(bundleID),
            "CFBundleExecutable": .string(executable),
            "CFBundlePackageType": .string("APPL"),
            "MinimumOSVersion": .string(minimumOS),
            "CFBundleShortVersionString": .string("1.0"),
        ]
        for (key, value) in extra { members[key] = value }
        return .dictionary(members)
    }

    /// One variant of a size report, as Xcode writes it.
    struct Variant {
        var name: String
        var descriptors: String = "[device: iPhone15,2, os-version: 16.0] and [device: iPhone14,7, os-version: 16.0]"
        var compressed: String
        var uncompressed: String
        var onDemandResources = true
    }

    /// A size report with the given variants, in Xcode's layout.
    static func sizeReport(title: String = "App Thinning Size Report for All Variants of RoadFlareClip", _ variants: [Variant]) -> String {
        var lines = [title, ""]
        for variant in variants {
            lines.append("Variant: \(variant.name)")
            lines.append("Supported variant descriptors: \(variant.descriptors)")
            if variant.onDemandResources {
                lines.append("App + On Demand Resources size: \(variant.compressed) compressed, \(variant.uncompressed) uncompressed")
            }
            lines.append("App size: \(variant.compressed) compressed, \(variant.uncompressed) uncompressed")
            if variant.onDemandResources {
                lines.append("On Demand Resources size: Zero KB compressed, Zero KB uncompressed")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A realistic report for a clip: several device variants and a Universal one.
    static let realisticReport = sizeReport([
        Variant(name: "RoadFlareClip-1F3A6C2E-0B7D-4E59-9A0C-5D2E8B1C7F40.ipa",
                descriptors: "[device: iPhone10,3, os-version: 16.0], [device: iPhone10,6, os-version: 16.0], [device: iPhone11,2, os-version: 16.0], and [device: iPhone11,8, os-version: 16.0]",
                compressed: "3.9 MB", uncompressed: "9.1 MB"),
        Variant(name: "RoadFlareClip-8C21D4B7-6A3F-4F0E-B2D9-71E5A0C3B9D2.ipa",
                descriptors: "[device: iPhone15,2, os-version: 17.0] and [device: iPhone15,3, os-version: 17.0]",
                compressed: "4.2 MB", uncompressed: "9.8 MB"),
        Variant(name: "RoadFlareClip.ipa", descriptors: "Universal", compressed: "5.6 MB", uncompressed: "12.4 MB", onDemandResources: false),
        Variant(name: "RoadFlareClip-2B9E0F13-77C4-4D1A-8E65-C0A9F3D2B714.ipa",
                descriptors: "[device: iPad13,4, os-version: 16.0]", compressed: "980 KB", uncompressed: "2.1 MB"),
    ])
}
