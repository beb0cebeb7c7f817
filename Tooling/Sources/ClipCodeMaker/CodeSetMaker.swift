import ClipReports
@_spi(ClipKitTooling) import ClipCodes
import Foundation

/// Makes the codes for a set of targets: for each, a QR code as PNG and SVG and an NFC NDEF
/// message, then the printable sheets with every code labelled. Every URL is checked first (with
/// an ``InvocationCodeCheck`` when there is a manifest); when one is refused, nothing is written.
/// A URL whose NDEF message no NTAG21x tag holds still gets its QR code, with a warning instead of
/// its NFC message.
package struct CodeSetMaker: Sendable {
    /// How the codes are made.
    package struct Options: Sendable, Hashable {
        /// The lowest error-correction level; raised as far as the same version allows.
        /// M by default: 15 % of the code may be worn or covered, while keeping modules large enough
        /// to scan from a table's distance at a few centimetres.
        package var errorCorrection: QRErrorCorrection = .medium
        /// Pixels a module in the PNG files.
        package var pixelsPerModule = 10
        /// Light modules around each code: 4, as ISO/IEC 18004 requires.
        package var quietZone = QRCode.standardQuietZone
        /// The tag the NFC messages are written to; `nil` makes QR codes alone.
        package var nfcTag: NFCTag? = .ntag213
        /// Whether every code takes the largest version any of them needs, so that codes printed at
        /// one size have modules of one size.
        package var uniformVersion = false

        /// The defaults: level M (raised when free), 10 pixels a module, a 4-module quiet zone,
        /// NTAG213, each code in its smallest version.
        package init() {}
    }

    /// A code that will be made: its target, its QR code and its NFC message (none with no tag, or
    /// when no tag holds it).
    package struct PlannedCode: Sendable, Hashable {
        /// What it is for.
        package let target: CodeTarget
        /// The QR code.
        package let qr: QRCode
        /// The NFC message.
        package let nfc: NDEFURIMessage?
    }

    /// What would be made, what is refused, and the warnings.
    package struct Plan: Sendable, Hashable {
        /// The codes, in order.
        package var codes: [PlannedCode] = []
        /// The URLs refused; when not empty, nothing is made.
        package var refused: [CodeRefusal] = []
        /// What is made otherwise than asked: a URL whose NFC message no tag holds.
        package var findings: [Finding] = []
        /// The version every code shares, when one was asked for.
        package var uniformVersion: Int?
    }

    /// The finding code of a URL whose NDEF message no NTAG21x tag holds.
    package static let noTagHoldsCode = "codes.nfc.noTagHolds"

    /// The check, when the URLs are checked against a manifest.
    package let check: InvocationCodeCheck?
    /// How the codes are made.
    package let options: Options

    /// A maker.
    package init(check: InvocationCodeCheck?, options: Options = Options()) {
        self.check = check
        self.options = options
    }

    /// What would be made and what is refused, without writing anything.
    package func plan(_ targets: [CodeTarget], appClipCodes: [AppClipCodeArtwork] = []) -> Plan {
        var plan = Plan()
        for target in targets {
            if let problem = CodeTarget.controlCharacterProblem(in: target.url) {
                plan.refused.append(CodeRefusal(url: target.url, check: .url, reason: "\(problem): a link has none, and no SVG file may carry it"))
                continue
            }
            if let refusal = check?.refusal(for: target) {
                plan.refused.append(refusal)
                continue
            }
            let qr: QRCode
            do {
                qr = try QRCode(encoding: target.url, errorCorrection: options.errorCorrection)
            } catch {
                plan.refused.append(CodeRefusal(url: target.url, check: .url, reason: "\(error)"))
                continue
            }
            guard let tag = options.nfcTag else {
                plan.codes.append(PlannedCode(target: target, qr: qr, nfc: nil))
                continue
            }
            let message = NDEFURIMessage(uri: target.url)
            let holding = message.tagsThatHold()
            if holding.isEmpty {
                plan.findings.append(Self.noTagHolds(target, message))
                plan.codes.append(PlannedCode(target: target, qr: qr, nfc: nil))
            } else if !holding.contains(tag) {
                plan.refused.append(CodeRefusal(url: target.url, check: .nfc, reason: "its NDEF message takes \(message.tagBytes) bytes on a tag, more than the \(tag.ndefCapacity) bytes of NDEF area of an \(tag.displayName); "
                    + "\(holding.map(\.displayName).joined(separator: " or ")) would hold it (--nfc-tag \(holding[0].rawValue)), or make QR codes alone with --no-nfc"))
            } else {
                plan.codes.append(PlannedCode(target: target, qr: qr, nfc: message))
            }
        }
        for artwork in appClipCodes {
            if let refusal = check?.refusal(for: CodeTarget(url: artwork.url, label: artwork.url, fileStem: "app-clip-code")) {
                plan.refused.append(CodeRefusal(url: artwork.url, check: refusal.check, reason: "App Clip Code \(artwork.file): \(refusal.reason)"))
            }
        }
        if options.uniformVersion, let largest = plan.codes.map(\.qr.version).max() {
            plan.uniformVersion = largest
            plan.codes = plan.codes.map { code in
                guard code.qr.version < largest,
                      let raised = try? QRCode(encoding: code.target.url, errorCorrection: options.errorCorrection, minimumVersion: largest)
                else { return code }
                return PlannedCode(target: code.target, qr: raised, nfc: code.nfc)
            }
        }
        return plan
    }

    private static func noTagHolds(_ target: CodeTarget, _ message: NDEFURIMessage) -> Finding {
        let largest = NFCTag.allCases.max { $0.ndefCapacity < $1.ndefCapacity } ?? .ntag216
        // What the URI may grow to on the largest tag: its bytes now, less what the tag lacks.
        let fitting = target.url.utf8.count - (message.tagBytes - largest.ndefCapacity)
        return Finding(
            code: noTagHoldsCode, severity: .warning,
            message: "'\(CodeTarget.visible(target.label))' gets a QR code and no NFC message: its NDEF message takes \(message.tagBytes) bytes on a tag, "
                + "more than the \(largest.ndefCapacity) bytes of NDEF area of the largest tag, an \(largest.displayName)",
            file: target.url, path: nil,
            fix: "print the QR code alone, or shorten the URL to at most \(max(0, fitting)) bytes for an NFC tag; --no-nfc makes no NFC messages at all"
        )
    }

    /// Checks every target and, when none is refused, writes the codes and the sheets into `folder`.
    ///
    /// - Returns: The report; its `refused` is not empty when nothing was written.
    /// - Throws: ``CodeMakerError/file(_:)`` when a file cannot be written.
    package func make(_ targets: [CodeTarget], appClipCodes: [AppClipCodeArtwork] = [], into folder: URL) throws(CodeMakerError) -> CodesReport {
        let plan = plan(targets, appClipCodes: appClipCodes)
        let sizeLimit = check?.physicalSizeLimit?.reason
        guard plan.refused.isEmpty else {
            return CodesReport(codes: [], sheets: [], refused: plan.refused, findings: plan.findings, uniformVersion: nil, physicalSizeLimit: sizeLimit)
        }

        var entries: [CodesReport.Code] = []
        var sheetItems: [CodeSheet.Item] = []
        var stems: Set<String> = []
        for code in plan.codes {
            let target = code.target, qr = code.qr
            var stem = target.fileStem
            var suffix = 2
            while !stems.insert(stem).inserted {
                stem = "\(target.fileStem)-\(suffix)"
                suffix += 1
            }
            let png = "qr/\(stem).png", svg = "qr/\(stem).svg"
            try write(qr.png(pixelsPerModule: options.pixelsPerModule, quietZone: options.quietZone), to: png, in: folder)
            try write(Array(qr.svg(quietZone: options.quietZone).utf8), to: svg, in: folder)
            var nfc: CodesReport.NFC?
            if let message = code.nfc, let tag = options.nfcTag {
                let ndef = "nfc/\(stem).ndef"
                try write(message.bytes, to: ndef, in: folder)
                nfc = .init(ndef: ndef, bytes: message.bytes.count, tagBytes: message.tagBytes, tag: tag.rawValue,
                            fits: message.tagsThatHold().map(\.rawValue))
            }
            entries.append(CodesReport.Code(
                url: target.url, label: target.label, route: target.intendedRoute,
                qr: .init(png: png, svg: svg, version: qr.version, errorCorrection: qr.errorCorrection.rawValue, modules: qr.size),
                nfc: nfc
            ))
            sheetItems.append(.qr(qr, label: target.label, url: target.url))
        }
        for artwork in appClipCodes {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: artwork.file))
            } catch {
                throw .file("cannot read the App Clip Code \(artwork.file): \(error.localizedDescription)")
            }
            sheetItems.append(.appClipCode(svg: data, label: "App Clip Code", url: artwork.url))
        }
        var sheets: [String] = []
        for (index, page) in CodeSheet(items: sheetItems, quietZone: options.quietZone).pages().enumerated() {
            let name = "sheet-\(index + 1).svg"
            try write(Array(page.utf8), to: name, in: folder)
            sheets.append(name)
        }
        return CodesReport(codes: entries, sheets: sheets, refused: [], findings: plan.findings, uniformVersion: plan.uniformVersion, physicalSizeLimit: sizeLimit)
    }

    private func write(_ bytes: [UInt8], to relativePath: String, in folder: URL) throws(CodeMakerError) {
        let url = folder.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw .file("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

/// An App Clip Code that Apple's App Clip Code Generator made (an SVG file), and the URL it
/// encodes. Its format is not documented, so ClipKit never makes one: it checks the URL and places
/// the artwork on the sheet.
package struct AppClipCodeArtwork: Sendable, Hashable {
    /// The SVG file.
    package var file: String
    /// The URL it was generated for.
    package var url: String

    /// Creates an artwork.
    package init(file: String, url: String) {
        self.file = file
        self.url = url
    }

    /// Parses `URL=FILE` (split at the last `=`, so the URL may have a query).
    ///
    /// - Throws: ``CodeMakerError/badRequest(_:)`` when there is no `=`, or the file is not an SVG file.
    package init(parsing argument: String) throws(CodeMakerError) {
        guard let equals = argument.lastIndex(of: "="), equals != argument.startIndex else {
            throw .badRequest("--app-clip-code '\(argument)' is not URL=FILE.svg")
        }
        url = String(argument[..<equals])
        file = String(argument[argument.index(after: equals)...])
        guard file.lowercased().hasSuffix(".svg") else {
            throw .badRequest("--app-clip-code \(argument): '\(file)' is not an SVG file; export the App Clip Code as SVG from Apple's App Clip Code Generator")
        }
    }
}

/// What `clipkit codes` made: the files of every code, relative to the output folder, and the sheets.
package struct CodesReport: Sendable, Encodable {
    /// The report's schema version.
    package let schemaVersion = ReportVersion.current
    /// The codes, in order.
    package let codes: [Code]
    /// The printable sheets (SVG, A4), in order.
    package let sheets: [String]
    /// The URLs refused, with the reasons; when not empty, nothing was written.
    package let refused: [CodeRefusal]
    /// What was made otherwise than asked (``CodeSetMaker/noTagHoldsCode``: a QR code with no NFC
    /// message), as warnings.
    package let findings: [Finding]
    /// The version every code shares, when one was asked for.
    package let uniformVersion: Int?
    /// The size limit a physical invocation puts on the clip, and why (with a manifest).
    package let physicalSizeLimit: String?

    /// A report.
    package init(codes: [Code], sheets: [String], refused: [CodeRefusal], findings: [Finding], uniformVersion: Int?, physicalSizeLimit: String?) {
        self.codes = codes
        self.sheets = sheets
        self.refused = refused
        self.findings = findings
        self.uniformVersion = uniformVersion
        self.physicalSizeLimit = physicalSizeLimit
    }

    /// One code.
    package struct Code: Sendable, Encodable {
        /// The invocation URL.
        package let url: String
        /// Its label on the sheet.
        package let label: String
        /// The route it was made for.
        package let route: String?
        /// The QR code.
        package let qr: QR
        /// The NFC message; none with `--no-nfc`, or when no tag holds it (a finding says so).
        package let nfc: NFC?
    }

    /// A QR code's files and symbol.
    package struct QR: Sendable, Encodable {
        /// The PNG file.
        package let png: String
        /// The SVG file.
        package let svg: String
        /// The version, 1 to 40.
        package let version: Int
        /// The level it carries (`L`, `M`, `Q`, `H`).
        package let errorCorrection: String
        /// Its width in modules, without the quiet zone.
        package let modules: Int
    }

    /// An NDEF message's file and size.
    package struct NFC: Sendable, Encodable {
        /// The `.ndef` file: the message's bytes.
        package let ndef: String
        /// The message's bytes.
        package let bytes: Int
        /// The bytes it takes of a Type 2 tag's NDEF area (with the TLV and the terminator).
        package let tagBytes: Int
        /// The tag it is made for.
        package let tag: String
        /// The tags that hold it.
        package let fits: [String]
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, codes, sheets, refused, findings, uniformVersion, physicalSizeLimit
    }
}
