@testable import ClipNostr
import ClipTestSupport
import Testing

@Suite struct ScalarTests {
    typealias Values = Secp256k1TestValues

    @Test func minusOneSquaredIsOneAndWrapsAroundN() {
        #expect(Values.nMinusOne * Values.nMinusOne == Scalar(1))
        #expect(Values.nMinusOne + Scalar(2) == Scalar(1))
        #expect(Values.nMinusOne.negated() == Scalar(1))
        #expect(Scalar.zero.negated() == .zero)
        #expect(Values.nMinusOne.isHigh && !Scalar(1).isHigh)
    }

    @Test func valuesFromNUpAreRejectedOrReduced() {
        let n = BIP340VectorTests.bytes("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
        #expect(n.withUnsafeBytes { Scalar(bigEndian: $0) } == nil)
        #expect(n.withUnsafeBytes { Scalar(reducing: $0) } == .zero)
        let all = [UInt8](repeating: 0xFF, count: 32)
        #expect(all.withUnsafeBytes { Scalar(bigEndian: $0) } == nil)
        // 2^256 − 1 − n = 2^256 − n − 1.
        #expect(Values.hex(all.withUnsafeBytes { Scalar(reducing: $0) }) == "000000000000000000000000000000014551231950b75fc4402da1732fc9bebe")
    }

    @Test func lambdaIsACubeRootOfOne() {
        let lambda = Secp256k1.Endomorphism.lambda
        #expect(lambda * lambda * lambda == Scalar(1))
        #expect(lambda != Scalar(1) && lambda * lambda != Scalar(1))
        // λ² + λ + 1 ≡ 0, the other root of x³ − 1 = (x − 1)(x² + x + 1).
        #expect(lambda * lambda + lambda + Scalar(1) == .zero)
    }

    @Test func ringLawsHoldForRandomScalars() {
        var generator = SeededGenerator(seed: 0x5CA1A8)
        for _ in 0..<200 {
            let a = Values.randomScalar(&generator), b = Values.randomScalar(&generator), c = Values.randomScalar(&generator)
            #expect(a * (b + c) == a * b + a * c)
            #expect((a * b) * c == a * (b * c))
            #expect(a * Values.nMinusOne == a.negated())
            #expect(a + a.negated() == .zero)
            #expect(a * Scalar(3) == a + a + a)
            #expect(a.isZero || a.isHigh != a.negated().isHigh)
        }
    }
}
