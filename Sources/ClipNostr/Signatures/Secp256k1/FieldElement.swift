extension Secp256k1 {
    /// An element of the field of p = 2^256 − 2^32 − 977, in five 52-bit limbs with lazy reduction.
    ///
    /// The value is `n0 + n1·2^52 + n2·2^104 + n3·2^156 + n4·2^208`, taken mod p. Limbs may exceed
    /// 52 bits: an element of *magnitude* m has `n0…n3 ≤ 2m·(2^52 − 1)` and `n4 ≤ 2m·(2^48 − 1)`.
    /// Products and squares accept magnitude ≤ 8 and return magnitude 1; sums add magnitudes;
    /// ``negated(magnitude:)`` adds one. An element is *normalized* when it is the unique
    /// representative in [0, p) with limbs of 52 bits (48 for `n4`); only normalized elements
    /// may be compared or serialized.
    struct FieldElement: Sendable {
        /// The least significant limb.
        var n0: UInt64
        /// Bits 52–103.
        var n1: UInt64
        /// Bits 104–155.
        var n2: UInt64
        /// Bits 156–207.
        var n3: UInt64
        /// Bits 208 and up.
        var n4: UInt64

        static let mask52: UInt64 = 0xF_FFFF_FFFF_FFFF
        static let mask48: UInt64 = 0xFFFF_FFFF_FFFF
        /// 2^256 mod p.
        static let fold256: UInt64 = 0x1_0000_03D1
        /// 2^260 mod p.
        static let fold260: UInt64 = 0x10_0000_3D10
        /// The lowest limb of p.
        static let p0: UInt64 = 0xF_FFFE_FFFF_FC2F

        /// The element with the given limbs, taken as they are.
        @inline(__always)
        init(_ n0: UInt64, _ n1: UInt64, _ n2: UInt64, _ n3: UInt64, _ n4: UInt64) {
            self.n0 = n0
            self.n1 = n1
            self.n2 = n2
            self.n3 = n3
            self.n4 = n4
        }

        /// The small value `value`.
        init(_ value: UInt64) {
            precondition(value <= Self.mask52, "a small field element must fit in one limb")
            self.init(value, 0, 0, 0, 0)
        }

        /// Zero.
        static let zero = FieldElement(0, 0, 0, 0, 0)
        /// One.
        static let one = FieldElement(1, 0, 0, 0, 0)

        /// The element whose 32 big-endian bytes start at `offset` in `bytes`, or `nil` when
        /// they encode a number ≥ p.
        init?(bigEndian bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
            precondition(offset >= 0 && bytes.count - offset >= 32, "a field element needs 32 bytes")
            let w3 = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let w2 = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            let w1 = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            let w0 = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            if w3 == .max, w2 == .max, w1 == .max, w0 >= 0xFFFF_FFFE_FFFF_FC2F { return nil }
            self.init(words: (w0, w1, w2, w3))
        }

        /// The element of the 256-bit number with 64-bit words `words`, least significant first;
        /// the number must be below p.
        init(words: (UInt64, UInt64, UInt64, UInt64)) {
            let (w0, w1, w2, w3) = words
            self.init(
                w0 & Self.mask52,
                (w0 >> 52 | w1 << 12) & Self.mask52,
                (w1 >> 40 | w2 << 24) & Self.mask52,
                (w2 >> 28 | w3 << 36) & Self.mask52,
                w3 >> 16
            )
        }

        /// The 64-bit words of a normalized element, least significant first.
        var words: (UInt64, UInt64, UInt64, UInt64) {
            (n0 | n1 << 52, n1 >> 12 | n2 << 40, n2 >> 24 | n3 << 28, n3 >> 36 | n4 << 16)
        }

        /// The 32 big-endian bytes of a normalized element.
        var bigEndianBytes: [UInt8] {
            let (w0, w1, w2, w3) = words
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for word in [w3, w2, w1, w0] {
                for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
            }
            return bytes
        }

        // MARK: Sums and negation

        /// The limb-wise sum; the magnitudes add.
        @inline(__always)
        static func + (a: FieldElement, b: FieldElement) -> FieldElement {
            FieldElement(a.n0 &+ b.n0, a.n1 &+ b.n1, a.n2 &+ b.n2, a.n3 &+ b.n3, a.n4 &+ b.n4)
        }

        /// Adds limb-wise; the magnitudes add.
        @inline(__always)
        static func += (a: inout FieldElement, b: FieldElement) {
            a = a + b
        }

        /// Every limb times `factor`; the magnitude is multiplied by `factor`.
        @inline(__always)
        func times(_ factor: UInt64) -> FieldElement {
            FieldElement(n0 &* factor, n1 &* factor, n2 &* factor, n3 &* factor, n4 &* factor)
        }

        /// −self, for an element of at most `magnitude`: 2(m + 1)·p − self, of magnitude m + 1.
        @inline(__always)
        func negated(magnitude: UInt64) -> FieldElement {
            let k = 2 &* (magnitude &+ 1)
            return FieldElement(
                Self.p0 &* k &- n0, Self.mask52 &* k &- n1, Self.mask52 &* k &- n2,
                Self.mask52 &* k &- n3, Self.mask48 &* k &- n4
            )
        }

        // MARK: Products

        /// A 128-bit accumulator.
        struct Wide {
            var low: UInt64
            var high: UInt64

            @inline(__always)
            init(_ low: UInt64, _ high: UInt64) {
                self.low = low
                self.high = high
            }

            @inline(__always)
            static func product(_ a: UInt64, _ b: UInt64) -> Wide {
                let (high, low) = a.multipliedFullWidth(by: b)
                return Wide(low, high)
            }

            @inline(__always)
            mutating func add(_ a: UInt64, _ b: UInt64) {
                let (high, low) = a.multipliedFullWidth(by: b)
                let (sum, carry) = self.low.addingReportingOverflow(low)
                self.low = sum
                self.high = self.high &+ high &+ (carry ? 1 : 0)
            }

            @inline(__always)
            mutating func add(_ other: Wide) {
                let (sum, carry) = low.addingReportingOverflow(other.low)
                low = sum
                high = high &+ other.high &+ (carry ? 1 : 0)
            }

            @inline(__always)
            mutating func add(_ value: UInt64) {
                let (sum, carry) = low.addingReportingOverflow(value)
                low = sum
                high = high &+ (carry ? 1 : 0)
            }

            /// Removes and returns the low 52 bits, shifting the rest down.
            @inline(__always)
            mutating func take52() -> UInt64 {
                let taken = low & FieldElement.mask52
                low = low >> 52 | high << 12
                high >>= 52
                return taken
            }
        }

        /// 2^260 · 2^64 / 2^52 mod p = `fold260` · 2^12: the factor for the part of a column above
        /// 2^64, which lands one limb higher.
        static let fold260Shifted: UInt64 = 0x10_0000_3D10 << 12

        /// Reduces the nine columns of a product (each below 2^116) to magnitude 1.
        ///
        /// Since 2^260 ≡ `fold260`, column k + 5 joins column k multiplied by `fold260`. That
        /// product does not fit in 128 bits, so each high column is split at 2^64: the low word
        /// times `fold260` joins column k, the high word times `fold260`·2^12 joins column k + 1.
        /// One carry chain then runs over the five limbs; what it leaves above 2^260, and the
        /// top limb's bits above 48 (2^256 ≡ `fold256`), are folded into the lowest limb.
        @inline(__always)
        static func reduce(_ c0: Wide, _ c1: Wide, _ c2: Wide, _ c3: Wide, _ c4: Wide,
                           _ c5: Wide, _ c6: Wide, _ c7: Wide, _ c8: Wide) -> FieldElement {
            var sum = c0
            sum.add(c5.low, fold260)
            let r0 = sum.take52()
            sum.add(c1)
            sum.add(c6.low, fold260)
            sum.add(c5.high, fold260Shifted)
            var r1 = sum.take52()
            sum.add(c2)
            sum.add(c7.low, fold260)
            sum.add(c6.high, fold260Shifted)
            let r2 = sum.take52()
            sum.add(c3)
            sum.add(c8.low, fold260)
            sum.add(c7.high, fold260Shifted)
            let r3 = sum.take52()
            sum.add(c4)
            sum.add(c8.high, fold260Shifted)
            let r4Full = sum.take52()
            let top = sum.low  // bits 260 and up: below 2^64
            let r4 = r4Full & mask48

            var folded = Wide.product(top, fold260)
            folded.add(r4Full >> 48, fold256)
            folded.add(r0)
            let n0 = folded.take52()
            r1 &+= folded.low  // folded is now below 2^50
            return FieldElement(n0, r1, r2, r3, r4)
        }

        @inline(__always)
        private func checkMultiplicationInput() {
            assert(n0 >> 56 == 0 && n1 >> 56 == 0 && n2 >> 56 == 0 && n3 >> 56 == 0 && n4 >> 52 == 0,
                   "a field element of magnitude above 8 was multiplied")
        }

        /// The product mod p, of magnitude 1; both factors must have magnitude ≤ 8.
        ///
        /// Kept out of line: inlined into large callers, its own 128-bit products stop being
        /// inlined and cost more than the call.
        @inline(never)
        static func * (a: FieldElement, b: FieldElement) -> FieldElement {
            a.checkMultiplicationInput()
            b.checkMultiplicationInput()
            let c0 = Wide.product(a.n0, b.n0)
            var c1 = Wide.product(a.n0, b.n1)
            c1.add(a.n1, b.n0)
            var c2 = Wide.product(a.n0, b.n2)
            c2.add(a.n1, b.n1)
            c2.add(a.n2, b.n0)
            var c3 = Wide.product(a.n0, b.n3)
            c3.add(a.n1, b.n2)
            c3.add(a.n2, b.n1)
            c3.add(a.n3, b.n0)
            var c4 = Wide.product(a.n0, b.n4)
            c4.add(a.n1, b.n3)
            c4.add(a.n2, b.n2)
            c4.add(a.n3, b.n1)
            c4.add(a.n4, b.n0)
            var c5 = Wide.product(a.n1, b.n4)
            c5.add(a.n2, b.n3)
            c5.add(a.n3, b.n2)
            c5.add(a.n4, b.n1)
            var c6 = Wide.product(a.n2, b.n4)
            c6.add(a.n3, b.n3)
            c6.add(a.n4, b.n2)
            var c7 = Wide.product(a.n3, b.n4)
            c7.add(a.n4, b.n3)
            let c8 = Wide.product(a.n4, b.n4)
            return reduce(c0, c1, c2, c3, c4, c5, c6, c7, c8)
        }

        /// The square mod p, of magnitude 1; the element must have magnitude ≤ 8 (out of line, as `*`).
        @inline(never)
        func squared() -> FieldElement {
            checkMultiplicationInput()
            let d0 = n0 &* 2, d1 = n1 &* 2, d2 = n2 &* 2, d3 = n3 &* 2
            let c0 = Wide.product(n0, n0)
            let c1 = Wide.product(d0, n1)
            var c2 = Wide.product(d0, n2)
            c2.add(n1, n1)
            var c3 = Wide.product(d0, n3)
            c3.add(d1, n2)
            var c4 = Wide.product(d0, n4)
            c4.add(d1, n3)
            c4.add(n2, n2)
            var c5 = Wide.product(d1, n4)
            c5.add(d2, n3)
            var c6 = Wide.product(d2, n4)
            c6.add(n3, n3)
            let c7 = Wide.product(d3, n4)
            let c8 = Wide.product(n4, n4)
            return Self.reduce(c0, c1, c2, c3, c4, c5, c6, c7, c8)
        }

        /// The element squared `count` times in a row.
        @inline(__always)
        func squared(times count: Int) -> FieldElement {
            var result = self
            for _ in 0..<count { result = result.squared() }
            return result
        }

        // MARK: Reduction

        /// The same value with magnitude 1 (carries propagated, bits above 2^256 folded once).
        @inline(__always)
        func weaklyNormalized() -> FieldElement {
            var t0 = n0, t1 = n1, t2 = n2, t3 = n3, t4 = n4
            let top = t4 >> 48
            t4 &= Self.mask48
            t0 &+= top &* Self.fold256
            t1 &+= t0 >> 52; t0 &= Self.mask52
            t2 &+= t1 >> 52; t1 &= Self.mask52
            t3 &+= t2 >> 52; t2 &= Self.mask52
            t4 &+= t3 >> 52; t3 &= Self.mask52
            return FieldElement(t0, t1, t2, t3, t4)
        }

        /// The unique representative in [0, p), in 52-bit limbs.
        func normalized() -> FieldElement {
            var t = weaklyNormalized()
            // Now below 2^256 + 2^208 < 2p: subtract p at most once.
            let atLeastP = t.n4 >> 48 != 0
                || (t.n4 == Self.mask48 && t.n3 == Self.mask52 && t.n2 == Self.mask52 && t.n1 == Self.mask52 && t.n0 >= Self.p0)
            if atLeastP {
                t.n0 &+= Self.fold256
                t.n1 &+= t.n0 >> 52; t.n0 &= Self.mask52
                t.n2 &+= t.n1 >> 52; t.n1 &= Self.mask52
                t.n3 &+= t.n2 >> 52; t.n2 &= Self.mask52
                t.n4 &+= t.n3 >> 52; t.n3 &= Self.mask52
                t.n4 &= Self.mask48
            }
            return t
        }

        /// Whether the element is 0 mod p.
        var isZero: Bool {
            let t = normalized()
            return (t.n0 | t.n1 | t.n2 | t.n3 | t.n4) == 0
        }

        /// Whether the normalized value is odd; the element must be normalized.
        var isOdd: Bool { n0 & 1 == 1 }

        /// Whether both elements are the same mod p, whatever their magnitudes.
        func isEqual(to other: FieldElement) -> Bool {
            let a = normalized(), b = other.normalized()
            return a.n0 == b.n0 && a.n1 == b.n1 && a.n2 == b.n2 && a.n3 == b.n3 && a.n4 == b.n4
        }

        // MARK: Powers

        /// self^(2^k − 1) for the k the addition chains need, shared by the inverse and the root.
        private func powerChainBase() -> (x2: FieldElement, x22: FieldElement, x223: FieldElement) {
            let x2 = squared() * self
            let x3 = x2.squared() * self
            let x6 = x3.squared(times: 3) * x3
            let x9 = x6.squared(times: 3) * x3
            let x11 = x9.squared(times: 2) * x2
            let x22 = x11.squared(times: 11) * x11
            let x44 = x22.squared(times: 22) * x22
            let x88 = x44.squared(times: 44) * x44
            let x176 = x88.squared(times: 88) * x88
            let x220 = x176.squared(times: 44) * x44
            let x223 = x220.squared(times: 3) * x3
            return (x2, x22, x223)
        }

        /// self^(p − 2): the inverse, or 0 for 0. p − 2 in binary is 223 ones, a zero, 22 ones,
        /// then 0000101101.
        func inverse() -> FieldElement {
            let (x2, x22, x223) = powerChainBase()
            var t = x223.squared(times: 23) * x22
            t = t.squared(times: 5) * self
            t = t.squared(times: 3) * x2
            return t.squared(times: 2) * self
        }

        /// A square root when one exists: self^((p + 1)/4), since p ≡ 3 (mod 4). (p + 1)/4 in binary
        /// is 223 ones, a zero, 22 ones, then 00001100. Returns `nil` for a non-square.
        func squareRoot() -> FieldElement? {
            let (x2, x22, x223) = powerChainBase()
            var t = x223.squared(times: 23) * x22
            t = t.squared(times: 6) * x2
            let root = t.squared(times: 2)
            return root.squared().isEqual(to: self) ? root : nil
        }
    }
}
