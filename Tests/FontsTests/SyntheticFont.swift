/// Builds small fonts byte by byte for the refusal tests: a table directory, the required tables, and either
/// `glyf`/`loca` glyphs or a `CFF ` table with given charstrings and local subroutines.
enum SyntheticFont {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }

    /// An sfnt file holding `tables` (tag, bytes), each padded to four bytes.
    static func file(_ tables: [(String, [UInt8])], version: Int = 0x0001_0000) -> [UInt8] {
        var bytes = u32(version) + u16(tables.count) + u16(0) + u16(0) + u16(0)
        var offset = 12 + tables.count * 16
        var data: [UInt8] = []
        for (tag, table) in tables {
            bytes += Array(tag.utf8) + u32(0) + u32(offset) + u32(table.count)
            let padded = table + [UInt8](repeating: 0, count: (4 - table.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        return bytes + data
    }

    /// head, hhea (ascender 800, descender −200), maxp, hmtx (advances 500) and a format 4 cmap mapping 'A' to
    /// glyph 1, for `glyphCount` glyphs.
    static func commonTables(glyphCount: Int, unitsPerEm: Int = 1000) -> [(String, [UInt8])] {
        var head = u32(0x0001_0000) + u32(0) + u32(0) + u32(0x5F0F_3CF5) + u16(0) + u16(unitsPerEm)
        head += [UInt8](repeating: 0, count: 50 - head.count) + u16(1) + u16(0)
        var hhea = u32(0x0001_0000) + u16(800) + u16(0xFF38) + u16(0)
        hhea += [UInt8](repeating: 0, count: 34 - hhea.count) + u16(glyphCount)
        let maxp = u32(0x0000_5000) + u16(glyphCount)
        let hmtx = (0..<glyphCount).flatMap { _ in u16(500) + u16(0) }
        let segments = u16(0x41) + u16(0xFFFF)
        let subtable = u16(4) + u16(32) + u16(0) + u16(4) + u16(4) + u16(1) + u16(0) + segments + u16(0)
            + u16(0x41) + u16(0xFFFF) + u16(1 - 0x41 & 0xFFFF) + u16(1) + u16(0) + u16(0)
        let cmap = u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable
        return [("head", head), ("hhea", hhea), ("maxp", maxp), ("hmtx", hmtx), ("cmap", cmap)]
    }

    /// A TrueType font whose glyphs are the given `glyf` records.
    static func trueType(glyphs: [[UInt8]], unitsPerEm: Int = 1000) -> [UInt8] {
        var loca: [UInt8] = [], glyf: [UInt8] = []
        for glyph in glyphs {
            loca += u32(glyf.count)
            glyf += glyph
        }
        loca += u32(glyf.count)
        return file(commonTables(glyphCount: glyphs.count, unitsPerEm: unitsPerEm) + [("loca", loca), ("glyf", glyf)])
    }

    /// A composite glyph record placing `components` with byte offsets (0, 0).
    static func composite(_ components: [Int]) -> [UInt8] {
        var record = u16(0xFFFF) + [UInt8](repeating: 0, count: 8)
        for (index, component) in components.enumerated() {
            let more = index + 1 < components.count ? 0x0020 : 0
            record += u16(0x0002 | more) + u16(component) + [0, 0]
        }
        return record
    }

    /// An OpenType font with a CFF table: one charstring per glyph and the local subroutines.
    static func compact(charStrings: [[UInt8]], subroutines: [[UInt8]]) -> [UInt8] {
        func index(_ objects: [[UInt8]]) -> [UInt8] {
            guard !objects.isEmpty else { return u16(0) }
            var offsets = [UInt8](), offset = 1
            for object in objects {
                offsets += u32(offset)
                offset += object.count
            }
            return u16(objects.count) + [4] + offsets + u32(offset) + objects.flatMap { $0 }
        }
        func integer(_ value: Int) -> [UInt8] { [29] + u32(value) }
        let names = index([Array("T".utf8)]), strings = index([]), globals = index([])
        let topSize = index([[UInt8](repeating: 0, count: 17)]).count
        let charStringsAt = 4 + names.count + topSize + strings.count + globals.count
        let charStringIndex = index(charStrings)
        let privateAt = charStringsAt + charStringIndex.count
        let privateDict = integer(6) + [19]
        let top = integer(charStringsAt) + [17] + integer(privateDict.count) + integer(privateAt) + [18]
        let cff = [1, 0, 4, 4] + names + index([top]) + strings + globals + charStringIndex + privateDict
            + index(subroutines)
        return file(commonTables(glyphCount: charStrings.count) + [("CFF ", cff)], version: 0x4F54_544F)
    }
}
