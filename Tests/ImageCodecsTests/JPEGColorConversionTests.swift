@testable import ImageCodecs
import Testing

/// The vector YCbCr→RGB against jdcolor.c's tables (`build_ycc_rgb_table`, written out here): every (Cb, Cr)
/// pair at luma 0, 1, 128, 254 and 255, in rows of 256 pixels, and a row of 13 (a partial vector) written
/// 8 bytes a pixel, as a turned picture is.
@Suite struct JPEGColorConversionTests {
    static func reference(_ y: Int, _ cb: Int, _ cr: Int) -> [UInt8] {
        func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
        let red = (91_881 * (cr - 128) + 32_768) >> 16, blue = (116_130 * (cb - 128) + 32_768) >> 16
        let green = (-46_802 * (cr - 128) + (-22_554 * (cb - 128) + 32_768)) >> 16
        return [clamp(y + red), clamp(y + green), clamp(y + blue), 255]
    }

    @Test func everyChromaPairEqualsLibjpegsTables() {
        var mismatches = 0
        for y in [0, 1, 128, 254, 255] {
            for cr in 0..<256 {
                let luma = [UInt8](repeating: UInt8(y), count: 256), cb = (0..<256).map { UInt8($0) }
                let crs = [UInt8](repeating: UInt8(cr), count: 256)
                var rgba = [UInt8](repeating: 0, count: 256 * 4)
                JPEGColorConversion.convert(luma: luma, cb: cb, cr: crs, width: 256, into: &rgba, step: 4)
                for x in 0..<256 where Array(rgba[(x * 4)..<(x * 4 + 4)]) != Self.reference(y, x, cr) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func aPartialVectorWritesOnlyItsPixels() {
        let luma = (0..<16).map { UInt8($0 * 16) }, cb = (0..<16).map { UInt8(255 - $0 * 7) }
        let cr = (0..<16).map { UInt8($0 * 11) }
        var rgba = [UInt8](repeating: 7, count: 13 * 8 + 8)
        JPEGColorConversion.convert(luma: luma, cb: cb, cr: cr, width: 13, into: &rgba, step: 8)
        for x in 0..<13 {
            #expect(Array(rgba[(x * 8)..<(x * 8 + 4)]) == Self.reference(Int(luma[x]), Int(cb[x]), Int(cr[x])))
            #expect(rgba[(x * 8 + 4)..<(x * 8 + 8)].allSatisfy { $0 == 7 })
        }
        #expect(rgba[(13 * 8)...].allSatisfy { $0 == 7 })
    }
}
