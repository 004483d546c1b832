/// The chosen Unicode subtable of `cmap`: format 12 (full Unicode) preferred over format 4 (the basic
/// multilingual plane), Windows Unicode and Unicode platform encodings only. An entry mapping a character to a
/// glyph past the font's glyph count (maxp) is a typed error naming the entry's offset, not glyph 0.
struct CharacterMap: Sendable {
    let subtable: FontTable
    let format: UInt16
    let glyphCount: Int

    init(_ cmap: FontTable, glyphCount: Int) throws(FontError) {
        self.glyphCount = glyphCount
        guard try cmap.u16(0) == 0 else { throw cmap.malformed(0, .unknownVersion) }
        let count = Int(try cmap.u16(2))
        var best: (score: Int, offset: Int, format: UInt16) = (0, 0, 0)
        for record in 0..<count {
            let at = 4 + record * 8
            let platform = try cmap.u16(at), encoding = try cmap.u16(at + 2)
            let offset = try cmap.offset32(at + 4)
            guard offset < cmap.count else { throw cmap.malformed(at + 4, .offsetOutside) }
            let format = try cmap.u16(offset)
            let score = CharacterMap.score(platform: platform, encoding: encoding, format: format)
            if score > best.score { best = (score, offset, format) }
        }
        guard best.score > 0 else { throw cmap.malformed(2, .unsupportedFormat) }
        let length = best.format == 12 ? try cmap.offset32(best.offset + 4) : Int(try cmap.u16(best.offset + 2))
        // Some fonts' format 4 length overflows 16 bits; the segments are bounds-checked on every read anyway.
        let available = cmap.count - best.offset
        subtable = try cmap.slice(best.offset, best.format == 4 ? available : length)
        format = best.format
        if format == 4 {
            let segments = Int(try subtable.u16(6)) / 2
            _ = try subtable.checked(14, segments * 8 + 2)
        } else {
            let groups = try subtable.offset32(12)
            guard groups <= (subtable.count - 16) / 12 else { throw subtable.malformed(12, .offsetOutside) }
        }
    }

    /// Higher is better; 0 is unusable.
    private static func score(platform: UInt16, encoding: UInt16, format: UInt16) -> Int {
        let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
        guard unicode else { return 0 }
        switch format {
        case 12: return platform == 3 ? 4 : 3
        case 4: return platform == 3 ? 2 : 1
        default: return 0
        }
    }

    func glyph(for scalar: UInt32) throws(FontError) -> Int {
        format == 4 ? try glyphFromSegments(scalar) : try glyphFromGroups(scalar)
    }

    /// Format 4: a binary search over segment end codes.
    private func glyphFromSegments(_ scalar: UInt32) throws(FontError) -> Int {
        guard scalar <= 0xFFFF else { return 0 }
        let code = UInt16(scalar)
        let segments = Int(try subtable.u16(6)) / 2
        let ends = 14, starts = 16 + segments * 2, deltas = starts + segments * 2, ranges = deltas + segments * 2
        var low = 0, high = segments
        while low < high {
            let middle = (low + high) / 2
            if try subtable.u16(ends + middle * 2) < code { low = middle + 1 } else { high = middle }
        }
        guard low < segments, try subtable.u16(starts + low * 2) <= code else { return 0 }
        let delta = try subtable.u16(deltas + low * 2)
        let rangeOffset = Int(try subtable.u16(ranges + low * 2))
        guard rangeOffset != 0 else { return try checked(Int(code &+ delta), at: deltas + low * 2) }
        let start = try subtable.u16(starts + low * 2)
        let at = ranges + low * 2 + rangeOffset + Int(code - start) * 2
        let glyph = try subtable.u16(at)
        return glyph == 0 ? 0 : try checked(Int(glyph &+ delta), at: at)
    }

    /// Format 12: a binary search over sequential groups.
    private func glyphFromGroups(_ scalar: UInt32) throws(FontError) -> Int {
        let groups = try subtable.offset32(12)
        var low = 0, high = groups
        while low < high {
            let middle = (low + high) / 2
            let at = 16 + middle * 12
            if try subtable.u32(at + 4) < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < groups else { return 0 }
        let at = 16 + low * 12
        let first = try subtable.u32(at)
        guard first <= scalar else { return 0 }
        let glyph = UInt64(try subtable.u32(at + 8)) + UInt64(scalar - first)
        guard glyph < UInt64(glyphCount) else { throw subtable.malformed(at + 8, .inconsistentCount) }
        return Int(glyph)
    }

    /// `glyph`, read from the entry at `offset` of the subtable, when the font has it.
    private func checked(_ glyph: Int, at offset: Int) throws(FontError) -> Int {
        guard glyph < glyphCount else { throw subtable.malformed(offset, .inconsistentCount) }
        return glyph
    }
}
