/// One row or column of a symbol packed into 192 bits, for scoring masks a line at a time with
/// word operations: bit `4 + i` is module `i` (1 for dark). Bits 0–3 and those past the symbol's
/// last module stay light, as the quiet zone is, so that a shift brings in light modules; a
/// symbol is at most 177 modules wide, which leaves at least 11 light bits after the last.
struct QRBitLine: Equatable {
    var low: UInt64 = 0
    var middle: UInt64 = 0
    var high: UInt64 = 0

    /// The bit of module 0.
    static let offset = 4

    /// An all-light line.
    init() {}

    /// The line of three words, bits 0–63, 64–127 and 128–191.
    @inline(__always)
    init(low: UInt64, middle: UInt64, high: UInt64) {
        self.low = low
        self.middle = middle
        self.high = high
    }

    /// Bits `first` to `last`, both included (0 ≤ first ≤ last < 192).
    static func ones(_ first: Int, through last: Int) -> QRBitLine {
        var line = QRBitLine()
        for index in first...last { line.insert(index) }
        return line
    }

    /// The line of `count` bytes (0 or 1) at `first`, `first + stride`, `first + 2 × stride`, …
    /// of `bytes`: bit `4 + i` is byte `i`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, first: Int, stride: Int, count: Int) {
        /// The bytes from `start` to `end` (excluded) of the line as the bits of one word, from `bit` on.
        func word(_ start: Int, _ end: Int, from bit: Int) -> UInt64 {
            var word: UInt64 = 0
            var shift = UInt64(bit), index = first + start * stride
            for _ in start..<max(start, end) {
                word |= UInt64(bytes[index]) &<< shift
                shift += 1
                index += stride
            }
            return word
        }
        let offset = Self.offset
        low = word(0, min(count, 64 - offset), from: offset)
        middle = word(64 - offset, min(count, 128 - offset), from: 0)
        high = word(128 - offset, min(count, 192 - offset), from: 0)
    }

    /// The bits of a symbol `size` modules wide: 4 to `size + 3`.
    @inline(__always)
    static func symbol(_ size: Int) -> QRBitLine { ones(offset, through: offset + size - 1) }

    /// Sets bit `index` (0 ≤ index < 192).
    @inline(__always)
    mutating func insert(_ index: Int) {
        let bit: UInt64 = 1 &<< UInt64(index & 63)
        switch index >> 6 {
        case 0: low |= bit
        case 1: middle |= bit
        default: high |= bit
        }
    }

    /// The line moved `count` bits towards bit 0 (1 ≤ count < 64): bit `i` of the result is bit
    /// `i + count` of this one, so at each position it reads the module `count` places further on.
    @inline(__always)
    func reading(ahead count: Int) -> QRBitLine {
        let up = UInt64(count), down = UInt64(64 - count)
        return QRBitLine(low: low &>> up | middle &<< down, middle: middle &>> up | high &<< down, high: high &>> up)
    }

    /// The line moved `count` bits away from bit 0 (1 ≤ count < 64): bit `i` of the result is bit
    /// `i − count` of this one, so at each position it reads the module `count` places back.
    @inline(__always)
    func reading(behind count: Int) -> QRBitLine {
        let up = UInt64(count), down = UInt64(64 - count)
        return QRBitLine(low: low &<< up, middle: middle &<< up | low &>> down, high: high &<< up | middle &>> down)
    }

    /// The set bits.
    @inline(__always)
    var count: Int { low.nonzeroBitCount + middle.nonzeroBitCount + high.nonzeroBitCount }

    @inline(__always)
    static func & (left: QRBitLine, right: QRBitLine) -> QRBitLine {
        QRBitLine(low: left.low & right.low, middle: left.middle & right.middle, high: left.high & right.high)
    }

    @inline(__always)
    static func | (left: QRBitLine, right: QRBitLine) -> QRBitLine {
        QRBitLine(low: left.low | right.low, middle: left.middle | right.middle, high: left.high | right.high)
    }

    @inline(__always)
    static func ^ (left: QRBitLine, right: QRBitLine) -> QRBitLine {
        QRBitLine(low: left.low ^ right.low, middle: left.middle ^ right.middle, high: left.high ^ right.high)
    }

    @inline(__always)
    static prefix func ~ (line: QRBitLine) -> QRBitLine {
        QRBitLine(low: ~line.low, middle: ~line.middle, high: ~line.high)
    }
}

/// Scores the eight masks of one placed symbol by the four penalty rules of ISO/IEC 18004 7.8.3,
/// a whole row or column at a time: the symbol is packed into bit lines once, each mask is an
/// exclusive or with the mask's periodic pattern over the data modules, and each rule is a few
/// word operations and bit counts per line.
struct QRMaskScorer {
    let size: Int
    /// The unmasked symbol by rows and by columns (line `i` of `columns` is column `i`, its bit
    /// `4 + y` the module in row `y`), the format information left light.
    private let rows: [QRBitLine]
    private let columns: [QRBitLine]
    /// The data modules (those a mask inverts), by rows and by columns.
    private let dataRows: [QRBitLine]
    private let dataColumns: [QRBitLine]
    /// The positions where a pair of neighbours both lie in the symbol: 4 to `size + 2`.
    private let pairs: QRBitLine

    /// Packs `modules` (row by row, 1 for dark) and `isFunction` (1 where no mask applies) of a
    /// symbol `size` modules wide, its codewords placed and no mask or format information applied yet.
    init(size: Int, modules: [UInt8], isFunction: [UInt8]) {
        self.size = size
        var rows: [QRBitLine] = [], columns: [QRBitLine] = [], dataRows: [QRBitLine] = [], dataColumns: [QRBitLine] = []
        rows.reserveCapacity(size)
        columns.reserveCapacity(size)
        dataRows.reserveCapacity(size)
        dataColumns.reserveCapacity(size)
        let inSymbol = QRBitLine.symbol(size)
        modules.withUnsafeBufferPointer { modules in
            isFunction.withUnsafeBufferPointer { isFunction in
                for line in 0..<size {
                    rows.append(QRBitLine(modules, first: line * size, stride: 1, count: size))
                    columns.append(QRBitLine(modules, first: line, stride: size, count: size))
                    dataRows.append(~QRBitLine(isFunction, first: line * size, stride: 1, count: size) & inSymbol)
                    dataColumns.append(~QRBitLine(isFunction, first: line, stride: size, count: size) & inSymbol)
                }
            }
        }
        self.rows = rows
        self.columns = columns
        self.dataRows = dataRows
        self.dataColumns = dataColumns
        pairs = QRBitLine.ones(QRBitLine.offset, through: QRBitLine.offset + size - 2)
    }

    /// Every mask's pattern repeats every 12 rows and every 12 columns (Table 10: periods 2, 3, 4 and 6).
    static let period = 12

    /// `rowPatterns[mask * 12 + y % 12]`: the modules mask `mask` inverts in row `y`.
    private static let rowPatterns: [QRBitLine] = patterns(byRows: true)
    /// `columnPatterns[mask * 12 + x % 12]`: the modules mask `mask` inverts in column `x`.
    private static let columnPatterns: [QRBitLine] = patterns(byRows: false)

    private static func patterns(byRows: Bool) -> [QRBitLine] {
        var lines: [QRBitLine] = []
        for mask in 0..<8 {
            for line in 0..<period {
                var pattern = QRBitLine()
                for along in 0..<(192 - QRBitLine.offset) {
                    let (x, y) = byRows ? (along, line) : (line, along)
                    if QRMatrix.masks(mask, x: x, y: y) { pattern.insert(QRBitLine.offset + along) }
                }
                lines.append(pattern)
            }
        }
        return lines
    }

    /// The mask whose symbol, with its format information for `level`, scores the lowest penalty; the first on a tie.
    func bestMask(level: QRErrorCorrection) -> Int {
        var maskedRows = rows
        var maskedColumns = columns
        var best = 0
        var bestPenalty = Int.max
        for mask in 0..<8 {
            let score = penalty(mask: mask, level: level, rows: &maskedRows, columns: &maskedColumns)
            if score < bestPenalty {
                bestPenalty = score
                best = mask
            }
        }
        return best
    }

    /// The penalty of the symbol under mask `mask` with its format information for `level`.
    func penalty(mask: Int, level: QRErrorCorrection) -> Int {
        var maskedRows = rows
        var maskedColumns = columns
        return penalty(mask: mask, level: level, rows: &maskedRows, columns: &maskedColumns)
    }

    /// The penalty under `mask`, with `maskedRows` and `maskedColumns` (as many lines as the
    /// symbol has) as room to build the masked symbol in.
    private func penalty(mask: Int, level: QRErrorCorrection, rows maskedRows: inout [QRBitLine],
                         columns maskedColumns: inout [QRBitLine]) -> Int {
        let size = self.size
        let first = mask * Self.period
        Self.rowPatterns.withUnsafeBufferPointer { patterns in
            for y in 0..<size { maskedRows[y] = rows[y] ^ (patterns[first + y % Self.period] & dataRows[y]) }
        }
        Self.columnPatterns.withUnsafeBufferPointer { patterns in
            for x in 0..<size { maskedColumns[x] = columns[x] ^ (patterns[first + x % Self.period] & dataColumns[x]) }
        }
        QRMatrix.forEachFormatModule(size: size, bits: QRMatrix.formatBits(level: level, mask: mask)) { x, y, dark in
            guard dark else { return }
            maskedRows[y].insert(QRBitLine.offset + x)
            maskedColumns[x].insert(QRBitLine.offset + y)
        }
        var total = 0
        var dark = 0
        let pairs = self.pairs
        maskedRows.withUnsafeBufferPointer { lines in
            for y in 0..<size {
                let line = lines[y]
                total += Self.runAndFinderPenalty(line, pairs: pairs)
                dark += line.count
                // N2: a 2 × 2 block of one colour at (x, y) to (x + 1, y + 1).
                if y + 1 < size {
                    let below = lines[y + 1]
                    let sameBelow = ~(line ^ below)
                    let sameRight = ~(line ^ line.reading(ahead: 1))
                    total += 3 * (sameRight & sameBelow & sameBelow.reading(ahead: 1) & pairs).count
                }
            }
        }
        maskedColumns.withUnsafeBufferPointer { lines in
            for x in 0..<size { total += Self.runAndFinderPenalty(lines[x], pairs: pairs) }
        }
        // N4: 10 for each step of 5 % the dark share lies beyond 45–55 %; a share exactly on a
        // step's boundary counts with the step below.
        let all = size * size
        let deviation = abs(dark * 20 - all * 10)
        total += max(0, (deviation + all - 1) / all - 1) * 10
        return total
    }

    /// N1 and N3 of one row or column: 3 for a run of five modules of one colour and 1 for each
    /// module beyond five, and 40 for each dark-light-dark-dark-dark-light-dark pattern with four
    /// light modules (or the quiet zone) before or after it.
    @inline(__always)
    private static func runAndFinderPenalty(_ line: QRBitLine, pairs: QRBitLine) -> Int {
        // N1. `same` marks each module that has the colour of the next: a run of n modules is a
        // run of n − 1 marks, and `four` keeps the n − 4 marks that start four in a row, so a run
        // of n ≥ 5 scores its n − 4 marks of `four` plus 2 for where they start: n − 2.
        let same = ~(line ^ line.reading(ahead: 1)) & pairs
        let four = same & same.reading(ahead: 1) & same.reading(ahead: 2) & same.reading(ahead: 3)
        var total = four.count + 2 * (four & ~four.reading(behind: 1)).count
        // N3, at the pattern's first module.
        let light = ~line
        let finder = line & light.reading(ahead: 1) & line.reading(ahead: 2) & line.reading(ahead: 3)
            & line.reading(ahead: 4) & light.reading(ahead: 5) & line.reading(ahead: 6)
        if finder.count > 0 {
            let fourLight = light & light.reading(ahead: 1) & light.reading(ahead: 2) & light.reading(ahead: 3)
            total += 40 * (finder & (fourLight.reading(behind: 4) | fourLight.reading(ahead: 7))).count
        }
        return total
    }
}
