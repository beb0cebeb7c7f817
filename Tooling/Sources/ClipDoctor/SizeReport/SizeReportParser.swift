import Foundation

/// Parses Xcode's `App Thinning Size Report.txt`.
///
/// The report has a title line, then one block per variant:
///
/// ```text
/// Variant: RoadFlareClip-5C3E….ipa
/// Supported variant descriptors: [device: iPhone15,2, os-version: 16.0] and [device: iPhone14,7, os-version: 16.0]
/// App + On Demand Resources size: 4.1 MB compressed, 9.8 MB uncompressed
/// App size: 4.1 MB compressed, 9.8 MB uncompressed
/// On Demand Resources size: Zero KB compressed, Zero KB uncompressed
/// ```
///
/// The on-demand-resources lines are absent in some reports, and `Supported variant descriptors`
/// may be `Universal`. Lines the parser does not know are skipped; a size line it cannot read is an error.
package struct SizeReportParser: Sendable {
    /// The largest report accepted, in bytes.
    package var maximumBytes: Int
    /// The most variants accepted.
    package var maximumVariants: Int
    /// The most descriptors accepted on one `Supported variant descriptors` line.
    package var maximumDescriptors: Int

    /// Creates a parser with limits that real reports stay far below.
    package init(maximumBytes: Int = 8 * 1024 * 1024, maximumVariants: Int = 2_000, maximumDescriptors: Int = 2_000) {
        self.maximumBytes = maximumBytes
        self.maximumVariants = maximumVariants
        self.maximumDescriptors = maximumDescriptors
    }

    /// Parses the report's bytes.
    package func parse(_ data: Data) throws(SizeReportError) -> SizeReport {
        if data.count > maximumBytes { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return try parse(text: text)
    }

    /// Parses the report's text.
    package func parse(text: String) throws(SizeReportError) -> SizeReport {
        if text.utf8.count > maximumBytes { throw .tooLarge(bytes: text.utf8.count, limit: maximumBytes) }
        var title: String?
        var variants: [SizeReport.Variant] = []
        var current: SizeReport.Variant?

        func finish(_ variant: SizeReport.Variant?) throws(SizeReportError) {
            guard let variant else { return }
            guard variant.appSize != nil || variant.appAndOnDemandResourcesSize != nil else {
                throw .missingAppSize(variant: String(variant.name.prefix(120)), line: variant.line)
            }
            variants.append(variant)
        }

        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if let name = Self.value(of: "Variant:", in: line) {
                try finish(current)
                current = nil
                guard variants.count < maximumVariants else { throw .tooManyVariants(limit: maximumVariants) }
                guard !name.isEmpty else { throw .malformedLine(line: lineNumber, reason: "a variant without a name") }
                current = SizeReport.Variant(
                    name: name, descriptors: [], isUniversal: false, appSize: nil,
                    appAndOnDemandResourcesSize: nil, onDemandResourcesSize: nil, line: lineNumber
                )
                continue
            }
            guard var variant = current else {
                if title == nil, variants.isEmpty { title = String(line.prefix(500)) }
                continue
            }
            if let list = Self.value(of: "Supported variant descriptors:", in: line) {
                if list.caseInsensitiveCompare("Universal") == .orderedSame {
                    variant.isUniversal = true
                } else {
                    variant.descriptors = try descriptors(list, line: lineNumber)
                }
            } else if let sizes = Self.value(of: "App + On Demand Resources size:", in: line) {
                variant.appAndOnDemandResourcesSize = try Self.sizePair(sizes, line: lineNumber)
            } else if let sizes = Self.value(of: "App size:", in: line) {
                variant.appSize = try Self.sizePair(sizes, line: lineNumber)
            } else if let sizes = Self.value(of: "On Demand Resources size:", in: line) {
                variant.onDemandResourcesSize = try Self.sizePair(sizes, line: lineNumber)
            }
            current = variant
        }
        try finish(current)
        guard !variants.isEmpty else { throw .noVariants }
        return SizeReport(title: title, variants: variants)
    }

    private static func value(of label: String, in line: String) -> String? {
        guard line.hasPrefix(label) else { return nil }
        return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
    }

    /// Reads `4.1 MB compressed, 9.8 MB uncompressed`.
    static func sizePair(_ text: String, line: Int) throws(SizeReportError) -> SizeReport.SizePair {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // A decimal comma ("4,1 MB compressed, 9,8 MB uncompressed") splits into more parts; rejoin by the labels.
        var compressed: Int64?
        var uncompressed: Int64?
        var pending = ""
        for part in parts {
            let piece = pending.isEmpty ? part : pending + "," + part
            if piece.hasSuffix(" uncompressed") {
                uncompressed = ByteCountText.bytes(String(piece.dropLast(" uncompressed".count)))
                pending = ""
            } else if piece.hasSuffix(" compressed") {
                compressed = ByteCountText.bytes(String(piece.dropLast(" compressed".count)))
                pending = ""
            } else {
                pending = piece
                if pending.count > 64 { break }
            }
        }
        guard let compressed, let uncompressed, pending.isEmpty else {
            throw .malformedLine(line: line, reason: "expected '<size> compressed, <size> uncompressed', found '\(text.prefix(120))'")
        }
        return SizeReport.SizePair(compressedBytes: compressed, uncompressedBytes: uncompressed)
    }

    /// Reads `[device: iPhone15,2, os-version: 16.0], [device: …] and [device: …]`.
    private func descriptors(_ text: String, line: Int) throws(SizeReportError) -> [SizeReport.Descriptor] {
        var result: [SizeReport.Descriptor] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]") else {
                throw .malformedLine(line: line, reason: "a variant descriptor is not closed with ']'")
            }
            guard result.count < maximumDescriptors else {
                throw .malformedLine(line: line, reason: "more than \(maximumDescriptors) variant descriptors")
            }
            let body = rest[rest.index(after: open)..<close]
            var device: String?
            var version: String?
            // "device: iPhone15,2, os-version: 16.0": the device itself contains a comma, so split on the labels.
            if let versionRange = body.range(of: "os-version:") {
                version = body[versionRange.upperBound...].trimmingCharacters(in: .whitespaces)
                let head = body[..<versionRange.lowerBound].trimmingCharacters(in: .whitespaces)
                let trimmed = head.hasSuffix(",") ? String(head.dropLast()) : head
                if trimmed.hasPrefix("device:") { device = trimmed.dropFirst("device:".count).trimmingCharacters(in: .whitespaces) }
            }
            guard let device, let version, !device.isEmpty, !version.isEmpty else {
                throw .malformedLine(line: line, reason: "expected '[device: <model>, os-version: <version>]', found '[\(body.prefix(120))]'")
            }
            result.append(SizeReport.Descriptor(device: device, osVersion: version))
            rest = rest[rest.index(after: close)...]
        }
        if result.isEmpty {
            // Not the bracketed form: keep the text as one descriptor rather than fail, since the
            // limit does not depend on it.
            result.append(SizeReport.Descriptor(device: String(text.prefix(200)), osVersion: ""))
        }
        return result
    }
}
