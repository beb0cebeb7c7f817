extension Secp256k1 {
    /// A point (x, y) of y² = x³ + 7 that is not the point at infinity.
    ///
    /// The group formulas here never use the curve's constant 7, so the same code also works on
    /// the isomorphic curves y² = x³ + 7u⁶ that ``JacobianPoint`` and the multiplication use to
    /// skip inversions; which curve a value lives on is the caller's business.
    struct AffinePoint: Sendable {
        /// The x coordinate, magnitude ≤ 1.
        var x: FieldElement
        /// The y coordinate, magnitude ≤ 2 (2 only for a negated point).
        var y: FieldElement

        /// The point with the given coordinates, which are not checked.
        @inline(__always)
        init(x: FieldElement, y: FieldElement) {
            self.x = x
            self.y = y
        }

        /// The generator G.
        static let generator = AffinePoint(
            x: FieldElement(words: (0x59F2_815B_16F8_1798, 0x029B_FCDB_2DCE_28D9, 0x55A0_6295_CE87_0B07, 0x79BE_667E_F9DC_BBAC)),
            y: FieldElement(words: (0x9C47_D08F_FB10_D4B8, 0xFD17_B448_A685_5419, 0x5DA4_FBFC_0E11_08A8, 0x483A_DA77_26A3_C465))
        )

        /// BIP-340's lift_x: the point with x coordinate `x` and an even y, or `nil` when x³ + 7 is
        /// not a square (x is not on the curve).
        static func liftingX(_ x: FieldElement) -> AffinePoint? {
            let c = x.squared() * x + FieldElement(7)
            guard let root = c.squareRoot() else { return nil }
            let y = root.normalized()
            return AffinePoint(x: x, y: y.isOdd ? y.negated(magnitude: 1).normalized() : y)
        }

        /// −self.
        @inline(__always)
        func negated() -> AffinePoint {
            AffinePoint(x: x, y: y.negated(magnitude: 1))
        }

        /// Whether the point satisfies y² = x³ + 7.
        var isOnCurve: Bool {
            y.squared().isEqual(to: x.squared() * x + FieldElement(7))
        }
    }

    /// A point in Jacobian coordinates: (X, Y, Z) stands for (X/Z², Y/Z³); the point at infinity
    /// is a flag.
    ///
    /// Additions are variable-time and complete: they detect doubling and inverse pairs.
    struct JacobianPoint: Sendable {
        /// X, magnitude 1.
        var x: FieldElement
        /// Y, magnitude 1.
        var y: FieldElement
        /// Z, magnitude ≤ 2.
        var z: FieldElement
        /// Whether this is the point at infinity (the coordinates mean nothing then).
        var isInfinity: Bool

        /// The point with the given coordinates.
        @inline(__always)
        init(x: FieldElement, y: FieldElement, z: FieldElement, isInfinity: Bool = false) {
            self.x = x
            self.y = y
            self.z = z
            self.isInfinity = isInfinity
        }

        /// The affine point with Z = 1.
        @inline(__always)
        init(_ point: AffinePoint) {
            self.init(x: point.x, y: point.y, z: .one)
        }

        /// The point at infinity.
        static let infinity = JacobianPoint(x: .zero, y: .one, z: .zero, isInfinity: true)

        /// The affine point, or `nil` for infinity (one inversion).
        var affine: AffinePoint? {
            guard !isInfinity else { return nil }
            let zInverse = z.inverse()
            let zInverse2 = zInverse.squared()
            return AffinePoint(x: (x * zInverse2).normalized(), y: (y * zInverse2 * zInverse).normalized())
        }

        /// 2·self (3M + 4S).
        @inline(__always)
        func doubled() -> JacobianPoint {
            guard !isInfinity else { return self }
            // No point of secp256k1 has y = 0, so the result is never infinity.
            let z3 = (y * z).times(2)                          // 2
            let yy = y.squared()                               // 1
            let s = (x * yy).times(4)                          // 4
            let m = x.squared().times(3)                       // 3
            let x3 = (m.squared() + s.times(2).negated(magnitude: 8)).weaklyNormalized()
            let yyyy8 = yy.squared().times(8)                  // 8
            let y3 = (m * (s + x3.negated(magnitude: 1)) + yyyy8.negated(magnitude: 8)).weaklyNormalized()
            return JacobianPoint(x: x3, y: y3, z: z3)
        }

        /// self + b for an affine b; `ratio` receives Z(result)/Z(self) when neither is infinity
        /// and no doubling occurs (the odd-multiples table needs it).
        ///
        /// With `bZInverse`, b is taken to be the Jacobian point (b.x, b.y, 1/bZInverse): the sum
        /// is computed as if self's Z were Z·bZInverse (where b has Z = 1) and the result's Z is
        /// then scaled back by 1/bZInverse. This adds affine points of the real curve to a sum
        /// kept on an isomorphic curve without inverting anything.
        @inline(__always)
        func adding(_ b: AffinePoint, bZInverse: FieldElement?, ratio: inout FieldElement) -> JacobianPoint {
            if isInfinity {
                // b.y may have magnitude 2 (a negated entry); a Jacobian Y must have magnitude 1.
                guard let bZInverse else { return JacobianPoint(x: b.x, y: b.y.weaklyNormalized(), z: .one) }
                let zi2 = bZInverse.squared()
                return JacobianPoint(x: b.x * zi2, y: b.y * zi2 * bZInverse, z: .one)
            }
            let az: FieldElement
            if let bZInverse { az = z * bZInverse } else { az = z }
            let zz = az.squared()
            let u2 = b.x * zz                                  // 1
            let s2 = b.y * zz * az                             // 1
            let h = u2 + x.negated(magnitude: 1)               // 3
            let r = s2 + y.negated(magnitude: 1)               // 3
            if h.isZero {
                return r.isZero ? doubled() : .infinity
            }
            ratio = h
            let hh = h.squared()
            let hhh = h * hh
            let v = x * hh
            let x3 = (r.squared() + hhh.negated(magnitude: 1) + v.negated(magnitude: 1).times(2)).weaklyNormalized()
            let y3 = (r * (v + x3.negated(magnitude: 1)) + (y * hhh).negated(magnitude: 1)).weaklyNormalized()
            return JacobianPoint(x: x3, y: y3, z: z * h)
        }

        /// self + b for an affine b (8M + 3S).
        @inline(__always)
        func adding(_ b: AffinePoint) -> JacobianPoint {
            var unused = FieldElement.zero
            return adding(b, bZInverse: nil, ratio: &unused)
        }

        /// self + (b.x, b.y, 1/bZInverse) (9M + 3S); see ``adding(_:bZInverse:ratio:)``.
        @inline(__always)
        func adding(_ b: AffinePoint, bZInverse: FieldElement) -> JacobianPoint {
            var unused = FieldElement.zero
            return adding(b, bZInverse: bZInverse, ratio: &unused)
        }

        /// self + b for Jacobian points (general addition, 12M + 4S); used by tests and table checks.
        func adding(_ b: JacobianPoint) -> JacobianPoint {
            if isInfinity { return b }
            if b.isInfinity { return self }
            let z1z1 = z.squared(), z2z2 = b.z.squared()
            let u1 = x * z2z2, u2 = b.x * z1z1
            let s1 = y * z2z2 * b.z, s2 = b.y * z1z1 * z
            let h = u2 + u1.negated(magnitude: 1)
            let r = s2 + s1.negated(magnitude: 1)
            if h.isZero { return r.isZero ? doubled() : .infinity }
            let hh = h.squared()
            let hhh = h * hh
            let v = u1 * hh
            let x3 = (r.squared() + hhh.negated(magnitude: 1) + v.negated(magnitude: 1).times(2)).weaklyNormalized()
            let y3 = (r * (v + x3.negated(magnitude: 1)) + (s1 * hhh).negated(magnitude: 1)).weaklyNormalized()
            return JacobianPoint(x: x3, y: y3, z: z * b.z * h)
        }

        /// Whether both stand for the same point (infinity equals only infinity).
        func isEqual(to other: JacobianPoint) -> Bool {
            if isInfinity || other.isInfinity { return isInfinity && other.isInfinity }
            let z1z1 = z.squared(), z2z2 = other.z.squared()
            return (x * z2z2).isEqual(to: other.x * z1z1)
                && (y * z2z2 * other.z).isEqual(to: other.y * z1z1 * z)
        }
    }
}
