extension Font {
    /// The horizontal advance of `glyph` in font units (hmtx; glyphs past the last long metric share its
    /// advance).
    ///
    /// - Throws: `.glyphOutOfRange` for a glyph outside the font.
    public func advance(of glyph: Int) throws(FontError) -> Int {
        try checkGlyph(glyph)
        return Int(try hmtx.u16(min(glyph, horizontalMetricCount - 1) * 4))
    }

    /// The left side bearing of `glyph` in font units (hmtx).
    ///
    /// - Throws: `.glyphOutOfRange` for a glyph outside the font.
    public func leftSideBearing(of glyph: Int) throws(FontError) -> Int {
        try checkGlyph(glyph)
        if glyph < horizontalMetricCount { return Int(try hmtx.i16(glyph * 4 + 2)) }
        return Int(try hmtx.i16(horizontalMetricCount * 4 + (glyph - horizontalMetricCount) * 2))
    }

    /// The glyph for a Unicode scalar value (cmap), or 0 (`.notdef`) when the font has none.
    ///
    /// - Throws: `.truncated` or `.malformed` naming the `cmap` offset when the subtable cannot be read, or
    ///   `.malformed(.inconsistentCount)` at the entry when it names a glyph past the font's glyph count.
    public func glyph(for scalar: UInt32) throws(FontError) -> Int {
        try characterMap.glyph(for: scalar)
    }

    /// The box of every glyph of the font (head: xMin, yMin, xMax, yMax), in font units, y up.
    ///
    /// - Throws: `.truncated` naming the `head` offset when the table is too short.
    public func glyphBounds() throws(FontError) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        (Int(try head.i16(36)), Int(try head.i16(38)), Int(try head.i16(40)), Int(try head.i16(42)))
    }

    /// The box of `glyph`'s outline (font units, y up): its `glyf` header's xMin, yMin, xMax, yMax; the font's box
    /// (`glyphBounds()`) for a CFF font, whose charstrings state none, and for a header whose box is inverted; nil
    /// for a glyph without an outline (a space).
    ///
    /// - Throws: `.glyphOutOfRange`; `.truncated` or `.malformed` naming the `loca` or `glyf` offset that cannot be read.
    public func glyphBounds(of glyph: Int) throws(FontError) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int)? {
        try checkGlyph(glyph)
        if compact != nil { return try glyphBounds() }
        let data = try glyfData(of: glyph)
        guard data.isPresent else { return nil }
        let box = (xMin: Int(try data.i16(2)), yMin: Int(try data.i16(4)), xMax: Int(try data.i16(6)), yMax: Int(try data.i16(8)))
        guard box.xMin <= box.xMax, box.yMin <= box.yMax else { return try glyphBounds() }
        return box
    }

    /// The OS/2 table's typographic metrics (sTypoAscender, sTypoDescender, sTypoLineGap) and x-height and
    /// cap height (0 when the table's version predates them), or `nil` when the font has no OS/2 table.
    ///
    /// - Throws: `.truncated` naming the `OS/2` offset when the table is too short.
    public func typographicMetrics() throws(FontError) -> TypographicMetrics? {
        guard os2.isPresent else { return nil }
        let version = try os2.u16(0)
        let hasHeights = version >= 2
        return TypographicMetrics(
            ascender: Int(try os2.i16(68)), descender: Int(try os2.i16(70)), lineGap: Int(try os2.i16(72)),
            xHeight: hasHeights ? Int(try os2.i16(86)) : 0, capHeight: hasHeights ? Int(try os2.i16(88)) : 0)
    }
}

/// Vertical metrics from the OS/2 table, in font units.
public struct TypographicMetrics: Equatable, Sendable {
    /// sTypoAscender.
    public let ascender: Int
    /// sTypoDescender (negative below the baseline).
    public let descender: Int
    /// sTypoLineGap.
    public let lineGap: Int
    /// sxHeight (OS/2 version 2 and later, else 0).
    public let xHeight: Int
    /// sCapHeight (OS/2 version 2 and later, else 0).
    public let capHeight: Int
}
