extension Secp256k1 {
    /// Tables of odd multiples P, 3P, 5P, … for windowed multiplication, built without inversions.
    ///
    /// With D = 2P = (X, Y, Z), the isomorphism (x, y) ↦ (Z²x, Z³y) makes D affine on the curve
    /// y² = x³ + 7Z⁶, so every entry is one mixed addition away from the previous one. The entries
    /// come out with different Z; rescaling each by its ratio to the last Z (a running product of
    /// the Z ratios of the additions) gives them all the last Z, and one more isomorphism makes
    /// them affine. The table then holds affine points on y² = x³ + 7u⁶ for the returned
    /// `globalZ` = u: a point (x, y) of the table stands for (x/u², y/u³) on secp256k1.
    enum OddMultiples {
        /// Fills `table` with P, 3P, …, (2·count − 1)P on the isomorphic curve and returns its
        /// global Z. `ratios` is scratch space for `count` elements.
        static func build(
            of point: AffinePoint, into table: UnsafeMutableBufferPointer<AffinePoint>,
            ratios: UnsafeMutableBufferPointer<FieldElement>
        ) -> FieldElement {
            let count = table.count
            precondition(count >= 1 && ratios.count >= count, "the table and its scratch space must not be empty")
            let d = JacobianPoint(point).doubled()
            let dAffine = AffinePoint(x: d.x, y: d.y)
            let zz = d.z.squared()
            var current = JacobianPoint(x: point.x * zz, y: point.y * zz * d.z, z: .one)
            table[0] = AffinePoint(x: current.x, y: current.y)
            ratios[0] = .one
            // (2i + 1)P + 2P is never a doubling nor infinity for i < n/2, so the ratio is always set.
            for index in 1..<count {
                current = current.adding(dAffine, bZInverse: nil, ratio: &ratios[index])
                table[index] = AffinePoint(x: current.x, y: current.y)
            }
            // Entry i has Z_i = Z_last / (ratio_{i+1} · … · ratio_{count−1}); bring each to Z_last.
            var scale = FieldElement.one
            var index = count - 1
            while index > 0 {
                scale = scale * ratios[index]
                index -= 1
                let scale2 = scale.squared()
                table[index] = AffinePoint(x: table[index].x * scale2, y: table[index].y * scale2 * scale)
            }
            return d.z * current.z
        }
    }
}
