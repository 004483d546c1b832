/// The rasterizer's device coordinates: 22.10 fixed point, 1024 subpixels per pixel in each direction.
///
/// Ten fraction bits keep vertex rounding at 1/2048 px, an eighth of one coverage step for a pixel-long
/// edge; cell areas stay within 32 bits (a full pixel is 2 · 1024² in the doubled-area unit), and
/// clipped coordinates (±2^20 px) within `Int32`.
@usableFromInline
enum SubpixelGrid {
    /// Fraction bits.
    @inlinable static var bits: Int64 { 10 }
    /// Fraction bits, as `Int32`.
    @inlinable static var bits32: Int32 { 10 }
    /// Subpixels per pixel.
    @inlinable static var one: Int64 { 1024 }
    /// `one − 1`: the fraction mask.
    @inlinable static var mask: Int64 { 1023 }
    /// `one − 1` as `Int32`.
    @inlinable static var mask32: Int32 { 1023 }
    /// Twice `one`: a cover of one pixel row in the doubled-area unit is `cover · doubleOne`.
    @inlinable static var doubleOne: Int32 { 2048 }
    /// A fully covered pixel in the doubled-area unit: 2 · 1024 · 1024.
    @inlinable static var fullDoubledArea: Int32 { 2_097_152 }
    /// log2(fullDoubledArea).
    @inlinable static var fullDoubledAreaBits: Int32 { 21 }
}
