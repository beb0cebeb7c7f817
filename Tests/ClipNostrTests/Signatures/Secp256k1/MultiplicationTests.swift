@testable import ClipNostr
import ClipTestSupport
import Testing

/// The endomorphism split, the wNAF, the odd-multiples tables and the double-scalar
/// multiplication, each against a plain reference.
@Suite struct MultiplicationTests {
    typealias Values = Secp256k1TestValues
    typealias Endomorphism = Secp256k1.Endomorphism

    static func edgeScalars(_ generator: inout SeededGenerator) -> [Scalar] {
        let fixed = [Scalar.zero, Scalar(1), Scalar(2), Values.nMinusOne, Endomorphism.lambda, Endomorphism.lambda.negated(),
                     Values.scalar("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0"),
                     Values.scalar("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A1"),
                     Values.scalar("00000000000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")]
        return fixed + (0..<60).map { _ in Values.randomScalar(&generator) }
    }

    static func signed(_ half: Endomorphism.Half) -> Scalar {
        half.isNegative ? half.magnitude.negated() : half.magnitude
    }

    @Test func theSplitRecomposesAndBothHalvesAreShort() {
        var generator = SeededGenerator(seed: 0x61F)
        for k in Self.edgeScalars(&generator) {
            let (k1, k2) = Endomorphism.split(k)
            #expect(Self.signed(k1) + Self.signed(k2) * Endomorphism.lambda == k, "k = \(Values.hex(k))")
            #expect(k1.magnitude.bitWidth <= 128 && k2.magnitude.bitWidth <= 128,
                    "k = \(Values.hex(k)): \(k1.magnitude.bitWidth) and \(k2.magnitude.bitWidth) bits")
        }
    }

    @Test(arguments: [2, 4, 5, 8, 12, 15])
    func theWNAFRecomposesAndHasTheRightShape(window: Int) {
        var generator = SeededGenerator(seed: 0x3AF + UInt64(window))
        let digits = UnsafeMutablePointer<Int32>.allocate(capacity: Secp256k1.WNAF.maximumDigits)
        defer { digits.deallocate() }
        for k in Self.edgeScalars(&generator) {
            for negative in [false, true] {
                digits.initialize(repeating: 0, count: Secp256k1.WNAF.maximumDigits)
                let used = Secp256k1.WNAF.write(k, isNegative: negative, window: window, into: digits)
                var sum = Scalar.zero
                var power = Scalar(1)
                var lastNonZero = -window
                for index in 0..<Secp256k1.WNAF.maximumDigits {
                    let digit = digits[index]
                    if digit != 0 {
                        #expect(index < used)
                        #expect(digit & 1 == 1 && abs(digit) < 1 << (window - 1), "digit \(digit) at \(index)")
                        #expect(index - lastNonZero >= window, "non-zero digits at \(lastNonZero) and \(index)")
                        lastNonZero = index
                        let magnitude = Scalar(UInt64(abs(digit))) * power
                        sum = sum + (digit < 0 ? magnitude.negated() : magnitude)
                    }
                    power = power + power
                }
                #expect(used == 0 || digits[used - 1] != 0)
                #expect(sum == (negative ? k.negated() : k), "k = \(Values.hex(k)), window \(window)")
            }
        }
    }

    @Test func oddMultiplesOnTheScaledCurveMapBackToTheMultiples() {
        var generator = SeededGenerator(seed: 0x0DD)
        let point = Values.randomPoint(&generator)
        let count = 8
        let table = UnsafeMutableBufferPointer<AffinePoint>.allocate(capacity: count)
        let ratios = UnsafeMutableBufferPointer<FieldElement>.allocate(capacity: count)
        defer { table.deallocate(); ratios.deallocate() }
        let globalZ = Secp256k1.OddMultiples.build(of: point, into: table, ratios: ratios)
        for index in 0..<count {
            // (x, y) on the curve scaled by u is the Jacobian point (x, y, u) of secp256k1.
            let entry = JacobianPoint(x: table[index].x, y: table[index].y, z: globalZ)
            let expected = Values.reference(SIMD4(UInt64(2 * index + 1), 0, 0, 0), times: point)
            #expect(entry.isEqual(to: expected), "entry \(index)")
        }
    }

    @Test(arguments: [2, 5, 8])
    func theGeneratorTableHoldsTheOddMultiplesOfG(window: Int) {
        let table = Secp256k1.GeneratorTable(window: window)
        #expect(table.points.count == 1 << (window - 2))
        for (index, point) in table.points.enumerated() {
            let expected = Values.reference(SIMD4(UInt64(2 * index + 1), 0, 0, 0), times: .generator)
            #expect(JacobianPoint(point).isEqual(to: expected), "window \(window), entry \(index)")
        }
    }

    @Test func theDoubleScalarMultiplicationMatchesTheReference() {
        var generator = SeededGenerator(seed: 0xD5)
        let tables = [Secp256k1.GeneratorTable.shared, Secp256k1.GeneratorTable(window: 4)]
        let scalars = Self.edgeScalars(&generator)
        for round in 0..<24 {
            let point = round == 0 ? AffinePoint.generator : Values.randomPoint(&generator)
            let a = scalars[round % scalars.count], b = scalars[(round * 7 + 3) % scalars.count]
            let expected = Values.reference(a.words, times: point).adding(Values.reference(b.words, times: .generator))
            for table in tables {
                let result = Secp256k1.DoubleScalarMultiplication.compute(a, times: point, plus: b, generatorTable: table)
                #expect(result.isEqual(to: expected), "round \(round), window \(table.window)")
            }
        }
        // a·G − a·G is infinity.
        let a = Values.randomScalar(&generator)
        #expect(Secp256k1.DoubleScalarMultiplication.compute(a, times: .generator, plus: a.negated()).isInfinity)
    }
}
