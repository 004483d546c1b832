@testable import ImageCodecs
import Testing

/// The vector inverse DCT against the scalar one (`JPEGInverseDCT`, which the corpus holds to djpeg): on
/// 100,000 seeded random blocks of small, typical and extreme coefficients under small and large factors,
/// every block it takes gives the scalar transform's bytes, and it declines the blocks outside its range.
@Suite struct JPEGVectorInverseDCTTests {
    @Test func takenBlocksEqualTheScalarTransform() {
        var state: UInt64 = 0x5EED_0013
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let rangeLimit = JPEGInverseDCT.rangeLimitTable()
        var workspace = [Int32](repeating: 0, count: 64)
        var taken = 0, declined = 0, mismatches = 0
        for trial in 0..<100_000 {
            // Magnitudes from DC-only blocks to ±32767; factors 1…255, and 16-bit ones now and then.
            let magnitude = [1, 4, 64, 512, 2048, 32767][trial % 6]
            let largestFactor = trial % 7 == 0 ? 32767 : 255
            let density = next() % 64
            let coefficients = (0..<64).map { index -> Int16 in
                index == 0 || next() % 64 < density ? Int16(next() % (2 * magnitude + 1) - magnitude) : 0
            }
            let quantization = (0..<64).map { _ in UInt16(1 + next() % largestFactor) }
            let factors = JPEGVectorInverseDCT.factors(quantization: quantization)!
            var scalar = [UInt8](repeating: 0, count: 64), vector = [UInt8](repeating: 0, count: 64)
            let wide = quantization.map { Int32($0) }
            JPEGInverseDCT.transform(coefficients, quantization: wide, workspace: &workspace, rangeLimit: rangeLimit,
                                     into: &scalar, stride: 8)
            if JPEGVectorInverseDCT.transform(coefficients, factors: factors, into: &vector, stride: 8) {
                taken += 1
                if vector != scalar { mismatches += 1 }
            } else {
                declined += 1
            }
        }
        #expect(mismatches == 0)
        #expect(taken > 10_000 && declined > 10_000, "taken \(taken), declined \(declined)")
    }

    @Test func sixteenBitFactorsAreLeftToTheScalarTransform() {
        #expect(JPEGVectorInverseDCT.factors(quantization: [UInt16](repeating: 40_000, count: 64)) == nil)
        #expect(JPEGVectorInverseDCT.factors(quantization: [UInt16](repeating: 0, count: 64))?[64] == Int16.max)
    }
}
