/// One GPOS pair adjustment subtable (format 1: pair sets per first glyph; format 2: a class matrix).
struct PairAdjustmentSubtable {
    let table: FontTable
    let start: Int

    /// The first glyph's x advance adjustment, or `nil` when the subtable does not cover the pair.
    func adjustment(_ left: Int, _ right: Int) throws(FontError) -> Int? {
        let format = try table.u16(start)
        guard let coverageIndex = try coverage(start + Int(try table.u16(start + 2)), left) else { return nil }
        let firstFormat = Int(try table.u16(start + 4)), secondFormat = Int(try table.u16(start + 6))
        let recordSize = (firstFormat.nonzeroBitCount + secondFormat.nonzeroBitCount) * 2
        let advanceAt = (firstFormat & 0x3).nonzeroBitCount * 2
        switch format {
        case 1:
            guard coverageIndex < Int(try table.u16(start + 8)) else { throw table.malformed(start + 8, .inconsistentCount) }
            let pairSet = start + Int(try table.u16(start + 10 + coverageIndex * 2))
            var low = 0, high = Int(try table.u16(pairSet))
            while low < high {
                let middle = (low + high) / 2, record = pairSet + 2 + middle * (2 + recordSize)
                let second = Int(try table.u16(record))
                if second == right {
                    return firstFormat & 0x4 != 0 ? Int(try table.i16(record + 2 + advanceAt)) : 0
                }
                if second < right { low = middle + 1 } else { high = middle }
            }
            return nil
        case 2:
            let firstClass = try glyphClass(start + Int(try table.u16(start + 8)), left)
            let secondClass = try glyphClass(start + Int(try table.u16(start + 10)), right)
            let firstCount = Int(try table.u16(start + 12)), secondCount = Int(try table.u16(start + 14))
            guard firstClass < firstCount, secondClass < secondCount else { return nil }
            let record = start + 16 + (firstClass * secondCount + secondClass) * recordSize
            return firstFormat & 0x4 != 0 ? Int(try table.i16(record + advanceAt)) : 0
        default:
            throw table.malformed(start, .unsupportedFormat)
        }
    }

    /// The coverage index of `glyph` (format 1: sorted glyphs; format 2: ranges), or `nil`.
    private func coverage(_ at: Int, _ glyph: Int) throws(FontError) -> Int? {
        let format = try table.u16(at), count = Int(try table.u16(at + 2))
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if format == 1 {
                let found = Int(try table.u16(at + 4 + middle * 2))
                if found == glyph { return middle }
                if found < glyph { low = middle + 1 } else { high = middle }
            } else if format == 2 {
                let range = at + 4 + middle * 6
                let first = Int(try table.u16(range)), last = Int(try table.u16(range + 2))
                if glyph >= first, glyph <= last { return Int(try table.u16(range + 4)) + glyph - first }
                if last < glyph { low = middle + 1 } else { high = middle }
            } else {
                throw table.malformed(at, .unsupportedFormat)
            }
        }
        return nil
    }

    /// The class of `glyph` in a ClassDef table (format 1: a class array; format 2: ranges); 0 when unlisted.
    private func glyphClass(_ at: Int, _ glyph: Int) throws(FontError) -> Int {
        let format = try table.u16(at)
        if format == 1 {
            let first = Int(try table.u16(at + 2)), count = Int(try table.u16(at + 4))
            return glyph >= first && glyph < first + count ? Int(try table.u16(at + 6 + (glyph - first) * 2)) : 0
        }
        guard format == 2 else { throw table.malformed(at, .unsupportedFormat) }
        var low = 0, high = Int(try table.u16(at + 2))
        while low < high {
            let middle = (low + high) / 2, range = at + 4 + middle * 6
            let first = Int(try table.u16(range)), last = Int(try table.u16(range + 2))
            if glyph >= first, glyph <= last { return Int(try table.u16(range + 4)) }
            if last < glyph { low = middle + 1 } else { high = middle }
        }
        return 0
    }
}
