import Testing
@testable import Raster
import FixedPoint

@Suite struct ChannelMathTests {
    @Test func divideBy255IsRoundToNearestOverEveryProductAndBeyond() {
        for x in UInt32(0)...65535 {
            let expected = roundedByte(Double(x) / 255)
            if ChannelMath.divideBy255(x) != expected {
                Issue.record("divideBy255(\(x)) = \(ChannelMath.divideBy255(x)), expected \(expected)")
                return
            }
        }
    }

    /// The lane forms of the division (the high multiply used on x86, the shifts used on ARM) against round to
    /// nearest over every input each takes (x ≤ 65_407: x + 128 fits 16 bits; the shift form also needs
    /// t + (t >> 8) to fit, x ≤ 65_152), eight consecutive values per vector.
    @Test func laneDivisionsAreRoundToNearestOverEveryInput() {
        var base = 0
        while base <= 65_407 {
            var lanes = SIMD8<UInt16>()
            for lane in 0 ..< 8 { lanes[lane] = UInt16(Swift.min(base + lane, 65_407)) }
            let multiplied = ChannelMath.divideBy255Multiplying(lanes), shifted = ChannelMath.divideBy255(lanes)
            for lane in 0 ..< 8 {
                let expected = UInt16(roundedByte(Double(lanes[lane]) / 255))
                if multiplied[lane] != expected || (lanes[lane] <= 65_152 && shifted[lane] != expected) {
                    Issue.record("x = \(lanes[lane]): \(multiplied[lane]) / \(shifted[lane]), expected \(expected)")
                    return
                }
            }
            base += 8
        }
    }

    @Test func scaleBytesMatchesPerChannelMultiplyExhaustively() {
        for factor in UInt32(0)...255 {
            for value in UInt32(0)...255 {
                let pixel = value << 24 | (255 - value) << 16 | value << 8 | (value ^ 0x5A)
                let scaled = ChannelMath.scaleBytes(pixel, by: factor)
                for shift: UInt32 in [0, 8, 16, 24] {
                    let channel = (pixel >> shift) & 0xFF
                    let expected = roundedByte(Double(channel * factor) / 255)
                    if (scaled >> shift) & 0xFF != expected {
                        Issue.record("scaleBytes(0x\(String(pixel, radix: 16)), \(factor)) byte \(shift / 8)")
                        return
                    }
                }
            }
        }
    }

    @Test(arguments: 1...8) func narrowAndWidenRoundToNearest(bits: Int) {
        let maxValue = Double((1 << bits) - 1)
        for value in UInt32(0)...255 {
            #expect(ChannelMath.narrow(value, toBits: bits) == roundedByte(Double(value) * maxValue / 255))
        }
        for value in UInt32(0)...UInt32(maxValue) {
            #expect(ChannelMath.widen(value, fromBits: bits) == roundedByte(Double(value) * 255 / maxValue))
        }
    }

    @Test func premultiplyingRoundsToNearest() {
        for alpha in 0...255 {
            for channel in stride(from: 0, through: 255, by: 5) {
                let color = Color(red: UInt8(channel), green: 0, blue: 255, alpha: UInt8(alpha)).premultiplied()
                #expect(UInt32(color.red) == roundedByte(Double(channel * alpha) / 255))
                #expect(color.blue == UInt8(alpha))
            }
        }
    }

    @Test func notPremultipliedWordIsRefused() {
        #expect(throws: FixedPointError.self) { try PremultipliedColor(packedARGB: 0x7F00_0080) }
        #expect(throws: Never.self) { try PremultipliedColor(packedARGB: 0x8000_0080) }
    }
}
