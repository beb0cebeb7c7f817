extension Secp256k1 {
    /// An integer mod n, the order of secp256k1's group, in four 64-bit words (least significant
    /// first), always fully reduced.
    struct Scalar: Sendable, Equatable {
        /// The 256-bit value, least significant word first.
        var words: SIMD4<UInt64>

        /// n = FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141.
        static let order = SIMD4<UInt64>(0xBFD2_5E8C_D036_4141, 0xBAAE_DCE6_AF48_A03B, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFF)
        /// 2^256 − n, a 129-bit number: 2^256 ≡ this (mod n).
        static let orderComplement = SIMD4<UInt64>(0x402D_A173_2FC9_BEBF, 0x4551_2319_50B7_5FC4, 1, 0)
        /// (n − 1)/2: scalars above it are "high" (their negation is smaller).
        static let halfOrder = SIMD4<UInt64>(0xDFE9_2F46_681B_20A0, 0x5D57_6E73_57A4_501D, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF)

        /// The scalar with `words`, which must already be below n.
        init(words: SIMD4<UInt64>) {
            assert(Self.compare(words, Self.order) < 0, "a scalar must be below n")
            self.words = words
        }

        /// The scalar of a small number.
        init(_ value: UInt64) {
            words = SIMD4(value, 0, 0, 0)
        }

        /// Zero.
        static let zero = Scalar(0)

        /// The 256-bit number in the 32 big-endian bytes at `offset`, and whether it is ≥ n.
        static func read(bigEndian bytes: UnsafeRawBufferPointer, at offset: Int = 0) -> (value: SIMD4<UInt64>, overflows: Bool) {
            precondition(offset >= 0 && bytes.count - offset >= 32, "a scalar needs 32 bytes")
            let value = SIMD4<UInt64>(
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            )
            return (value, compare(value, order) >= 0)
        }

        /// The 32 big-endian bytes at `offset`, or `nil` when they encode a number ≥ n.
        init?(bigEndian bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
            let (value, overflows) = Self.read(bigEndian: bytes, at: offset)
            guard !overflows else { return nil }
            words = value
        }

        /// The 32 big-endian bytes at `offset` taken mod n (one subtraction suffices: 2^256 < 2n).
        init(reducing bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
            let (value, overflows) = Self.read(bigEndian: bytes, at: offset)
            words = overflows ? Self.subtract(value, Self.order).difference : value
        }

        // MARK: Comparison and plain 256-bit arithmetic

        /// −1, 0 or 1 as `a` is below, equal to or above `b`.
        static func compare(_ a: SIMD4<UInt64>, _ b: SIMD4<UInt64>) -> Int {
            for index in (0..<4).reversed() where a[index] != b[index] {
                return a[index] < b[index] ? -1 : 1
            }
            return 0
        }

        /// a − b mod 2^256, and whether it borrowed.
        static func subtract(_ a: SIMD4<UInt64>, _ b: SIMD4<UInt64>) -> (difference: SIMD4<UInt64>, borrowed: Bool) {
            var result = SIMD4<UInt64>()
            var borrow: UInt64 = 0
            for index in 0..<4 {
                let (step, borrowA) = a[index].subtractingReportingOverflow(b[index])
                let (word, borrowB) = step.subtractingReportingOverflow(borrow)
                result[index] = word
                borrow = (borrowA ? 1 : 0) + (borrowB ? 1 : 0)
            }
            return (result, borrow != 0)
        }

        /// a + b mod 2^256, and whether it carried out.
        static func add(_ a: SIMD4<UInt64>, _ b: SIMD4<UInt64>) -> (sum: SIMD4<UInt64>, carried: Bool) {
            var result = SIMD4<UInt64>()
            var carry: UInt64 = 0
            for index in 0..<4 {
                let (step, carryA) = a[index].addingReportingOverflow(b[index])
                let (word, carryB) = step.addingReportingOverflow(carry)
                result[index] = word
                carry = (carryA ? 1 : 0) + (carryB ? 1 : 0)
            }
            return (result, carry != 0)
        }

        /// The full 512-bit product, least significant word first.
        static func product(_ a: SIMD4<UInt64>, _ b: SIMD4<UInt64>) -> SIMD8<UInt64> {
            var result = SIMD8<UInt64>()
            for i in 0..<4 {
                let (c0, c1, c2, c3, c4) = productRow(a[i], b, adding: (result[i], result[i + 1], result[i + 2], result[i + 3]))
                result[i] = c0
                result[i + 1] = c1
                result[i + 2] = c2
                result[i + 3] = c3
                result[i + 4] = c4
            }
            return result
        }

        /// word · b + addend, as five words.
        @inline(__always)
        private static func productRow(
            _ word: UInt64, _ b: SIMD4<UInt64>, adding addend: (UInt64, UInt64, UInt64, UInt64)
        ) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
            @inline(__always)
            func step(_ factor: UInt64, _ addend: UInt64, _ carry: inout UInt64) -> UInt64 {
                let (high, low) = word.multipliedFullWidth(by: factor)
                let (sum, carryA) = low.addingReportingOverflow(addend)
                let (result, carryB) = sum.addingReportingOverflow(carry)
                carry = high &+ (carryA ? 1 : 0) &+ (carryB ? 1 : 0)
                return result
            }
            var carry: UInt64 = 0
            let r0 = step(b[0], addend.0, &carry)
            let r1 = step(b[1], addend.1, &carry)
            let r2 = step(b[2], addend.2, &carry)
            let r3 = step(b[3], addend.3, &carry)
            return (r0, r1, r2, r3, carry)
        }

        /// A 512-bit number mod n: the part above 2^256 is folded in as a multiple of 2^256 − n
        /// until nothing is left above, then n is subtracted if needed.
        static func reduce(_ wide: SIMD8<UInt64>) -> SIMD4<UInt64> {
            var value = wide
            while value[4] | value[5] | value[6] | value[7] != 0 {
                let high = SIMD4(value[4], value[5], value[6], value[7])
                let folded = product(high, orderComplement)  // below 2^385
                var sum = SIMD8<UInt64>()
                var carry: UInt64 = 0
                for index in 0..<8 {
                    let low = index < 4 ? value[index] : 0
                    let (step, carryA) = folded[index].addingReportingOverflow(low)
                    let (word, carryB) = step.addingReportingOverflow(carry)
                    sum[index] = word
                    carry = (carryA ? 1 : 0) + (carryB ? 1 : 0)
                }
                value = sum
            }
            var result = SIMD4(value[0], value[1], value[2], value[3])
            if compare(result, order) >= 0 { result = subtract(result, order).difference }
            return result
        }

        // MARK: Arithmetic mod n

        /// Whether the scalar is zero.
        var isZero: Bool { words == SIMD4() }

        /// Whether the scalar is above (n − 1)/2, so that its negation is the smaller of the two.
        var isHigh: Bool { Self.compare(words, Self.halfOrder) > 0 }

        /// n − self, or zero for zero.
        func negated() -> Scalar {
            isZero ? self : Scalar(words: Self.subtract(Self.order, words).difference)
        }

        /// The sum mod n.
        static func + (a: Scalar, b: Scalar) -> Scalar {
            let (sum, carried) = add(a.words, b.words)
            // a + b < 2n: one subtraction of n at most (a carry out means the sum exceeds 2^256 > n).
            if carried || compare(sum, order) >= 0 { return Scalar(words: subtract(sum, order).difference) }
            return Scalar(words: sum)
        }

        /// The product mod n.
        static func * (a: Scalar, b: Scalar) -> Scalar {
            Scalar(words: reduce(product(a.words, b.words)))
        }

        /// round(self · g / 2^384) for a 256-bit constant g: the rounding the GLV split needs.
        func multipliedShifted384(by g: SIMD4<UInt64>) -> Scalar {
            let wide = Self.product(words, g)
            let roundUp = wide[5] >> 63
            let (low, carried) = wide[6].addingReportingOverflow(roundUp)
            return Scalar(words: SIMD4(low, wide[7] &+ (carried ? 1 : 0), 0, 0))
        }

        /// The number of significant bits.
        var bitWidth: Int {
            for index in (0..<4).reversed() where words[index] != 0 {
                return index * 64 + 64 - words[index].leadingZeroBitCount
            }
            return 0
        }

        /// `count` (1…31) bits starting at bit `offset`, as a number.
        @inline(__always)
        func bits(at offset: Int, count: Int) -> UInt32 {
            let index = offset >> 6, shift = offset & 63
            guard index < 4 else { return 0 }
            var value = words[index] >> UInt64(shift)
            if shift + count > 64, index < 3 { value |= words[index + 1] << UInt64(64 - shift) }
            return UInt32(truncatingIfNeeded: value) & ((1 << UInt32(count)) - 1)
        }

        /// The 32 big-endian bytes.
        var bigEndianBytes: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for index in (0..<4).reversed() {
                for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: words[index] >> UInt64(shift))) }
            }
            return bytes
        }
    }
}
