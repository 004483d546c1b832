import Testing
@testable import Raster

/// The image path's one-rounding arithmetic against `Double` models of the same formulas: the wide bilinear
/// sample (`BilinearImage`) and the blend `round(d + f × (s − d × a / 255))` (`ImageBlend`).
@Suite struct ImageBlendTests {
    static let q24 = 16_777_216.0

    /// A random premultiplied ARGB word (alpha anywhere in 0 ... 255, colours ≤ alpha).
    static func premultiplied(_ random: inout XorShift32) -> UInt32 {
        let alpha = UInt32(random.next(below: 256))
        var word = alpha << 24
        for shift: UInt32 in [16, 8, 0] { word |= UInt32(random.next(below: Int(alpha) + 1)) << shift }
        return word
    }

    /// Before its rounding, the blend is within 2^-15 of an 8-bit step of the exact formula on its Q24
    /// inputs, and the stored byte is that value rounded to nearest; 200,000 seeded draws, including the
    /// extremes (f = 0 and 2^24, a = 0 and 255 × 2^24, d = 0 and 255).
    @Test func blendIsWithinItsBoundOfTheExactFormula() {
        let seed: UInt32 = 0x0B1E_4D24
        print("ImageBlendTests.blendIsWithinItsBoundOfTheExactFormula seed \(seed)")
        var random = XorShift32(seed: seed)
        func q24Value(below limit: Int64) -> Int64 {
            switch random.next(below: 8) {
            case 0: return 0
            case 1: return limit
            default: return (Int64(random.next()) << 24 | Int64(random.next() >> 8)) % (limit + 1)
            }
        }
        var worst = 0.0
        for _ in 0..<200_000 {
            let destination = UInt32(random.next(below: 8) == 0 ? 255 * random.next(below: 2) : random.next(below: 256))
            let alpha = q24Value(below: 255 << 24), colour = q24Value(below: alpha), factor = q24Value(below: 1 << 24)
            let ratio = UInt64(alpha) * ImageBlend.reciprocal255
            let blended = ImageBlend.blendedQ24(destination, colour: colour, alphaOver255: ratio, factor: factor)
            let d = Double(destination), s = Double(colour) / Self.q24, a = Double(alpha) / Self.q24
            let exact = d + Double(factor) / Self.q24 * (s - d * a / 255)
            worst = max(worst, abs(Double(blended) / Self.q24 - exact))
            let stored = ImageBlend.channel(destination, colour: colour, alphaOver255: ratio, factor: factor)
            #expect(stored == UInt32((Double(blended) / Self.q24).rounded()), "d \(destination) s \(colour) a \(alpha) f \(factor)")
        }
        print("ImageBlendTests: worst blend error \(worst) of an 8-bit step (bound 2^-15 = \(1.0 / 32_768))")
        #expect(worst <= 1.0 / 32_768)
    }

    /// The wide bilinear sample is within 0.006 of an 8-bit step of the exact reconstruction at the same Q24
    /// position (the position rounded to 1/65,536 texel: ≤ 2 × 255 × 2^-17; the horizontal interpolations
    /// rounded to Q8: ≤ 2^-9), for random premultiplied texels, including transparent and opaque ones.
    @Test func wideSampleIsWithinItsBoundOfExactBilinear() {
        let seed: UInt32 = 0x5A4D_B11E
        print("ImageBlendTests.wideSampleIsWithinItsBoundOfExactBilinear seed \(seed)")
        var random = XorShift32(seed: seed)
        let width = 6, height = 5
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        defer { pixels.deallocate() }
        var worst = 0.0
        for round in 0..<40 {
            for index in 0..<width * height {
                pixels[index] = round % 4 == 0 ? (random.next(below: 2) == 0 ? 0 : 0xFFFF_FFFF) : Self.premultiplied(&random)
            }
            let image = BilinearImage(pixels: pixels, strideWords: width, width: width, height: height, clampsToEdge: true)
            for _ in 0..<1_000 {
                let s = Int64(random.next()) % (Int64(width + 2) << 24) - (1 << 24)
                let t = Int64(random.next()) % (Int64(height + 2) << 24) - (1 << 24)
                let sample = image.sample(s: s, t: t)
                let model = Self.bilinear(pixels, width: width, height: height, s: Double(s) / Self.q24, t: Double(t) / Self.q24)
                let wide = [sample.red, sample.green, sample.blue, sample.alpha].map { Double($0) / Self.q24 }
                for channel in 0..<4 { worst = max(worst, abs(wide[channel] - model[channel])) }
                #expect(sample.red <= sample.alpha && sample.green <= sample.alpha && sample.blue <= sample.alpha)
            }
        }
        print("ImageBlendTests: worst sample error \(worst) of an 8-bit step (bound 0.006)")
        #expect(worst <= 0.006)
    }

    /// Exact bilinear reconstruction with clamped texel addressing (texel centres at integers): red, green,
    /// blue, alpha.
    static func bilinear(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int, s: Double, t: Double) -> [Double] {
        let x = Int(s.rounded(.down)), y = Int(t.rounded(.down))
        let fx = s - Double(x), fy = t - Double(y)
        func texel(_ tx: Int, _ ty: Int, _ shift: UInt32) -> Double {
            Double((pixels[min(max(ty, 0), height - 1) * width + min(max(tx, 0), width - 1)] >> shift) & 0xFF)
        }
        return [16, 8, 0, 24].map { (shift: UInt32) -> Double in
            let top = texel(x, y, shift) * (1 - fx) + texel(x + 1, y, shift) * fx
            let bottom = texel(x, y + 1, shift) * (1 - fx) + texel(x + 1, y + 1, shift) * fx
            return top * (1 - fy) + bottom * fy
        }
    }
}

extension ImageBlendTests {
    /// The whole-sample path (factor 2^24, four channels in SIMD lanes) onto 8888 and 5-6-5 pixels: every
    /// stored byte is the exact formula's value rounded, unless that value lies within 2^-15 of a rounding
    /// boundary (then either neighbour); 5-6-5 fields are that byte narrowed to nearest. 100,000 seeded draws.
    @Test func wholeSamplesStoreTheExactFormulaRoundedOnce() {
        let seed: UInt32 = 0x3E11_0565
        print("ImageBlendTests.wholeSamplesStoreTheExactFormulaRoundedOnce seed \(seed)")
        var random = XorShift32(seed: seed)
        func q24(below limit: UInt64) -> UInt64 {
            random.next(below: 8) == 0 ? limit : (UInt64(random.next()) << 24 | UInt64(random.next() >> 8)) % (limit + 1)
        }
        func allowed(_ exact: Double, bits: Int) -> [UInt32] {
            [exact - 1.0 / 32_768, exact + 1.0 / 32_768].map { value in
                let byte = UInt32(min(max(value, 0), 255).rounded())
                return bits == 8 ? byte : ChannelMath.narrow(byte, toBits: bits)
            }
        }
        for _ in 0..<100_000 {
            let alpha = q24(below: 255 << 24)
            let red = q24(below: alpha), green = q24(below: alpha), blue = q24(below: alpha)
            let sample = WideTexel(lanes: SIMD4(UInt32(blue), UInt32(green), UInt32(red), UInt32(alpha)))
            let destination = Self.premultiplied(&random), packed = UInt16(truncatingIfNeeded: random.next())
            let a = Double(alpha) / Self.q24
            func exact(_ d: UInt32, _ s: UInt64) -> Double { Double(d) + Double(s) / Self.q24 - Double(d) * a / 255 }
            let word = ImageBlend.over8888(destination, sample: sample, factor: 1 << 24, blendsAlpha: true)
            for (shift, colour) in [(UInt32(24), alpha), (16, red), (8, green), (0, blue)] {
                let d = (destination >> shift) & 0xFF
                #expect(allowed(exact(d, colour), bits: 8).contains((word >> shift) & 0xFF), "8888 d \(d) s \(colour) a \(alpha)")
            }
            let pixel = UInt32(ImageBlend.over565(packed, sample: sample, factor: 1 << 24, redHigh: true))
            let fields: [(shift: UInt32, bits: Int, colour: UInt64)] = [(11, 5, red), (5, 6, green), (0, 5, blue)]
            for field in fields {
                let stored = (UInt32(packed) >> field.shift) & ((1 << UInt32(field.bits)) - 1)
                let d = ChannelMath.widen(stored, fromBits: field.bits)
                let result = (pixel >> field.shift) & ((1 << UInt32(field.bits)) - 1)
                #expect(allowed(exact(d, field.colour), bits: field.bits).contains(result), "565 d \(d) s \(field.colour) a \(alpha)")
            }
        }
    }
}
