/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1
/// (ISO/IEC 18004, 7.5.2).
struct ReedSolomonEncoder: Sendable {
    /// The generator polynomial's coefficients below the leading 1, highest degree first, as
    /// logarithms; ``zeroLogarithm`` for a zero coefficient.
    private let generatorLogarithms: [Int]

    /// What ``generatorLogarithms`` holds for a zero coefficient: past every sum of two
    /// logarithms, where ``exponents`` holds zeros.
    private static let zeroLogarithm = 512

    /// Powers of α, twice over so that a sum of two logarithms needs no reduction, then zeros
    /// for the sums with ``zeroLogarithm``.
    private static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: zeroLogarithm + 255)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for index in 255..<510 { table[index] = table[index - 255] }
        return table
    }()

    /// Logarithms to base α (index 0 unused).
    private static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exponents[index])] = index }
        return table
    }()

    /// The product of two field elements.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        if left == 0 || right == 0 { return 0 }
        return exponents[logarithms[Int(left)] + logarithms[Int(right)]]
    }

    /// Encoders by degree, built once each.
    private static let cache: [ReedSolomonEncoder] = (0...30).map { ReedSolomonEncoder(degree: $0) }

    /// The encoder for `degree` error-correction codewords (at most 30 in a QR code).
    static func forDegree(_ degree: Int) -> ReedSolomonEncoder { cache[degree] }

    private init(degree: Int) {
        // (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest degree first without the leading 1.
        var coefficients = [UInt8](repeating: 0, count: degree)
        if degree > 0 { coefficients[degree - 1] = 1 }
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = Self.multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = Self.multiply(root, 2)
        }
        generatorLogarithms = coefficients.map { $0 == 0 ? Self.zeroLogarithm : Self.logarithms[Int($0)] }
    }

    /// The error-correction codewords of `data`: the remainder of data · x^degree by the generator.
    func remainder(of data: ArraySlice<UInt8>) -> [UInt8] {
        let degree = generatorLogarithms.count
        var result = [UInt8](repeating: 0, count: degree)
        guard degree > 0 else { return result }
        // The remainder is a ring: `head` is where its highest coefficient sits, so shifting it
        // down one degree for the next byte moves no bytes.
        var head = 0
        Self.exponents.withUnsafeBufferPointer { exponents in
            Self.logarithms.withUnsafeBufferPointer { logarithms in
                generatorLogarithms.withUnsafeBufferPointer { generator in
                    result.withUnsafeMutableBufferPointer { remainder in
                        for byte in data {
                            let factor = byte ^ remainder[head]
                            remainder[head] = 0
                            head = head + 1 == degree ? 0 : head + 1
                            guard factor != 0 else { continue }
                            let factorLogarithm = logarithms[Int(factor)]
                            var slot = head
                            for index in 0..<degree {
                                remainder[slot] ^= exponents[generator[index] + factorLogarithm]
                                slot = slot + 1 == degree ? 0 : slot + 1
                            }
                        }
                    }
                }
            }
        }
        return Array(result[head...] + result[..<head])
    }
}
