extension Secp256k1 {
    /// The odd multiples G, 3G, …, (2^(w−1) − 1)G of the generator in affine coordinates, for the
    /// generator's part of a multiplication with a wNAF window of w.
    ///
    /// The table is computed when first used instead of shipped as data: 2^(w−2) points of 80
    /// bytes in memory, built with one inversion (see ``OddMultiples``). ``shared`` uses
    /// ``defaultWindow``; `bench/nostr-verify.sh` measures the trade-off between windows.
    struct GeneratorTable: Sendable {
        /// The wNAF window the table serves.
        let window: Int
        /// (2i + 1)·G at index i, normalized.
        let points: [AffinePoint]

        /// The window of ``shared``: 2^(8−2) = 64 points, 5 KiB, built in about 0.04 ms. A clip
        /// verifies a few events per launch, so the table's build counts more than the rate: window
        /// 12 verifies about 4 % faster but its 1,024 points take 0.46 ms to build, half of the
        /// RoadFlare clip's own launch work (BENCHMARKS.md, "Launch work").
        static let defaultWindow = 8

        /// The table every verification uses, built once, on first use.
        static let shared = GeneratorTable(window: defaultWindow)

        /// Builds the table for `window` (2…20).
        init(window: Int) {
            precondition((2...20).contains(window), "the generator table's window must be 2 to 20")
            self.window = window
            let count = 1 << (window - 2)
            var globalZ = FieldElement.one
            var points = [AffinePoint](unsafeUninitializedCapacity: count) { table, initialized in
                let ratios = UnsafeMutableBufferPointer<FieldElement>.allocate(capacity: count)
                defer { ratios.deallocate() }
                globalZ = OddMultiples.build(of: .generator, into: table, ratios: ratios)
                initialized = count
            }
            // One inversion takes the entries off the isomorphic curve.
            let zInverse = globalZ.inverse()
            let zInverse2 = zInverse.squared()
            let zInverse3 = zInverse2 * zInverse
            for index in points.indices {
                points[index] = AffinePoint(x: (points[index].x * zInverse2).normalized(), y: (points[index].y * zInverse3).normalized())
            }
            self.points = points
        }
    }
}
