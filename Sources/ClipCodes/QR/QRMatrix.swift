/// The module grid of one symbol while it is built: function patterns (6.3), codeword placement
/// (7.7.3), masking and its penalty (7.8), format and version information (7.9, 7.10).
struct QRMatrix {
    let version: Int
    let size: Int
    /// The modules row by row, 1 for dark.
    private(set) var modules: [UInt8]
    /// 1 where a function pattern (or format or version information) sits.
    private(set) var isFunction: [UInt8]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = [UInt8](repeating: 0, count: size * size)
        isFunction = [UInt8](repeating: 0, count: size * size)
        drawFunctionPatterns()
    }

    private mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark ? 1 : 0
        isFunction[y * size + x] = 1
    }

    /// The centre coordinates of the alignment patterns in each direction (Annex E).
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = 17 + 4 * version
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var positions = [6]
        var position = size - 7
        var tail: [Int] = []
        for _ in 1..<count {
            tail.append(position)
            position -= step
        }
        positions += tail.reversed()
        return positions
    }

    private mutating func drawFunctionPatterns() {
        // Timing patterns.
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        // Finder patterns with their separators.
        for (centreX, centreY) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = centreX + dx, y = centreY + dy
                    guard x >= 0, x < size, y >= 0, y < size else { continue }
                    let distance = max(abs(dx), abs(dy))
                    setFunction(x: x, y: y, dark: distance != 2 && distance != 4)
                }
            }
        }
        // Alignment patterns, except where they would overlap a finder pattern.
        let positions = Self.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, centreX) in positions.enumerated() {
            for (j, centreY) in positions.enumerated() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
        // Reserve the format information (drawn per mask) and the dark module.
        drawFormat(bits: 0)
        // Version information.
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let dark = (bits >> index) & 1 == 1
                let a = size - 11 + index % 3, b = index / 3
                setFunction(x: a, y: b, dark: dark)
                setFunction(x: b, y: a, dark: dark)
            }
        }
    }

    /// The 15 format bits for `level` and `mask`, BCH-coded and masked (7.9).
    static func formatBits(level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// Calls `body` with the column, row and colour of every module of both copies of the format
    /// information `bits` in a symbol `size` modules wide, and of the dark module.
    @inline(__always)
    static func forEachFormatModule(size: Int, bits: Int, _ body: (_ x: Int, _ y: Int, _ dark: Bool) -> Void) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { body(8, index, bit(index)) }
        body(8, 7, bit(6))
        body(8, 8, bit(7))
        body(7, 8, bit(8))
        for index in 9..<15 { body(14 - index, 8, bit(index)) }
        for index in 0..<8 { body(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { body(8, size - 15 + index, bit(index)) }
        body(8, size - 8, true)
    }

    /// Draws both copies of the format information, and the dark module.
    private mutating func drawFormat(bits: Int) {
        Self.forEachFormatModule(size: size, bits: bits) { x, y, dark in setFunction(x: x, y: y, dark: dark) }
    }

    /// Places the codewords in the two-module-wide columns, upwards and downwards in turn from the
    /// bottom right, skipping function modules and the vertical timing pattern (7.7.3).
    mutating func place(_ codewords: [UInt8]) {
        let size = self.size
        let totalBits = codewords.count * 8
        var bitIndex = 0
        codewords.withUnsafeBufferPointer { codewords in
            isFunction.withUnsafeBufferPointer { isFunction in
                modules.withUnsafeMutableBufferPointer { modules in
                    var right = size - 1
                    while right >= 1 {
                        if right == 6 { right = 5 }
                        let upward = (right + 1) & 2 == 0
                        for step in 0..<size {
                            let y = upward ? size - 1 - step : step
                            for column in 0..<2 {
                                let index = y * size + right - column
                                guard isFunction[index] == 0, bitIndex < totalBits else { continue }
                                modules[index] = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1
                                bitIndex += 1
                            }
                        }
                        right -= 2
                    }
                }
            }
        }
    }

    /// Whether mask `pattern` inverts the module at (`x`, `y`) (Table 10).
    @inline(__always)
    static func masks(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// `maskTiles[pattern]`: 1 where mask `pattern` inverts the module at (`x % 12`, `y % 12`),
    /// row by row; every mask repeats every 12 rows and columns (Table 10: periods 2, 3, 4 and 6).
    private static let maskTiles: [[UInt8]] = (0..<8).map { pattern in
        (0..<144).map { index in masks(pattern, x: index % 12, y: index / 12) ? 1 : 0 }
    }

    /// Inverts the data modules that mask `pattern` selects (applying it twice undoes it).
    private mutating func toggle(mask pattern: Int) {
        let size = self.size
        Self.maskTiles[pattern].withUnsafeBufferPointer { tile in
            isFunction.withUnsafeBufferPointer { function in
                modules.withUnsafeMutableBufferPointer { grid in
                    for y in 0..<size {
                        let row = y * size, tileRow = y % 12 * 12
                        var column = 0
                        for x in 0..<size {
                            grid[row + x] ^= tile[tileRow + column] & (function[row + x] ^ 1)
                            column = column == 11 ? 0 : column + 1
                        }
                    }
                }
            }
        }
    }

    /// Applies mask `pattern` and writes the format information for it.
    mutating func apply(mask pattern: Int, level: QRErrorCorrection) {
        toggle(mask: pattern)
        drawFormat(bits: Self.formatBits(level: level, mask: pattern))
    }

    /// The mask whose symbol, with its format information for `level`, scores the lowest penalty
    /// of the four rules of 7.8.3; the first on a tie. Call it after placing the codewords and
    /// before applying a mask.
    func bestMask(level: QRErrorCorrection) -> Int {
        QRMaskScorer(size: size, modules: modules, isFunction: isFunction).bestMask(level: level)
    }
}
