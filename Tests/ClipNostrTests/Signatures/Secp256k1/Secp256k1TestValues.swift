@testable import ClipNostr
import ClipTestSupport

typealias FieldElement = Secp256k1.FieldElement
typealias Scalar = Secp256k1.Scalar
typealias AffinePoint = Secp256k1.AffinePoint
typealias JacobianPoint = Secp256k1.JacobianPoint

/// Values and a slow, obviously correct reference multiplication for the arithmetic tests.
enum Secp256k1TestValues {
    /// The field element of a 64-digit hex number below p.
    static func field(_ hex: String) -> FieldElement {
        let bytes = BIP340VectorTests.bytes(hex)
        precondition(bytes.count == 32, "field elements are 32 bytes")
        guard let element = bytes.withUnsafeBytes({ FieldElement(bigEndian: $0) }) else { fatalError("\(hex) is not below p") }
        return element
    }

    /// The scalar of a 64-digit hex number below n.
    static func scalar(_ hex: String) -> Scalar {
        let bytes = BIP340VectorTests.bytes(hex)
        precondition(bytes.count == 32, "scalars are 32 bytes")
        guard let scalar = bytes.withUnsafeBytes({ Scalar(bigEndian: $0) }) else { fatalError("\(hex) is not below n") }
        return scalar
    }

    /// Lowercase hex of a normalized field element.
    static func hex(_ element: FieldElement) -> String {
        element.normalized().bigEndianBytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Lowercase hex of a scalar.
    static func hex(_ scalar: Scalar) -> String {
        scalar.bigEndianBytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// p − 1.
    static let pMinusOne = field("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2E")
    /// n − 1.
    static let nMinusOne = scalar("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140")

    /// A random field element below p (rejection sampling).
    static func randomField(_ generator: inout SeededGenerator) -> FieldElement {
        while true {
            let bytes = (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let element = bytes.withUnsafeBytes({ FieldElement(bigEndian: $0) }) { return element }
        }
    }

    /// A random scalar below n (rejection sampling).
    static func randomScalar(_ generator: inout SeededGenerator) -> Scalar {
        while true {
            let bytes = (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let scalar = bytes.withUnsafeBytes({ Scalar(bigEndian: $0) }) { return scalar }
        }
    }

    /// A random point: lift_x of random x until one is on the curve.
    static func randomPoint(_ generator: inout SeededGenerator) -> AffinePoint {
        while true {
            if let point = AffinePoint.liftingX(randomField(&generator)) { return point }
        }
    }

    /// k·P for the 256-bit number `words` (least significant first, not reduced mod n) by plain
    /// double-and-add with the general Jacobian formulas: slow, independent of the wNAF, GLV and
    /// table code under test.
    static func reference(_ words: SIMD4<UInt64>, times point: AffinePoint) -> JacobianPoint {
        var sum = JacobianPoint.infinity
        let base = JacobianPoint(point)
        for bit in (0..<256).reversed() {
            sum = sum.doubled()
            if (words[bit / 64] >> UInt64(bit % 64)) & 1 == 1 { sum = sum.adding(base) }
        }
        return sum
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
