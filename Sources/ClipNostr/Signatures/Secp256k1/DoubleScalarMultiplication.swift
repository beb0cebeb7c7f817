extension Secp256k1 {
    /// a·P + b·G in one pass (Strauss–Shamir), with both scalars split by the GLV endomorphism:
    /// four wNAF streams of about 129 digits share one chain of doublings.
    ///
    /// P's odd multiples (window ``pointWindow``) are built per call with ``OddMultiples``, so they
    /// and the running sum live on an isomorphic curve; G's come from a ``GeneratorTable`` on the
    /// real curve and are added with ``JacobianPoint/adding(_:bZInverse:)``. The result's Z is
    /// scaled by the global Z at the end, which maps it back to secp256k1.
    enum DoubleScalarMultiplication {
        /// The wNAF window for the per-call point: 2^(5−2) = 8 odd multiples.
        static let pointWindow = 5

        /// a·point + b·G.
        static func compute(
            _ a: Scalar, times point: AffinePoint, plus b: Scalar, generatorTable: GeneratorTable = .shared
        ) -> JacobianPoint {
            let (a1, a2) = Endomorphism.split(a)
            let (b1, b2) = Endomorphism.split(b)
            let pointCount = 1 << (pointWindow - 2)
            let stride = WNAF.maximumDigits
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * stride) { digits in
                guard let base = digits.baseAddress else { return .infinity }
                base.initialize(repeating: 0, count: 4 * stride)
                let digitsA1 = base, digitsA2 = base + stride, digitsB1 = base + 2 * stride, digitsB2 = base + 3 * stride
                let lengthA1 = WNAF.write(a1.magnitude, isNegative: a1.isNegative, window: pointWindow, into: digitsA1)
                let lengthA2 = WNAF.write(a2.magnitude, isNegative: a2.isNegative, window: pointWindow, into: digitsA2)
                let lengthB1 = WNAF.write(b1.magnitude, isNegative: b1.isNegative, window: generatorTable.window, into: digitsB1)
                let lengthB2 = WNAF.write(b2.magnitude, isNegative: b2.isNegative, window: generatorTable.window, into: digitsB2)
                let length = max(lengthA1, lengthA2, lengthB1, lengthB2)

                return withUnsafeTemporaryAllocation(of: AffinePoint.self, capacity: 2 * pointCount) { tables in
                    withUnsafeTemporaryAllocation(of: FieldElement.self, capacity: pointCount) { ratios in
                        let table = UnsafeMutableBufferPointer(rebasing: tables[0..<pointCount])
                        let lambdaTable = UnsafeMutableBufferPointer(rebasing: tables[pointCount..<(2 * pointCount)])
                        let globalZ = OddMultiples.build(of: point, into: table, ratios: ratios)
                        for index in 0..<pointCount { lambdaTable[index] = Endomorphism.apply(table[index]) }

                        return generatorTable.points.withUnsafeBufferPointer { generators in
                            var sum = JacobianPoint.infinity
                            var position = length - 1
                            while position >= 0 {
                                sum = sum.doubled()
                                let digitA1 = digitsA1[position]
                                if digitA1 != 0 { sum = sum.adding(entry(table, digitA1)) }
                                let digitA2 = digitsA2[position]
                                if digitA2 != 0 { sum = sum.adding(entry(lambdaTable, digitA2)) }
                                let digitB1 = digitsB1[position]
                                if digitB1 != 0 { sum = sum.adding(entry(generators, digitB1), bZInverse: globalZ) }
                                let digitB2 = digitsB2[position]
                                if digitB2 != 0 {
                                    sum = sum.adding(Endomorphism.apply(entry(generators, digitB2)), bZInverse: globalZ)
                                }
                                position -= 1
                            }
                            if !sum.isInfinity { sum.z = sum.z * globalZ }
                            return sum
                        }
                    }
                }
            }
        }

        /// The table entry for an odd wNAF digit: (|digit| − 1)/2, negated for a negative digit.
        @inline(__always)
        private static func entry(_ table: UnsafeMutableBufferPointer<AffinePoint>, _ digit: Int32) -> AffinePoint {
            digit > 0 ? table[Int(digit >> 1)] : table[Int((-digit) >> 1)].negated()
        }

        @inline(__always)
        private static func entry(_ table: UnsafeBufferPointer<AffinePoint>, _ digit: Int32) -> AffinePoint {
            digit > 0 ? table[Int(digit >> 1)] : table[Int((-digit) >> 1)].negated()
        }
    }
}
