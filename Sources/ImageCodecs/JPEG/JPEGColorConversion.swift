/// libjpeg's YCbCr→RGB (jdcolor.c's `ycc_rgb_convert`, the constants of its `build_ycc_rgb_table`: 91881,
/// 116130, 46802 and 22554 scaled by 2^16, rounded by +½) eight pixels at a time. Each constant is split into a
/// multiple of 2^16, taken as a shift, and a rest that fits in 16 bits, so that the products are 16 × 16 → 32
/// bits; the sums equal the tables' exactly.
enum JPEGColorConversion {
    private typealias Lanes = SIMD8<Int16>
    private typealias Wide = SIMD8<Int32>

    /// Converts `width` pixels of the full-resolution rows `luma`, `cb` and `cr` to opaque RGBA at `output`, one
    /// 32-bit pixel every `step` bytes. Each row must be readable up to `width` rounded up to a multiple of 8;
    /// only the `width` pixels are written.
    static func convert(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, width: Int,
                        into output: UnsafeMutableRawPointer, step: Int) {
        @inline(__always) func load(_ row: UnsafePointer<UInt8>, _ x: Int) -> Lanes {
            Lanes(widening: UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        // (c × constant + 2^15) >> 16, the product 16 × 16 → 32 bits.
        @inline(__always) func rounded(_ value: Wide) -> Lanes {
            Lanes(truncating: (value &+ Wide(repeating: 32_768)) &>> 16)
        }
        @inline(__always) func times(_ value: Lanes, _ constant: Int32) -> Wide {
            value.widened &* Wide(repeating: constant)
        }
        @inline(__always) func clamped(_ value: Lanes) -> Lanes {
            value.clamped(lowerBound: .zero, upperBound: Lanes(repeating: 255))
        }
        // Pixels x…x+7 as two vectors of four RGBA pixels.
        @inline(__always) func pixels(_ x: Int) -> (Lanes, Lanes) {
            let y = load(luma, x), b = load(cb, x) &- 128, r = load(cr, x) &- 128
            // 91881 = 2^16 + 26345, 116130 = 2^17 − 14942, −46802 = −2^16 + 18734.
            let red = clamped(y &+ r &+ rounded(times(r, 26_345)))
            let green = clamped(y &- r &+ rounded(times(r, 18_734) &+ times(b, -22_554)))
            let blue = clamped(y &+ (b &<< 1) &+ rounded(times(b, -14_942)))
            // Byte pairs (red, green) and (blue, 255), interleaved into four pixels a vector.
            let redGreen = red | green &<< 8, blueAlpha = blue | Lanes(repeating: -256)
            return (redGreen.interleavedLow(blueAlpha), redGreen.interleavedHigh(blueAlpha))
        }
        var out = output
        var x = 0
        if step == 4 {
            while x &+ 8 <= width {
                let (first, second) = pixels(x)
                out.storeBytes(of: first, as: Lanes.self)
                (out + 16).storeBytes(of: second, as: Lanes.self)
                out += 32
                x &+= 8
            }
        }
        // A turned picture's pixels, and the last partial vector: one 32-bit store a pixel.
        while x < width {
            let (first, second) = pixels(x)
            let low = unsafeBitCast(first, to: SIMD4<UInt32>.self), high = unsafeBitCast(second, to: SIMD4<UInt32>.self)
            for lane in 0..<min(8, width &- x) {
                out.storeBytes(of: lane < 4 ? low[lane] : high[lane &- 4], as: UInt32.self)
                out += step
            }
            x &+= 8
        }
    }
}
