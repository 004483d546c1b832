/// The islow inverse DCT of ``JPEGInverseDCT`` on eight lanes at once, its sums kept in 16 bits and its
/// products taken 16 × 16 → 32 bits (`pmullw`/`pmulhw` on x86-64's baseline, which has no 32-bit vector
/// multiply), as libjpeg-turbo's SSE2 islow does. A block is only taken when that is exact: every dequantized
/// coefficient and every value between the passes within ±8191, so that no 16-bit sum of four overflows and
/// each 32-bit result equals the scalar transform's. Otherwise it declines and the scalar transform runs.
enum JPEGVectorInverseDCT {
    typealias Lanes = SIMD8<Int16>
    typealias Wide = SIMD8<Int32>

    /// The largest magnitude a butterfly input may have (four of them summed still fit in `Int16`).
    private static let inputLimit: Int16 = 8191

    /// A component's factors for `transform`: the 64 quantization factors, then for each the largest
    /// coefficient magnitude whose product stays within `inputLimit` (natural order, 128 values). Nil when a
    /// factor does not fit in `Int16` (16-bit tables): then the scalar transform runs.
    static func factors(quantization: [UInt16]) -> [Int16]? {
        guard quantization.allSatisfy({ $0 <= UInt16(Int16.max) }) else { return nil }
        return quantization.map { Int16($0) } + quantization.map { $0 == 0 ? Int16.max : inputLimit / Int16($0) }
    }

    /// Dequantizes (`factors`: `factors(quantization:)`) and transforms the 64 coefficients at `coefficients`
    /// into 8×8 samples at `output` (`stride` bytes a row), as `JPEGInverseDCT.transform` does (the butterfly
    /// gives what its all-zero shortcuts give, within this range); false, having written nothing, when the
    /// block is outside the exact range.
    /// Never inlined, and its lane conversions spelled lane by lane (`JPEGLaneConversion.swift`): the standard
    /// library's generic ones stayed an outlined call per vector in the package's release build.
    @inline(never)
    static func transform(_ coefficients: UnsafePointer<Int16>, factors: UnsafePointer<Int16>,
                          into output: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        // A lane's sign bit is set once a coefficient was outside its limit (either difference negative).
        var outside = Lanes()
        @inline(__always) func load(_ pointer: UnsafePointer<Int16>, _ row: Int) -> Lanes {
            UnsafeRawPointer(pointer + row &* 8).loadUnaligned(as: Lanes.self)
        }
        // Pass 1: a lane a column, a vector a row of coefficients.
        @inline(__always) func input(_ row: Int) -> Lanes {
            let value = load(coefficients, row)
            let limit = load(factors + 64, row)
            outside |= (limit &- value) | (value &+ limit)
            return value &* load(factors, row)
        }
        let c0 = input(0), c1 = input(1), c2 = input(2), c3 = input(3)
        let c4 = input(4), c5 = input(5), c6 = input(6), c7 = input(7)
        guard !anyBitSet(outside, 0x8000_8000_8000_8000) else { return false }
        let columns = butterfly(c0, c1, c2, c3, c4, c5, c6, c7, shift: 11)
        // Between the passes: each value within the limit, then a lane a row.
        var wide = Wide()
        @inline(__always) func narrow(_ value: Wide) -> Lanes {
            wide |= value &+ Wide(repeating: Int32(inputLimit) &+ 1)
            return Lanes(truncating: value)
        }
        let rows = transpose(narrow(columns.0), narrow(columns.1), narrow(columns.2), narrow(columns.3),
                             narrow(columns.4), narrow(columns.5), narrow(columns.6), narrow(columns.7))
        guard !anyBitSet(unsafeBitCast(wide.lowHalf | wide.highHalf, to: Lanes.self), 0xFFFF_C000_FFFF_C000) else { return false }
        let samples = butterfly(rows.0, rows.1, rows.2, rows.3, rows.4, rows.5, rows.6, rows.7, shift: 18)
        // The range limit of `JPEGInverseDCT.rangeLimitTable()`: the value modulo 1024 read as signed, + 128,
        // clamped to 0…255.
        @inline(__always) func limited(_ value: Wide) -> Lanes {
            let sample = (Lanes(truncating: value) &<< 6) &>> 6 &+ 128
            return sample.clamped(lowerBound: .zero, upperBound: Lanes(repeating: 255))
        }
        let out = transpose(limited(samples.0), limited(samples.1), limited(samples.2), limited(samples.3),
                            limited(samples.4), limited(samples.5), limited(samples.6), limited(samples.7))
        @inline(__always) func store(_ row: Int, _ value: Lanes) {
            let bytes = SIMD8<UInt8>(truncating: value)
            UnsafeMutableRawPointer(output + row &* stride).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
        }
        store(0, out.0); store(1, out.1); store(2, out.2); store(3, out.3)
        store(4, out.4); store(5, out.5); store(6, out.6); store(7, out.7)
        return true
    }

    /// True when `value` has any of `bits` set in either 64-bit half (one test instead of a loop over lanes).
    @inline(__always)
    private static func anyBitSet(_ value: Lanes, _ bits: UInt64) -> Bool {
        let halves = unsafeBitCast(value, to: SIMD2<UInt64>.self)
        return (halves[0] | halves[1]) & bits != 0
    }

    /// Eight 8-point islow butterflies, one a lane, on inputs within ±`inputLimit`; results descaled by `shift`
    /// bits (with rounding), in output order 0…7.
    @inline(__always)
    private static func butterfly(_ v0: Lanes, _ v1: Lanes, _ v2: Lanes, _ v3: Lanes, _ v4: Lanes, _ v5: Lanes,
                                  _ v6: Lanes, _ v7: Lanes, shift: Int32)
        -> (Wide, Wide, Wide, Wide, Wide, Wide, Wide, Wide) {
        // A 16-bit value widened, times a constant that fits in 16 bits: LLVM multiplies it 16 × 16 → 32.
        @inline(__always) func times(_ value: Lanes, _ constant: Int32) -> Wide {
            value.widened &* Wide(repeating: constant)
        }
        typealias F = JPEGInverseDCT
        // Even part.
        let z1 = times(v2 &+ v6, F.fix0_541196100)
        let even2 = z1 &+ times(v6, -F.fix1_847759065)
        let even3 = z1 &+ times(v2, F.fix0_765366865)
        let even0 = (v0 &+ v4).widened &<< 13
        let even1 = (v0 &- v4).widened &<< 13
        let tmp10 = even0 &+ even3, tmp13 = even0 &- even3, tmp11 = even1 &+ even2, tmp12 = even1 &- even2
        // Odd part.
        let odd1z = v7 &+ v1, odd2z = v5 &+ v3, odd3z = v7 &+ v3, odd4z = v5 &+ v1
        let z5 = times(odd3z &+ odd4z, F.fix1_175875602)
        let z1m = times(odd1z, -F.fix0_899976223), z2m = times(odd2z, -F.fix2_562915447)
        let z3m = times(odd3z, -F.fix1_961570560) &+ z5, z4m = times(odd4z, -F.fix0_390180644) &+ z5
        let tmp0 = times(v7, F.fix0_298631336) &+ z1m &+ z3m
        let tmp1 = times(v5, F.fix2_053119869) &+ z2m &+ z4m
        let tmp2 = times(v3, F.fix3_072711026) &+ z2m &+ z3m
        let tmp3 = times(v1, F.fix1_501321110) &+ z1m &+ z4m
        let round = Wide(repeating: 1 &<< (shift &- 1))
        return ((tmp10 &+ tmp3 &+ round) &>> shift, (tmp11 &+ tmp2 &+ round) &>> shift,
                (tmp12 &+ tmp1 &+ round) &>> shift, (tmp13 &+ tmp0 &+ round) &>> shift,
                (tmp13 &- tmp0 &+ round) &>> shift, (tmp12 &- tmp1 &+ round) &>> shift,
                (tmp11 &- tmp2 &+ round) &>> shift, (tmp10 &- tmp3 &+ round) &>> shift)
    }

    /// The 8×8 transpose of eight rows: interleaving 16-, 32- and 64-bit lanes (`punpck*`).
    @inline(__always)
    private static func transpose(_ r0: Lanes, _ r1: Lanes, _ r2: Lanes, _ r3: Lanes, _ r4: Lanes, _ r5: Lanes,
                                  _ r6: Lanes, _ r7: Lanes) -> (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) {
        typealias Pairs = SIMD4<Int32>
        @inline(__always) func low32(_ a: Lanes, _ b: Lanes) -> Lanes {
            let x = unsafeBitCast(a, to: Pairs.self), y = unsafeBitCast(b, to: Pairs.self)
            return unsafeBitCast(Pairs(x[0], y[0], x[1], y[1]), to: Lanes.self)
        }
        @inline(__always) func high32(_ a: Lanes, _ b: Lanes) -> Lanes {
            let x = unsafeBitCast(a, to: Pairs.self), y = unsafeBitCast(b, to: Pairs.self)
            return unsafeBitCast(Pairs(x[2], y[2], x[3], y[3]), to: Lanes.self)
        }
        typealias Halves = SIMD2<Int64>
        @inline(__always) func low64(_ a: Lanes, _ b: Lanes) -> Lanes {
            let x = unsafeBitCast(a, to: Halves.self), y = unsafeBitCast(b, to: Halves.self)
            return unsafeBitCast(Halves(x[0], y[0]), to: Lanes.self)
        }
        @inline(__always) func high64(_ a: Lanes, _ b: Lanes) -> Lanes {
            let x = unsafeBitCast(a, to: Halves.self), y = unsafeBitCast(b, to: Halves.self)
            return unsafeBitCast(Halves(x[1], y[1]), to: Lanes.self)
        }
        let a = r0.interleavedLow(r1), b = r0.interleavedHigh(r1), c = r2.interleavedLow(r3), d = r2.interleavedHigh(r3)
        let e = r4.interleavedLow(r5), f = r4.interleavedHigh(r5), g = r6.interleavedLow(r7), h = r6.interleavedHigh(r7)
        let ac0 = low32(a, c), ac1 = high32(a, c), bd0 = low32(b, d), bd1 = high32(b, d)
        let eg0 = low32(e, g), eg1 = high32(e, g), fh0 = low32(f, h), fh1 = high32(f, h)
        return (low64(ac0, eg0), high64(ac0, eg0), low64(ac1, eg1), high64(ac1, eg1),
                low64(bd0, fh0), high64(bd0, fh0), low64(bd1, fh1), high64(bd1, fh1))
    }
}
