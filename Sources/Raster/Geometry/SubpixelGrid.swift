/// The rasterizer's device coordinates: 20.12 fixed point, 4096 subpixels per pixel in each direction.
///
/// Twelve fraction bits place vertices and row crossings to 1/8192 px, so a pixel-long edge moves a
/// pixel's area by at most 1/8192 px² (1/32 of an 8-bit step): with 1/1024 px, pixels whose exact value
/// lay within 0.03/255 of the 8-bit tie that decides an RGB565 step came out one 5-bit step off. Cell
/// areas stay within 32 bits (a full pixel is 2 · 4096² = 2^25 in the doubled-area unit: 64 full-height
/// pieces of one sign in a cell), and clipped coordinates (±2^18 px) within `Int32`.
@usableFromInline
enum SubpixelGrid {
    /// Fraction bits.
    @inlinable static var bits: Int64 { 12 }
    /// Fraction bits, as `Int32`.
    @inlinable static var bits32: Int32 { 12 }
    /// Subpixels per pixel.
    @inlinable static var one: Int64 { 4096 }
    /// `one − 1`: the fraction mask.
    @inlinable static var mask: Int64 { 4095 }
    /// `one − 1` as `Int32`.
    @inlinable static var mask32: Int32 { 4095 }
    /// Twice `one`: a cover of one pixel row in the doubled-area unit is `cover · doubleOne`.
    @inlinable static var doubleOne: Int32 { 8192 }
    /// A fully covered pixel in the doubled-area unit: 2 · 4096 · 4096.
    @inlinable static var fullDoubledArea: Int32 { 33_554_432 }
    /// log2(fullDoubledArea).
    @inlinable static var fullDoubledAreaBits: Int32 { 25 }
}
