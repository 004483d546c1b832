extension Font {
    /// The horizontal kerning between two glyphs in font units (added to the first glyph's advance): from GPOS
    /// pair adjustment (the `kern` feature of the 'latn' script, else 'DFLT') when the font has a GPOS
    /// table, else from the `kern` table (format 0 subtables), else 0.
    ///
    /// - Throws: `.glyphOutOfRange`; `FontError` naming the `GPOS` or `kern` offset that cannot be read.
    public func kerning(between left: Int, and right: Int) throws(FontError) -> Int {
        try checkGlyph(left)
        try checkGlyph(right)
        if gpos.isPresent { return try PairPositioning(gpos).adjustment(left: left, right: right) }
        if kern.isPresent { return try KerningTable(kern).adjustment(left: left, right: right) }
        return 0
    }
}

/// The `kern` table (version 0): horizontal format 0 subtables, their pair values summed (an override
/// subtable replaces the sum so far); minimum-value and cross-stream subtables are skipped.
struct KerningTable {
    let table: FontTable

    init(_ table: FontTable) { self.table = table }

    func adjustment(left: Int, right: Int) throws(FontError) -> Int {
        guard try table.u16(0) == 0 else { return 0 }
        let key = UInt32(left) << 16 | UInt32(right)
        var at = 4, total = 0
        for _ in 0..<Int(try table.u16(2)) {
            let length = Int(try table.u16(at + 2)), coverage = try table.u16(at + 4)
            guard length >= 6 else { throw table.malformed(at + 2, .inconsistentCount) }
            if coverage >> 8 == 0, coverage & 0x07 == 0x01 {
                let value = try pairValue(at: at + 6, key: key)
                total = coverage & 0x08 != 0 ? value : total + value
            }
            at += length
        }
        return total
    }

    /// A binary search of a format 0 subtable's sorted pairs (left and right glyph, value).
    private func pairValue(at start: Int, key: UInt32) throws(FontError) -> Int {
        let pairs = Int(try table.u16(start))
        var low = 0, high = pairs
        while low < high {
            let middle = (low + high) / 2
            let found = try table.u32(start + 8 + middle * 6)
            if found == key { return Int(try table.i16(start + 8 + middle * 6 + 4)) }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return 0
    }
}
