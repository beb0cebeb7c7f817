import Foundation

/// A QR code symbol (ISO/IEC 18004 Model 2): its version, error-correction level, mask and modules.
///
/// Encoding picks the smallest version that holds
/// the text at the level asked for, splits the text into numeric, alphanumeric and byte segments
/// where that saves bits, and chooses the mask with the lowest penalty of the four rules of 7.8.3.
/// Everything is in Swift over Foundation's types, so an app can make codes on the device.
public struct QRCode: Sendable, Hashable {
    /// The version, 1 to 40; the symbol is `17 + 4 × version` modules wide.
    public let version: Int
    /// The error-correction level the symbol carries.
    public let errorCorrection: QRErrorCorrection
    /// The data mask applied, 0 to 7.
    @_spi(ClipKitTooling) public let mask: Int
    /// The width and height in modules, without the quiet zone.
    public let size: Int
    /// The modules row by row, 1 for dark.
    let modules: [UInt8]

    /// The modes of the segments the data was written in, in order.
    public let modes: [QRMode]

    /// Whether the module in column `x` and row `y` (from the top left, without the quiet zone)
    /// is dark; a position outside the symbol is light, as the quiet zone is.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x] != 0
    }

    /// The quiet zone the specification asks for around a QR code: 4 modules on each side.
    public static let standardQuietZone = 4

    /// Encodes `text` as UTF-8 in the smallest version, from `minimumVersion` on, that holds it at `errorCorrection`.
    ///
    /// - Parameters:
    ///   - text: The text, usually an invocation URL.
    ///   - errorCorrection: The lowest level the code carries.
    ///   - boostsErrorCorrection: Raise the level as far as the same version allows (a stronger
    ///     code at no cost in size), as printed codes should; `false` keeps the level asked for.
    ///   - minimumVersion: The smallest version to use, 1 to 40 (a value outside is taken as the
    ///     nearest of them): codes printed side by side at one size have modules of one size when
    ///     they share a version.
    /// - Throws: ``QRCodeError/dataTooLong(bytes:errorCorrection:)`` when not even version 40 holds it.
    public init(encoding text: String, errorCorrection: QRErrorCorrection = .medium, boostsErrorCorrection: Bool = true,
                minimumVersion: Int = 1) throws {
        try self.init(encoding: Array(text.utf8), errorCorrection: errorCorrection, boostsErrorCorrection: boostsErrorCorrection,
                      minimumVersion: minimumVersion)
    }

    /// Encodes `bytes` in the smallest version, from `minimumVersion` on, that holds them at `errorCorrection`.
    ///
    /// - Parameters:
    ///   - bytes: The data, written in byte mode except where digits or alphanumeric runs save bits.
    ///   - errorCorrection: The lowest level the code carries.
    ///   - boostsErrorCorrection: Raise the level as far as the same version allows.
    ///   - minimumVersion: The smallest version to use, 1 to 40 (a value outside is taken as the nearest of them).
    /// - Throws: ``QRCodeError/dataTooLong(bytes:errorCorrection:)`` when not even version 40 holds them.
    public init(encoding bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, boostsErrorCorrection: Bool = true,
                minimumVersion: Int = 1) throws {
        try self.init(bytes: bytes, errorCorrection: errorCorrection, boostsErrorCorrection: boostsErrorCorrection,
                      segmentation: .optimal, version: nil, mask: nil, minimumVersion: minimumVersion)
    }

    /// How the data is split into segments.
    enum Segmentation {
        /// The fewest bits, mixing modes where that helps.
        case optimal
        /// One segment, in the narrowest mode that holds all of the data.
        case singleMode
        /// One byte-mode segment.
        case byteMode
    }

    /// Encodes with every choice open to tests: the segmentation, a fixed version, a fixed mask, the smallest version.
    init(bytes: [UInt8], errorCorrection: QRErrorCorrection, boostsErrorCorrection: Bool,
         segmentation: Segmentation, version fixedVersion: Int?, mask fixedMask: Int?, minimumVersion: Int = 1) throws(QRCodeError) {
        var chosen: (version: Int, segments: [QRSegment], bits: Int)?
        var cachedClass = -1
        var classSegments: [QRSegment] = []
        var classBits: Int?
        for version in (fixedVersion.map { $0...$0 } ?? min(40, max(1, minimumVersion))...40) {
            let versionClass = QRMode.versionClass(of: version)
            if versionClass != cachedClass {
                cachedClass = versionClass
                (classSegments, classBits) = Self.segments(of: bytes, versionClass: versionClass, segmentation: segmentation)
            }
            guard let bits = classBits else { continue }
            if bits <= QRCapacity.dataCodewords(version: version, level: errorCorrection) * 8 {
                chosen = (version, classSegments, bits)
                break
            }
        }
        guard let chosen else { throw .dataTooLong(bytes: bytes.count, errorCorrection: errorCorrection) }
        var level = errorCorrection
        if boostsErrorCorrection {
            for stronger in QRErrorCorrection.allCases where stronger > level
                && chosen.bits <= QRCapacity.dataCodewords(version: chosen.version, level: stronger) * 8 {
                level = stronger
            }
        }
        let codewords = Self.codewords(data: bytes, segments: chosen.segments, version: chosen.version, level: level)
        var matrix = QRMatrix(version: chosen.version)
        matrix.place(codewords)
        let mask = fixedMask ?? matrix.bestMask(level: level)
        matrix.apply(mask: mask, level: level)
        self.version = chosen.version
        self.errorCorrection = level
        self.mask = mask
        self.size = matrix.size
        self.modules = matrix.modules
        self.modes = chosen.segments.map(\.mode)
    }

    /// The segments of `bytes` for a version class, and their bits (`nil` when they cannot be written there).
    private static func segments(of bytes: [UInt8], versionClass: Int, segmentation: Segmentation) -> ([QRSegment], Int?) {
        switch segmentation {
        case .byteMode:
            let segments = [QRSegment(mode: .byte, start: 0, count: bytes.count)]
            return (segments, QRSegmentation.bits(of: segments, versionClass: versionClass))
        case .singleMode:
            let segments = QRSegmentation.singleMode(bytes)
            return (segments, QRSegmentation.bits(of: segments, versionClass: versionClass))
        case .optimal:
            // The dynamic programme estimates in sixths of a bit; the single mode is the fallback
            // whenever its exact length is shorter, so the result is never longer than either.
            let mixed = QRSegmentation.optimal(bytes, versionClass: versionClass)
            let single = QRSegmentation.singleMode(bytes)
            let mixedBits = QRSegmentation.bits(of: mixed, versionClass: versionClass)
            let singleBits = QRSegmentation.bits(of: single, versionClass: versionClass)
            switch (mixedBits, singleBits) {
            case let (mixedBits?, singleBits?): return mixedBits < singleBits ? (mixed, mixedBits) : (single, singleBits)
            case let (mixedBits?, nil): return (mixed, mixedBits)
            case let (nil, singleBits): return (single, singleBits)
            }
        }
    }

    /// The final codeword sequence: data with terminator and padding, split into blocks, each
    /// with its error correction, interleaved (7.4.9, 7.5, 7.6).
    private static func codewords(data: [UInt8], segments: [QRSegment], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let versionClass = QRMode.versionClass(of: version)
        let capacityBytes = QRCapacity.dataCodewords(version: version, level: level)
        let capacityBits = capacityBytes * 8
        var writer = QRBitWriter(capacity: capacityBytes)
        for segment in segments { writer.append(segment, of: data, versionClass: versionClass) }
        writer.append(0, width: min(4, capacityBits - writer.count))
        writer.append(0, width: (8 - writer.count % 8) % 8)
        var dataCodewords = writer.bytes
        var pad: UInt8 = 0xEC
        while dataCodewords.count < capacityBytes {
            dataCodewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        let blockCount = QRCapacity.blocks[level.ordinal][version]
        let correctionLength = QRCapacity.correctionCodewordsPerBlock[level.ordinal][version]
        let total = QRCapacity.totalCodewords(version: version)
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - correctionLength
        let encoder = ReedSolomonEncoder.forDegree(correctionLength)
        var blocks: [(data: ArraySlice<UInt8>, correction: [UInt8])] = []
        blocks.reserveCapacity(blockCount)
        var offset = 0
        for index in 0..<blockCount {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let slice = dataCodewords[offset..<(offset + length)]
            blocks.append((slice, encoder.remainder(of: slice)))
            offset += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0...shortDataLength {
            for block in blocks where column < block.data.count {
                result.append(block.data[block.data.startIndex + column])
            }
        }
        for column in 0..<correctionLength {
            for block in blocks { result.append(block.correction[column]) }
        }
        return result
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is longer than version 40 holds at the level.
    case dataTooLong(bytes: Int, errorCorrection: QRErrorCorrection)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case let .dataTooLong(bytes, level):
            "\(bytes) bytes do not fit a QR code at error-correction level \(level.rawValue), not even version 40: shorten the text or choose a lower level"
        }
    }
}

extension QRCodeError: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .dataTooLong: "Shorten the text, or choose a lower error-correction level."
        }
    }
}
