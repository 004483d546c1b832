/// libjpeg's accurate integer inverse DCT ("islow", jidctint.c: the Loeffler–Ligtenberg–Moschytz algorithm
/// with 13-bit constants, 2 extra bits kept between the passes), reproduced operation for operation so that the
/// samples equal djpeg's. 32-bit arithmetic wraps as it does in libjpeg on 32-bit machines.
enum JPEGInverseDCT {
    static let fix0_298631336: Int32 = 2446
    static let fix0_390180644: Int32 = 3196
    static let fix0_541196100: Int32 = 4433
    static let fix0_765366865: Int32 = 6270
    static let fix0_899976223: Int32 = 7373
    static let fix1_175875602: Int32 = 9633
    static let fix1_501321110: Int32 = 12299
    static let fix1_847759065: Int32 = 15137
    static let fix1_961570560: Int32 = 16069
    static let fix2_053119869: Int32 = 16819
    static let fix2_562915447: Int32 = 20995
    static let fix3_072711026: Int32 = 25172

    /// One 8×8 butterfly on `input[0], input[stride], …, input[7 × stride]`; results descaled by `shift` bits
    /// (with rounding) into `output[0], output[outputStride], …` in the same order.
    @inline(__always)
    private static func butterfly(_ v0: Int32, _ v1: Int32, _ v2: Int32, _ v3: Int32, _ v4: Int32, _ v5: Int32,
                                  _ v6: Int32, _ v7: Int32, shift: Int32, _ store: (Int, Int32) -> Void) {
        // Even part.
        let z1 = (v2 &+ v6) &* fix0_541196100
        let even2 = z1 &+ v6 &* -fix1_847759065
        let even3 = z1 &+ v2 &* fix0_765366865
        let even0 = (v0 &+ v4) << 13
        let even1 = (v0 &- v4) << 13
        let tmp10 = even0 &+ even3, tmp13 = even0 &- even3, tmp11 = even1 &+ even2, tmp12 = even1 &- even2
        // Odd part.
        let odd1z = v7 &+ v1, odd2z = v5 &+ v3, odd3z = v7 &+ v3, odd4z = v5 &+ v1
        let z5 = (odd3z &+ odd4z) &* fix1_175875602
        let z1m = odd1z &* -fix0_899976223, z2m = odd2z &* -fix2_562915447
        let z3m = odd3z &* -fix1_961570560 &+ z5, z4m = odd4z &* -fix0_390180644 &+ z5
        let tmp0 = v7 &* fix0_298631336 &+ z1m &+ z3m
        let tmp1 = v5 &* fix2_053119869 &+ z2m &+ z4m
        let tmp2 = v3 &* fix3_072711026 &+ z2m &+ z3m
        let tmp3 = v1 &* fix1_501321110 &+ z1m &+ z4m
        let round: Int32 = 1 << (shift - 1)
        store(0, (tmp10 &+ tmp3 &+ round) >> shift)
        store(7, (tmp10 &- tmp3 &+ round) >> shift)
        store(1, (tmp11 &+ tmp2 &+ round) >> shift)
        store(6, (tmp11 &- tmp2 &+ round) >> shift)
        store(2, (tmp12 &+ tmp1 &+ round) >> shift)
        store(5, (tmp12 &- tmp1 &+ round) >> shift)
        store(3, (tmp13 &+ tmp0 &+ round) >> shift)
        store(4, (tmp13 &- tmp0 &+ round) >> shift)
    }

    /// libjpeg's post-IDCT range limit (the part of its `sample_range_limit` table from `CENTERJSAMPLE` on):
    /// entry `value & 1023` is the value + 128 clamped to 0…255, the value taken modulo 1024 first as libjpeg's
    /// lookup does — 128 … 255, then 384 entries of 255, 384 of 0, then 0 … 127 (jdmaster.c's layout). Built
    /// once per picture.
    static func rangeLimitTable() -> [UInt8] {
        (0..<1024).map { index in
            if index < 128 { return UInt8(index + 128) }
            if index < 512 { return 255 }
            if index < 896 { return 0 }
            return UInt8(index - 896)
        }
    }

    /// Dequantizes (`quantization`: 64 factors in natural order) and transforms the 64 coefficients at
    /// `coefficients` into 8×8 samples at `output` (`stride` bytes a row), through `rangeLimit`
    /// (`rangeLimitTable()`). As jidctint.c, a column or row whose AC terms are all zero is filled from its DC
    /// term alone, which is what the butterfly gives for it.
    static func transform(_ coefficients: UnsafePointer<Int16>, quantization: UnsafePointer<Int32>,
                          workspace: UnsafeMutablePointer<Int32>, rangeLimit: UnsafePointer<UInt8>,
                          into output: UnsafeMutablePointer<UInt8>, stride: Int) {
        for column in 0..<8 {
            let input = coefficients + column
            @inline(__always) func value(_ row: Int) -> Int32 {
                Int32(input[row &* 8]) &* quantization[row &* 8 &+ column]
            }
            if input[8] | input[16] | input[24] | input[32] | input[40] | input[48] | input[56] == 0 {
                let dc = value(0) << 2
                for row in 0..<8 { workspace[row &* 8 &+ column] = dc }
                continue
            }
            butterfly(value(0), value(1), value(2), value(3), value(4), value(5), value(6), value(7), shift: 11) {
                workspace[$0 &* 8 &+ column] = $1
            }
        }
        for row in 0..<8 {
            let w = workspace + row &* 8
            let out = output + row &* stride
            if w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7] == 0 {
                let sample = rangeLimit[Int((w[0] &+ 16) >> 5) & 1023]
                out.update(repeating: sample, count: 8)
                continue
            }
            butterfly(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], shift: 18) {
                out[$0] = rangeLimit[Int($1) & 1023]
            }
        }
    }
}
