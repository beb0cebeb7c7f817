@testable import ClipCodes
import ClipTestSupport
import Testing

/// The packed mask scorer against a module-by-module count of the four penalty rules of
/// ISO/IEC 18004 7.8.3, written here as directly as the rules read.
@Suite struct QRMaskScoringTests {
    /// The penalty of `modules` (row by row, 1 for dark, `size` wide) rule by rule: runs of five
    /// or more (3, plus 1 a module beyond five), 2 × 2 blocks (3 each), dark-light-dark-dark-dark-
    /// light-dark with four light modules before or after it (40; past the edge is light), and
    /// 10 for each step of 5 % the dark share lies beyond 45–55 %. Also the number of finder-like patterns.
    static func referencePenalty(_ modules: [UInt8], size: Int) -> (total: Int, finderLike: Int) {
        func module(_ x: Int, _ y: Int, vertical: Bool) -> UInt8 {
            let (column, row) = vertical ? (y, x) : (x, y)
            guard column >= 0, row >= 0, column < size, row < size else { return 0 }
            return modules[row * size + column]
        }
        var total = 0
        var finderLike = 0
        for vertical in [false, true] {
            for line in 0..<size {
                var start = 0
                while start < size {
                    var end = start
                    while end + 1 < size, module(end + 1, line, vertical: vertical) == module(start, line, vertical: vertical) { end += 1 }
                    let length = end - start + 1
                    if length >= 5 { total += 3 + (length - 5) }
                    start = end + 1
                }
                for at in 0..<size {
                    let pattern: [UInt8] = [1, 0, 1, 1, 1, 0, 1]
                    guard (0..<7).allSatisfy({ module(at + $0, line, vertical: vertical) == pattern[$0] }) else { continue }
                    let before = (1...4).allSatisfy { module(at - $0, line, vertical: vertical) == 0 }
                    let after = (7...10).allSatisfy { module(at + $0, line, vertical: vertical) == 0 }
                    if before || after { total += 40; finderLike += 1 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if modules[y * size + x + 1] == colour, modules[(y + 1) * size + x] == colour, modules[(y + 1) * size + x + 1] == colour {
                    total += 3
                }
            }
        }
        // 10 for each boundary of 55 %, 60 %, … (or 45 %, 40 %, …) the dark share is strictly
        // beyond: a share exactly on a boundary counts with the step below it.
        let dark = modules.reduce(0) { $0 + Int($1) }
        let all = size * size
        var steps = 0
        while abs(dark * 100 - all * 50) > (steps + 1) * 5 * all { steps += 1 }
        total += steps * 10
        return (total, finderLike)
    }

    /// Symbols of every version with random codewords, and some with all-light or all-dark
    /// codewords (long runs, many blocks, a dark share far from half).
    static func matrices() -> [(matrix: QRMatrix, level: QRErrorCorrection)] {
        var random = SeededGenerator(seed: 0x3A5C)
        let levels: [QRErrorCorrection] = [.low, .medium, .quartile, .high]
        var result: [(QRMatrix, QRErrorCorrection)] = []
        for version in 1...40 {
            for fill in 0..<(version <= 10 ? 3 : 1) {
                var matrix = QRMatrix(version: version)
                let count = QRCapacity.totalCodewords(version: version)
                let codewords: [UInt8] = switch fill {
                case 1: [UInt8](repeating: 0, count: count)
                case 2: [UInt8](repeating: 0xFF, count: count)
                default: (0..<count).map { _ in UInt8(random.below(256)) }
                }
                matrix.place(codewords)
                result.append((matrix, levels[(version + fill) % 4]))
            }
        }
        return result
    }

    @Test func everyMasksPenaltyIsTheRuleByRuleCount() {
        var different: [String] = []
        var mostFinderLike = 0
        for (matrix, level) in Self.matrices() {
            let scorer = QRMaskScorer(size: matrix.size, modules: matrix.modules, isFunction: matrix.isFunction)
            var references: [Int] = []
            for mask in 0..<8 {
                var masked = matrix
                masked.apply(mask: mask, level: level)
                let reference = Self.referencePenalty(masked.modules, size: masked.size)
                references.append(reference.total)
                mostFinderLike = max(mostFinderLike, reference.finderLike)
                let packed = scorer.penalty(mask: mask, level: level)
                if packed != reference.total { different.append("version \(matrix.version) mask \(mask): \(packed), rule by rule \(reference.total)") }
            }
            let lowest = references.min() ?? 0
            #expect(scorer.bestMask(level: level) == references.firstIndex(of: lowest), "version \(matrix.version)")
            #expect(matrix.bestMask(level: level) == references.firstIndex(of: lowest), "version \(matrix.version)")
        }
        #expect(different.isEmpty, "\(different.count) penalties differ, first: \(different.prefix(3))")
        // The three finder patterns alone make 18 (rows 2 to 4 and columns 2 to 4 of each).
        #expect(mostFinderLike > 18, "the data modules form finder-like patterns too")
    }
}
