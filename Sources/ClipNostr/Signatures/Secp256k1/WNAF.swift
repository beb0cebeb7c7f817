extension Secp256k1 {
    /// The width-w non-adjacent form of a scalar: digits that are zero or odd with
    /// |digit| < 2^(w−1), any two non-zero digits at least w positions apart, Σ digit_i·2^i = k.
    enum WNAF {
        /// The most digits a scalar of up to 256 bits can need.
        static let maximumDigits = 258

        /// Writes the digits of `value` (negated when `isNegative`) into `digits`, which must hold
        /// ``maximumDigits`` zeros, and returns how many positions are used (the highest non-zero
        /// digit's index + 1, or 0 for zero). `window` is 2…31.
        static func write(_ value: Scalar, isNegative: Bool, window: Int, into digits: UnsafeMutablePointer<Int32>) -> Int {
            precondition(window >= 2 && window <= 31, "a wNAF window is 2 to 31 bits")
            let length = value.bitWidth + 1
            let sign: Int32 = isNegative ? -1 : 1
            var carry: UInt32 = 0
            var bit = 0
            var used = 0
            while bit < length {
                if value.bits(at: bit, count: 1) == carry {
                    bit += 1
                    continue
                }
                let count = min(window, length - bit)
                var word = value.bits(at: bit, count: count) &+ carry
                carry = (word >> UInt32(window - 1)) & 1
                word = word &- (carry << UInt32(window))
                digits[bit] = sign &* Int32(bitPattern: word)
                used = bit + 1
                bit += count
            }
            assert(carry == 0, "wNAF left a carry")
            return used
        }
    }
}
