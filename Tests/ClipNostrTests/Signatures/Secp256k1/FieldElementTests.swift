@testable import ClipNostr
import ClipTestSupport
import Testing

@Suite struct FieldElementTests {
    typealias Values = Secp256k1TestValues

    @Test func minusOneSquaredIsOne() {
        #expect(Values.pMinusOne.squared().isEqual(to: .one))
        #expect((Values.pMinusOne * Values.pMinusOne).isEqual(to: .one))
        #expect(!Values.pMinusOne.isEqual(to: .one))
    }

    @Test func pAndItsMultiplesNormalizeToZero() {
        // p in limbs, and 2p at magnitude 2: both are zero, but not in canonical form.
        let p = FieldElement(0xF_FFFE_FFFF_FC2F, 0xF_FFFF_FFFF_FFFF, 0xF_FFFF_FFFF_FFFF, 0xF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF)
        #expect(p.isZero)
        #expect(p.times(2).isZero)
        #expect(Values.hex(p + .one) == String(repeating: "0", count: 63) + "1")
        #expect(!Values.pMinusOne.isZero)
    }

    @Test func twoToThe256IsTheFoldingConstant() {
        let power = FieldElement(0, 0, 0, 0, 1 << 48)
        #expect(Values.hex(power) == "00000000000000000000000000000000000000000000000000000001000003d1")
    }

    @Test func bytesRoundTripAndValuesFromPUpAreRejected() {
        let hex = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        #expect(Values.hex(Values.field(hex)) == hex)
        for tooLarge in ["FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F",
                         "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
                         String(repeating: "F", count: 64)] {
            let bytes = BIP340VectorTests.bytes(tooLarge)
            #expect(bytes.withUnsafeBytes { FieldElement(bigEndian: $0) } == nil, "\(tooLarge)")
        }
    }

    @Test func inverseTimesTheElementIsOne() {
        var generator = SeededGenerator(seed: 0xF1E1D)
        let fixed = [FieldElement.one, FieldElement(2), Values.pMinusOne, Values.field("8000000000000000000000000000000000000000000000000000000000000000")]
        for element in fixed + (0..<40).map({ _ in Values.randomField(&generator) }) {
            #expect((element * element.inverse()).isEqual(to: .one), "\(Values.hex(element))")
        }
        #expect(FieldElement.zero.inverse().isZero)
    }

    @Test func ringLawsHoldForRandomElements() {
        var generator = SeededGenerator(seed: 0xF1E1D2)
        for _ in 0..<100 {
            let a = Values.randomField(&generator), b = Values.randomField(&generator), c = Values.randomField(&generator)
            #expect((a * (b + c)).isEqual(to: a * b + a * c))
            #expect(((a * b) * c).isEqual(to: a * (b * c)))
            #expect((a * b).isEqual(to: b * a))
            #expect(a.squared().isEqual(to: a * a))
            #expect((a + b.negated(magnitude: 1)).isEqual(to: (b + a.negated(magnitude: 1)).negated(magnitude: 2)))
            #expect((a + a.negated(magnitude: 1)).isZero)
            #expect((a * FieldElement(5)).isEqual(to: a + a + a + a + a))
            #expect(!(a + .one).isEqual(to: a))
        }
    }

    @Test func productsOfMagnitudeEightLimbsStayExact() {
        // The largest limbs a factor may have; normalizing first must give the same product.
        let largest = FieldElement(16 * 0xF_FFFF_FFFF_FFFF, 16 * 0xF_FFFF_FFFF_FFFF, 16 * 0xF_FFFF_FFFF_FFFF,
                                   16 * 0xF_FFFF_FFFF_FFFF, 16 * 0xFFFF_FFFF_FFFF)
        let canonical = largest.normalized()
        #expect((largest * largest).isEqual(to: canonical * canonical))
        #expect(largest.squared().isEqual(to: canonical.squared()))
        var generator = SeededGenerator(seed: 0xF1E1D3)
        for _ in 0..<50 {
            let a = Values.randomField(&generator), b = Values.randomField(&generator)
            #expect((a.times(8) * b.negated(magnitude: 1).times(2).weaklyNormalized().times(4)).isEqual(to: (a * b).times(64).negated(magnitude: 64)))
            #expect((largest * a).isEqual(to: canonical * a))
        }
    }

    @Test func squareRootsOfSquaresAndNoneOfNonSquares() {
        var generator = SeededGenerator(seed: 0xF1E1D4)
        for _ in 0..<40 {
            let a = Values.randomField(&generator)
            let square = a.squared()
            let root = square.squareRoot()
            #expect(root.map { $0.isEqual(to: a) || $0.isEqual(to: a.negated(magnitude: 1)) } == true)
            // p ≡ 3 (mod 4), so −1 is not a square, and neither is −a² for a ≠ 0.
            #expect(square.negated(magnitude: 1).squareRoot() == nil)
        }
        #expect(Values.pMinusOne.squareRoot() == nil)
    }
}
