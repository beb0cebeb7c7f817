@testable import ClipNostr
import ClipTestSupport
import Testing

@Suite struct GroupTests {
    typealias Values = Secp256k1TestValues
    static let generator = AffinePoint.generator

    @Test func theGeneratorIsOnTheCurveAndDoublesToTheKnownPoint() throws {
        #expect(Self.generator.isOnCurve)
        let double = try #require(JacobianPoint(Self.generator).doubled().affine)
        #expect(Values.hex(double.x) == "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5")
        #expect(Values.hex(double.y) == "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a")
        // G + G by the mixed and by the general addition take the doubling branch.
        #expect(JacobianPoint(Self.generator).adding(Self.generator).isEqual(to: JacobianPoint(Self.generator).doubled()))
        #expect(JacobianPoint(Self.generator).adding(JacobianPoint(Self.generator)).isEqual(to: JacobianPoint(Self.generator).doubled()))
    }

    @Test func nTimesGIsInfinityAndNMinusOneTimesGIsMinusG() {
        let n = Secp256k1.Scalar.order
        #expect(Values.reference(n, times: Self.generator).isInfinity)
        let minusG = Values.reference(Values.nMinusOne.words, times: Self.generator)
        #expect(minusG.isEqual(to: JacobianPoint(Self.generator.negated())))
        #expect(!minusG.isEqual(to: JacobianPoint(Self.generator)))
        #expect(minusG.adding(Self.generator).isInfinity)
    }

    @Test func liftXGivesTheEvenRootOrNothing() throws {
        let lifted = try #require(AffinePoint.liftingX(Self.generator.x))
        #expect(Values.hex(lifted.y) == Values.hex(Self.generator.y))  // G's y is even
        // 2G's x lifts to 2G (its y is even too); −2G shares x and is never returned.
        let double = try #require(JacobianPoint(Self.generator).doubled().affine)
        let liftedDouble = try #require(AffinePoint.liftingX(double.x))
        #expect(Values.hex(liftedDouble.y) == Values.hex(double.y))
        var generator = SeededGenerator(seed: 0x6A0)
        for _ in 0..<30 {
            let point = Values.randomPoint(&generator)
            #expect(point.isOnCurve && !point.y.normalized().isOdd)
        }
        // x = 5 is not on the curve: 5³ + 7 = 132 is not a square mod p.
        #expect(AffinePoint.liftingX(FieldElement(5)) == nil)
    }

    @Test func lambdaTimesAPointIsBetaTimesX() {
        var generator = SeededGenerator(seed: 0x6A1)
        for point in [Self.generator, Values.randomPoint(&generator), Values.randomPoint(&generator)] {
            let multiplied = Values.reference(Secp256k1.Endomorphism.lambda.words, times: point)
            let mapped = Secp256k1.Endomorphism.apply(point)
            #expect(multiplied.isEqual(to: JacobianPoint(mapped)))
            #expect(mapped.isOnCurve)
            #expect(!multiplied.isEqual(to: JacobianPoint(point)))
        }
    }

    @Test func mixedAndGeneralAdditionAgree() {
        var generator = SeededGenerator(seed: 0x6A2)
        for _ in 0..<20 {
            let a = Values.randomPoint(&generator), b = Values.randomPoint(&generator)
            let sum = JacobianPoint(a).doubled().adding(b)
            let general = JacobianPoint(a).doubled().adding(JacobianPoint(b))
            #expect(sum.isEqual(to: general))
            #expect(sum.affine?.isOnCurve == true)
            #expect(JacobianPoint(a).adding(a.negated()).isInfinity)
            #expect(JacobianPoint.infinity.adding(b).isEqual(to: JacobianPoint(b)))
        }
    }

    @Test func addingAPointGivenWithAnInverseZMatchesThePlainSum() {
        // b stands for the Jacobian point (b.x, b.y, 1/u): on the curve scaled by u that is affine
        // (u²·b.x, u³·b.y). Adding it to a sum kept on that curve and scaling Z by u back must
        // give the plain sum.
        var generator = SeededGenerator(seed: 0x6A3)
        for _ in 0..<20 {
            let a = Values.randomPoint(&generator), b = Values.randomPoint(&generator)
            let u = Values.randomField(&generator)
            let u2 = u.squared(), u3 = u2 * u
            let aScaled = JacobianPoint(x: a.x * u2, y: a.y * u3, z: .one)  // a on the scaled curve
            var sum = aScaled.adding(b, bZInverse: u)
            sum.z = sum.z * u
            #expect(sum.isEqual(to: JacobianPoint(a).adding(b)))
            var fromInfinity = JacobianPoint.infinity.adding(b, bZInverse: u)
            fromInfinity.z = fromInfinity.z * u
            #expect(fromInfinity.isEqual(to: JacobianPoint(b)))
        }
    }
}
