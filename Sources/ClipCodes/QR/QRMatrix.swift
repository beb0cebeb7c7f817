/// The module grid of one symbol while it is built: function patterns (6.3), codeword placement
/// (7.7.3), masking and its penalty (7.8), format and version information (7.9, 7.10).
struct QRMatrix {
    let version: Int
    let size: Int
    /// The modules row by row, 1 for dark.
    private(set) var modules: [UInt8]
    /// 1 where a function pattern (or format or version information) sits.
    private var isFunction: [UInt8]

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

    /// Draws both copies of the format information, and the dark module.
    private mutating func drawFormat(bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Places the codewords in the two-module-wide columns, upwards and downwards in turn from the
    /// bottom right, skipping function modules and the vertical timing pattern (7.7.3).
    mutating func place(_ codewords: [UInt8]) {
        let totalBits = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for column in 0..<2 {
                    let x = right - column
                    let index = y * size + x
                    guard isFunction[index] == 0 else { continue }
                    if bitIndex < totalBits {
                        modules[index] = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1
                        bitIndex += 1
                    }
                }
            }
            right -= 2
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

    /// Inverts the data modules that mask `pattern` selects (applying it twice undoes it).
    private mutating func toggle(mask pattern: Int) {
        let size = self.size
        isFunction.withUnsafeBufferPointer { function in
            modules.withUnsafeMutableBufferPointer { grid in
                for y in 0..<size {
                    let row = y * size
                    for x in 0..<size where function[row + x] == 0 && Self.masks(pattern, x: x, y: y) {
                        grid[row + x] ^= 1
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

    /// The mask whose symbol scores the lowest penalty; the first on a tie.
    mutating func bestMask(level: QRErrorCorrection) -> Int {
        var best = 0
        var bestPenalty = Int.max
        for pattern in 0..<8 {
            toggle(mask: pattern)
            drawFormat(bits: Self.formatBits(level: level, mask: pattern))
            let score = penalty()
            if score < bestPenalty {
                bestPenalty = score
                best = pattern
            }
            toggle(mask: pattern)
        }
        return best
    }

    /// The penalty of the grid as it is (7.8.3): runs of five or more (N1 = 3, plus 1 a module
    /// beyond five), 2 × 2 blocks (N2 = 3), finder-like 1:1:3:1:1 patterns with four light modules
    /// on a side (N3 = 40; beyond the symbol counts as light), and the dark share's distance from
    /// half (N4 = 10 for each 5 %).
    func penalty() -> Int {
        var total = 0
        var dark = 0
        let size = self.size
        var line = [UInt8](repeating: 0, count: size + 8)
        modules.withUnsafeBufferPointer { grid in
            line.withUnsafeMutableBufferPointer { line in
                // Rows and columns: runs and finder-like patterns over one line at a time, with
                // four light modules either side standing for the quiet zone.
                for direction in 0..<2 {
                    for outer in 0..<size {
                        if direction == 0 {
                            let row = outer * size
                            for inner in 0..<size { line[inner + 4] = grid[row + inner] }
                        } else {
                            var index = outer
                            for inner in 0..<size { line[inner + 4] = grid[index]; index += size }
                        }
                        // N1
                        var runColour = line[4]
                        var runLength = 1
                        for inner in 5..<(size + 4) {
                            let colour = line[inner]
                            if colour == runColour {
                                runLength += 1
                            } else {
                                if runLength >= 5 { total += runLength - 2 }
                                runColour = colour
                                runLength = 1
                            }
                        }
                        if runLength >= 5 { total += runLength - 2 }
                        // N3: dark light dark dark dark light dark, with 4 light before or after.
                        for start in 4...(size - 3) where line[start] == 1 && line[start + 1] == 0 && line[start + 2] == 1
                            && line[start + 3] == 1 && line[start + 4] == 1 && line[start + 5] == 0 && line[start + 6] == 1 {
                            let before = line[start - 4] | line[start - 3] | line[start - 2] | line[start - 1]
                            let after = line[start + 7] | line[start + 8] | line[start + 9] | line[start + 10]
                            if before == 0 || after == 0 { total += 40 }
                        }
                    }
                }
            }
            // N2 and the dark count.
            for y in 0..<size {
                let row = y * size
                for x in 0..<size {
                    let colour = grid[row + x]
                    dark &+= Int(colour)
                    if x + 1 < size, y + 1 < size, colour == grid[row + x + 1],
                       colour == grid[row + size + x], colour == grid[row + size + x + 1] {
                        total += 3
                    }
                }
            }
        }
        let all = size * size
        let deviation = abs(dark * 20 - all * 10)
        total += max(0, (deviation + all - 1) / all - 1) * 10
        return total
    }
}
