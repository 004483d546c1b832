@testable import Raster

/// The definition every blend is checked against: each stored 8-bit value is
/// `round(d + f·(s − d·a/255))` with `f` = coverage × opacity × mask as a real number, computed here in
/// `Double` (exact to ~1e-13 at these magnitudes). The implementation's stated error before its one rounding
/// is below `bound` (1/255 units), so it must store `round(exact)`, except within `bound` of a tie, where
/// either neighbour is correct.
enum ExactBlendModel {
    /// The implementation's error bound before rounding, in 8-bit units: coverage truncated to 1/32640 px
    /// (< 255/32640) plus the weight's rounding (< 255/65536).
    static let bound = 255.0 / 32640 + 255.0 / 65536

    /// The exact blended value of one channel.
    static func exact(destination: UInt32, source: UInt32, alpha: UInt32, factor: Double) -> Double {
        Double(destination) + factor * (Double(source) - Double(destination) * Double(alpha) / 255)
    }

    /// The 8-bit values a correct blend may store for `exact`.
    static func acceptable(_ exact: Double) -> ClosedRange<UInt32> {
        UInt32((exact - bound + 0.5).rounded(.down)) ... UInt32((exact + bound + 0.5).rounded(.down))
    }

    /// Whether the stored field value `stored` (`bits` wide) is the narrowing of an acceptable 8-bit value.
    static func accepts(_ stored: UInt32, bits: Int, exact: Double) -> Bool {
        acceptable(exact).contains { ChannelMath.narrow($0, toBits: bits) == stored }
    }

    /// `f` of a wide coverage (Q8.7), an opacity and a mask value.
    static func factor(coverage: UInt16, opacity: UInt8 = 255, mask: UInt8 = 255) -> Double {
        Double(coverage) / 32640 * Double(opacity) / 255 * Double(mask) / 255
    }

    /// Whether `pixel` (in `layout`) is an acceptable blend of `source` (canonical premultiplied ARGB) with
    /// factor `factor` over the 8-bit destination channels `destination` (canonical ARGB; alpha 255 in
    /// opaque layouts). Every field the layout has is checked.
    static func accepts(_ pixel: UInt32, layout: PixelLayout, source: UInt32, destination: UInt32, factor: Double) -> Bool {
        let alpha = source >> 24
        let fields: [(ChannelField, UInt32)] = [(layout.alpha, 24), (layout.red, 16), (layout.green, 8), (layout.blue, 0)]
        for (field, shift) in fields where field.length > 0 {
            let stored = (pixel >> UInt32(field.offset)) & ((1 << UInt32(field.length)) - 1)
            let value = exact(destination: (destination >> shift) & 0xFF, source: (source >> shift) & 0xFF, alpha: alpha, factor: factor)
            if !accepts(stored, bits: field.length, exact: value) { return false }
        }
        return true
    }
}
