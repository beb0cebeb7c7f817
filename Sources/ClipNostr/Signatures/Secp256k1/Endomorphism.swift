extension Secp256k1 {
    /// The GLV endomorphism of secp256k1: λ·(x, y) = (β·x, y), where β is a cube root of unity
    /// mod p and λ one mod n (Gallant, Lambert and Vanstone, CRYPTO 2001). A scalar k splits into
    /// k1 + k2·λ with k1 and k2 of about 128 bits, halving the doublings of a multiplication.
    enum Endomorphism {
        /// β, a non-trivial cube root of unity mod p.
        static let beta = FieldElement(words: (0xC139_6C28_7195_01EE, 0x9CF0_4975_12F5_8995, 0x6E64_479E_AC34_34E9, 0x7AE9_6A2B_657C_0710))
        /// λ, the cube root of unity mod n with λ·(x, y) = (β·x, y).
        static let lambda = Scalar(words: SIMD4(0xDF02_967C_1B23_BD72, 0x122E_22EA_2081_6678, 0xA526_1C02_8812_645A, 0x5363_AD4C_C05C_30E0))

        // A short basis of the lattice {(a, b) : a + b·λ ≡ 0 (mod n)}: v1 = (a1, b1), v2 = (a2, b2)
        // with a1 = b2 = 0x3086d221a7d46bcde86c90e49284eb15,
        // b1 = −0xe4437ed6010e88286f547fa90abfe4c3, a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8.
        /// −b1 mod n.
        static let minusB1 = Scalar(words: SIMD4(0x6F54_7FA9_0ABF_E4C3, 0xE443_7ED6_010E_8828, 0, 0))
        /// −b2 mod n.
        static let minusB2 = Scalar(words: SIMD4(0xD765_CDA8_3DB1_562C, 0x8A28_0AC5_0774_346D, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFF))
        /// round(2^384 · b2 / n).
        static let g1 = SIMD4<UInt64>(0xE893_209A_45DB_B031, 0x3DAA_8A14_71E8_CA7F, 0xE86C_90E4_9284_EB15, 0x3086_D221_A7D4_6BCD)
        /// round(2^384 · (−b1) / n).
        static let g2 = SIMD4<UInt64>(0x1571_B4AE_8AC4_7F71, 0x2212_08AC_9DF5_06C6, 0x6F54_7FA9_0ABF_E4C4, 0xE443_7ED6_010E_8828)

        /// A scalar of a split, as a magnitude below about 2^128 and a sign.
        struct Half: Sendable {
            /// |k|.
            var magnitude: Scalar
            /// Whether k is negative (k ≡ −magnitude mod n).
            var isNegative: Bool
        }

        /// k1 and k2 with k ≡ k1 + k2·λ (mod n), each small and signed.
        ///
        /// (k, 0) is written in the basis (v1, v2) with rational coordinates
        /// c1 = k·b2/n and c2 = −k·b1/n, rounded; the lattice vector c1·v1 + c2·v2 is then
        /// close to (k, 0) and the difference (k1, k2) is short: k2 = −c1·b1 − c2·b2 and
        /// k1 = k − k2·λ.
        static func split(_ k: Scalar) -> (Half, Half) {
            let c1 = k.multipliedShifted384(by: g1)
            let c2 = k.multipliedShifted384(by: g2)
            let k2 = c1 * minusB1 + c2 * minusB2
            let k1 = k + (k2 * lambda).negated()
            return (half(k1), half(k2))
        }

        private static func half(_ k: Scalar) -> Half {
            k.isHigh ? Half(magnitude: k.negated(), isNegative: true) : Half(magnitude: k, isNegative: false)
        }

        /// λ·p: (β·x, y).
        @inline(__always)
        static func apply(_ point: AffinePoint) -> AffinePoint {
            AffinePoint(x: point.x * beta, y: point.y)
        }
    }
}
