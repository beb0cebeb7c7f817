import ClipReports
@_spi(ClipKitTooling) import ClipCodes
import Foundation

/// Makes the codes for a set of targets: for each, a QR code as PNG and SVG and an NFC NDEF
/// message, then the printable sheets with every code labelled. Every URL is checked first (with
/// an ``InvocationCodeCheck`` when there is a manifest); when one is refused, nothing is written.
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
        /// The tag the NFC messages are written to.
        package var nfcTag: NFCTag = .ntag213

        /// The defaults: level M (raised when free), 10 pixels a module, a 4-module quiet zone, NTAG213.
        package init() {}
    }

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
    package func plan(_ targets: [CodeTarget], appClipCodes: [AppClipCodeArtwork] = []) -> (codes: [(CodeTarget, QRCode, NDEFURIMessage)], refused: [CodeRefusal]) {
        var codes: [(CodeTarget, QRCode, NDEFURIMessage)] = []
        var refused: [CodeRefusal] = []
        for target in targets {
            if let refusal = check?.refusal(for: target) {
                refused.append(refusal)
                continue
            }
            let qr: QRCode
            do {
                qr = try QRCode(encoding: target.url, errorCorrection: options.errorCorrection)
            } catch {
                refused.append(CodeRefusal(url: target.url, check: .url, reason: error.description))
                continue
            }
            let message = NDEFURIMessage(uri: target.url)
            let holding = message.tagsThatHold()
            guard holding.contains(options.nfcTag) else {
                let others = holding.map(\.displayName)
                refused.append(CodeRefusal(url: target.url, check: .nfc, reason: "its NDEF message takes \(message.tagBytes) bytes on a tag, more than the \(options.nfcTag.userMemory) of an \(options.nfcTag.displayName); "
                    + (others.isEmpty ? "no NTAG21x tag holds it: shorten the URL" : "\(others.joined(separator: " or ")) would hold it (--nfc-tag \(holding[0].rawValue))")))
                continue
            }
            codes.append((target, qr, message))
        }
        for artwork in appClipCodes {
            if let refusal = check?.refusal(for: CodeTarget(url: artwork.url, label: artwork.url, fileStem: "app-clip-code")) {
                refused.append(CodeRefusal(url: artwork.url, check: refusal.check, reason: "App Clip Code \(artwork.file): \(refusal.reason)"))
            }
        }
        return (codes, refused)
    }

    /// Checks every target and, when none is refused, writes the codes and the sheets into `folder`.
    ///
    /// - Returns: The report; its `refused` is not empty when nothing was written.
    /// - Throws: ``CodeMakerError/file(_:)`` when a file cannot be written.
    package func make(_ targets: [CodeTarget], appClipCodes: [AppClipCodeArtwork] = [], into folder: URL) throws(CodeMakerError) -> CodesReport {
        let (codes, refused) = plan(targets, appClipCodes: appClipCodes)
        let sizeLimit = check?.physicalSizeLimit?.reason
        guard refused.isEmpty else { return CodesReport(codes: [], sheets: [], refused: refused, physicalSizeLimit: sizeLimit) }

        var entries: [CodesReport.Code] = []
        var sheetItems: [CodeSheet.Item] = []
        var stems: Set<String> = []
        for (target, qr, message) in codes {
            var stem = target.fileStem
            var suffix = 2
            while !stems.insert(stem).inserted {
                stem = "\(target.fileStem)-\(suffix)"
                suffix += 1
            }
            let png = "qr/\(stem).png", svg = "qr/\(stem).svg", ndef = "nfc/\(stem).ndef"
            try write(qr.png(pixelsPerModule: options.pixelsPerModule, quietZone: options.quietZone), to: png, in: folder)
            try write(Array(qr.svg(quietZone: options.quietZone).utf8), to: svg, in: folder)
            try write(message.bytes, to: ndef, in: folder)
            entries.append(CodesReport.Code(
                url: target.url, label: target.label, route: target.intendedRoute,
                qr: .init(png: png, svg: svg, version: qr.version, errorCorrection: qr.errorCorrection.rawValue, modules: qr.size),
                nfc: .init(ndef: ndef, bytes: message.bytes.count, tagBytes: message.tagBytes, tag: options.nfcTag.rawValue,
                           fits: message.tagsThatHold().map(\.rawValue))
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
        return CodesReport(codes: entries, sheets: sheets, refused: [], physicalSizeLimit: sizeLimit)
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
    /// The size limit a physical invocation puts on the clip, and why (with a manifest).
    package let physicalSizeLimit: String?

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
        /// The NFC message.
        package let nfc: NFC
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
        /// The bytes it takes on a Type 2 tag (TLV and terminator).
        package let tagBytes: Int
        /// The tag it is made for.
        package let tag: String
        /// The tags that hold it.
        package let fits: [String]
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, codes, sheets, refused, physicalSizeLimit
    }
}
