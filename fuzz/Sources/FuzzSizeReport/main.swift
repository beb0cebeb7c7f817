// libFuzzer target: Xcode's App Thinning Size Report (ClipDoctor's SizeReportParser) on any bytes.
// A parsed report stays within the variant and descriptor caps, and its sizes are not negative.
import ClipDoctor
import FuzzDriver
import FuzzSupport
import Foundation

let parser = SizeReportParser(maximumBytes: 256 * 1024, maximumVariants: 200, maximumDescriptors: 200)

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    guard let report = try? parser.parse(bytes) else { return 0 }
    require(bytes.count <= parser.maximumBytes, "parsed \(bytes.count) bytes, over the cap")
    require(report.variants.count <= parser.maximumVariants, "\(report.variants.count) variants, over the cap")
    for variant in report.variants {
        require(variant.descriptors.count <= parser.maximumDescriptors, "\(variant.descriptors.count) descriptors, over the cap")
        require(variant.uncompressedBytes >= 0 && variant.compressedBytes >= 0, "variant '\(variant.name)' has a negative size")
    }
    _ = report.largestVariant
    if let limit = AppClipSizeLimit.forClip(minimumIOS: "17.0", invocations: [.digital]) {
        _ = SizeEvaluation(report: report, limit: limit).findings(file: "report.txt")
    }
    return 0
}
