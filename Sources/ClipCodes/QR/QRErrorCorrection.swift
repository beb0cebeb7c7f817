/// How much of a QR code can be damaged and still be read (ISO/IEC 18004, 6.5.1).
public enum QRErrorCorrection: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// About 7 % of the codewords can be restored.
    case low = "L"
    /// About 15 %.
    case medium = "M"
    /// About 25 %.
    case quartile = "Q"
    /// About 30 %.
    case high = "H"

    /// The level's two bits in the format information (Table 12): L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// The level's index from the weakest, 0 for L to 3 for H.
    var ordinal: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// Orders levels from the weakest (L) to the strongest (H).
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// The level named by its letter (`L`, `M`, `Q` or `H`, either case), or `nil`.
    public init?(letter: String) {
        self.init(rawValue: letter.uppercased())
    }
}

/// The block structure of the error correction (ISO/IEC 18004, Table 9), per version and level.
enum QRCapacity {
    /// Error-correction codewords per block, by level (L, M, Q, H) and version (index 0 unused).
    static let correctionCodewordsPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error-correction blocks, by level (L, M, Q, H) and version (index 0 unused).
    static let blocks: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The modules of a symbol of `version` left for data and error correction, after the
    /// function patterns and the format and version information.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentCount = version / 7 + 2
            result -= (25 * alignmentCount - 10) * alignmentCount - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// All codewords of a symbol of `version`.
    static func totalCodewords(version: Int) -> Int {
        rawDataModules(version: version) / 8
    }

    /// The data codewords of a symbol of `version` at `level`.
    static func dataCodewords(version: Int, level: QRErrorCorrection) -> Int {
        totalCodewords(version: version)
            - correctionCodewordsPerBlock[level.ordinal][version] * blocks[level.ordinal][version]
    }
}
