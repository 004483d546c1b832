import FixedPoint
import Raster

/// What a glyph's coverage depends on, apart from a move by whole device pixels.
///
/// A glyph point `q` (layer pixels relative to the pen origin `o`, a function of font, glyph and size only) reaches
/// the rasterizer as `x = ((a·(oₓ+qₓ))>>8 + (c·(o_y+q_y))>>8 + tx<<8 + 2048) >> 12` (20.12 subpixels, y alike with
/// b, d, ty). Writing `a·oₓ = 256·h + r` (0 ≤ r < 256), `(a·(oₓ+qₓ))>>8 = h + (a·qₓ + r)>>8` exactly; with
/// `h_a + h_c + tx·256 = 2²⁴·P + F` (0 ≤ F < 2²⁴), every device x is `4096·P` plus a value fixed by (q, a, c, the
/// residues r, F). So equal keys give the same outline in device space moved by whole pixels (P).
struct GlyphCoverageKey {
    /// The cache's tag of the font (`GlyphCoverageCache.fontTag(for:)`).
    var font: UInt32
    var glyph: UInt32
    /// The laid-out font size, raw Q16.16.
    var fontSize: Int32
    /// The world transform's linear part, raw Q16.16.
    var a: Int32
    var b: Int32
    var c: Int32
    var d: Int32
    /// The 8-bit remainders of a·oₓ, b·oₓ, c·o_y, d·o_y.
    var residues: UInt32
    /// F for x and y: the pen origin's device position below a whole pixel, in 2⁻²⁴ px.
    var fractionX: UInt32
    var fractionY: UInt32

    /// Whether every field equals `other`'s.
    @_noAllocation
    func matches(_ other: GlyphCoverageKey) -> Bool {
        font == other.font && glyph == other.glyph && fontSize == other.fontSize && a == other.a && b == other.b
            && c == other.c && d == other.d && residues == other.residues && fractionX == other.fractionX
            && fractionY == other.fractionY
    }

    /// A hash of every field (multiply and fold).
    @_noAllocation
    func hashed() -> UInt64 {
        var value = UInt64(font) &* 0x9E37_79B9_7F4A_7C15
        value = Self.mix(value, UInt32(bitPattern: fontSize), glyph)
        value = Self.mix(value, UInt32(bitPattern: a), UInt32(bitPattern: b))
        value = Self.mix(value, UInt32(bitPattern: c), UInt32(bitPattern: d))
        value = Self.mix(value, residues, fractionX)
        value = Self.mix(value, fractionY, 0)
        return value ^ (value &>> 29)
    }

    @_noAllocation @inline(__always)
    private static func mix(_ value: UInt64, _ high: UInt32, _ low: UInt32) -> UInt64 {
        let folded = (value ^ (UInt64(high) &<< 32 | UInt64(low))) &* 0x9E37_79B9_7F4A_7C15
        return folded ^ (folded &>> 31)
    }
}

/// A glyph at a pen origin under a transform: its cache key and the whole device pixel (P) its coverage moves by.
struct PlacedGlyphKey {
    var key: GlyphCoverageKey
    var pixelX: Int
    var pixelY: Int

    /// P in device subpixels (x, y).
    @_noAllocation
    func subpixelOffset() -> (x: Int64, y: Int64) {
        (Int64(pixelX) &<< Int64(Rasterizer.subpixelBits), Int64(pixelY) &<< Int64(Rasterizer.subpixelBits))
    }

    /// The pen origin's largest magnitude (raw Q16.16) for which the cache is used: with glyph points within the
    /// same distance of it (`GlyphRasterSink.reach`), every placed point fits Q16.16 as the uncached draw needs.
    static let originLimit: Int64 = 1 << 30

    /// The key of `glyph` at `origin` (layer pixels) under `transform`; nil when the glyph id or the origin is
    /// beyond what the cache keys (such glyphs are drawn uncached).
    @_noAllocation
    init?(font: UInt32, glyph: Int, fontSize: Fixed, origin: Point, transform: Affine) {
        let ox = Int64(origin.x.raw), oy = Int64(origin.y.raw)
        guard glyph >= 0, glyph <= 0xFFFF, abs(ox) < Self.originLimit, abs(oy) < Self.originLimit else { return nil }
        let ax = Int64(transform.a.raw) &* ox, cy = Int64(transform.c.raw) &* oy
        let bx = Int64(transform.b.raw) &* ox, dy = Int64(transform.d.raw) &* oy
        let sumX = (ax &>> 8) &+ (cy &>> 8) &+ (Int64(transform.tx.raw) &<< 8)
        let sumY = (bx &>> 8) &+ (dy &>> 8) &+ (Int64(transform.ty.raw) &<< 8)
        let residues = UInt32(truncatingIfNeeded: ax & 255) | UInt32(truncatingIfNeeded: bx & 255) << 8
            | UInt32(truncatingIfNeeded: cy & 255) << 16 | UInt32(truncatingIfNeeded: dy & 255) << 24
        key = GlyphCoverageKey(
            font: font, glyph: UInt32(truncatingIfNeeded: glyph), fontSize: fontSize.raw, a: transform.a.raw,
            b: transform.b.raw, c: transform.c.raw, d: transform.d.raw, residues: residues,
            fractionX: UInt32(truncatingIfNeeded: sumX & 0xFF_FFFF), fractionY: UInt32(truncatingIfNeeded: sumY & 0xFF_FFFF))
        pixelX = Int(truncatingIfNeeded: sumX &>> 24)
        pixelY = Int(truncatingIfNeeded: sumY &>> 24)
    }
}
