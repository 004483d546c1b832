/// An OpenType or TrueType font: a view over the file's bytes (`.ttf`, `.otf`, or one font of a `.ttc`).
///
/// Opening reads the table directory and the few header fields every operation needs (`head`, `hhea`,
/// `maxp`, the chosen `cmap` subtable, the CFF top DICT); everything else is read when asked, with bounds-checked
/// reads. Reading metrics, mapping characters, kerning and drawing outlines never allocate.
public struct Font: Sendable {
    /// Composite glyphs may nest this deep (a deeper tree is a loop or abuse).
    public static let compositeDepthLimit = 8
    /// One outline may draw at most this many components, counted over every level of nesting.
    public static let componentLimit = 1_024

    /// The file's bytes, held so that the tables' pointers into them stay valid (the only reference a copy retains).
    let bytes: [UInt8]
    let file: FontTable
    let head: FontTable
    let hhea: FontTable
    let hmtx: FontTable
    let maxp: FontTable
    let os2: FontTable
    let loca: FontTable
    let glyf: FontTable
    let kern: FontTable
    let gpos: FontTable
    let characterMap: CharacterMap
    let compact: CompactFontProgram?

    /// Font units per em (16 … 16,384).
    public let unitsPerEm: Int
    /// The number of glyphs (maxp).
    public let glyphCount: Int
    /// Typographic ascender in font units (hhea), positive above the baseline.
    public let ascender: Int
    /// Typographic descender in font units (hhea), negative below the baseline.
    public let descender: Int
    /// Extra space between lines in font units (hhea).
    public let lineGap: Int
    let horizontalMetricCount: Int
    let usesLongOffsets: Bool
    /// Which bytes and which font of them this is (equal for copies of this `Font`; see `FontIdentity`).
    public let identity: FontIdentity

    /// Opens the font at `index` of `bytes` (a `.ttc` holds several fonts; a single font is index 0).
    ///
    /// - Throws: `FontError` naming the table and offset of the first field that cannot be read or is refused.
    public init(bytes: [UInt8], index: Int = 0) throws(FontError) {
        self.bytes = bytes
        file = bytes.withUnsafeBufferPointer { FontTable(file: $0) }
        let directory = try Font.directoryOffset(in: file, index: index)
        identity = FontIdentity(storage: UInt(bitPattern: file.base), directory: directory)
        let version = try file.u32(directory)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw file.malformed(directory, .unknownVersion)
        }
        let tableCount = Int(try file.u16(directory + 4))
        let tables = TableDirectory(file: file, start: directory, count: tableCount)
        func table(_ tag: FontTag) throws(FontError) -> FontTable { try tables.table(tag) }
        func required(_ tag: FontTag) throws(FontError) -> FontTable { try tables.required(tag) }
        head = try required(.head)
        hhea = try required(.hhea)
        hmtx = try required(.hmtx)
        maxp = try required(.maxp)
        os2 = try table(.os2)
        kern = try table(.kern)
        gpos = try table(.gpos)
        guard try head.u32(12) == 0x5F0F_3CF5 else { throw head.malformed(12, .unknownVersion) }
        unitsPerEm = Int(try head.u16(18))
        guard unitsPerEm >= 16, unitsPerEm <= 16_384 else { throw head.malformed(18, .inconsistentCount) }
        let locaFormat = try head.i16(50)
        guard locaFormat == 0 || locaFormat == 1 else { throw head.malformed(50, .unsupportedFormat) }
        usesLongOffsets = locaFormat == 1
        glyphCount = Int(try maxp.u16(4))
        ascender = Int(try hhea.i16(4))
        descender = Int(try hhea.i16(6))
        lineGap = Int(try hhea.i16(8))
        horizontalMetricCount = Int(try hhea.u16(34))
        guard horizontalMetricCount >= 1, horizontalMetricCount <= glyphCount else {
            throw hhea.malformed(34, .inconsistentCount)
        }
        _ = try hmtx.checked(0, horizontalMetricCount * 4 + (glyphCount - horizontalMetricCount) * 2)
        characterMap = try CharacterMap(try required(.cmap), glyphCount: glyphCount)
        let cff = try table(.cff)
        if cff.isPresent {
            compact = try CompactFontProgram(cff)
            loca = try table(.loca)
            glyf = try table(.glyf)
        } else {
            compact = nil
            loca = try required(.loca)
            glyf = try required(.glyf)
            _ = try loca.checked(0, (glyphCount + 1) * (usesLongOffsets ? 4 : 2))
        }
    }

    /// The number of fonts in `bytes`: a `.ttc` collection's count, else 1.
    ///
    /// - Throws: `.truncated` or `.malformed` when a collection header cannot be read.
    public static func fontCount(in bytes: [UInt8]) throws(FontError) -> Int {
        try bytes.withUnsafeBufferPointer { (buffer) throws(FontError) -> Int in
            let file = FontTable(file: buffer)
            guard try file.u32(0) == 0x7474_6366 else { return 1 }
            return try collectionCount(file)
        }
    }

    /// A collection's font count, refused when its offsets cannot fit in the file.
    private static func collectionCount(_ file: FontTable) throws(FontError) -> Int {
        let count = try file.offset32(8)
        guard count <= (file.count - 12) / 4 else { throw file.malformed(8, .inconsistentCount) }
        return count
    }

    /// Where the table directory of font `index` starts.
    private static func directoryOffset(in file: FontTable, index: Int) throws(FontError) -> Int {
        guard try file.u32(0) == 0x7474_6366 else {
            guard index == 0 else { throw .fontIndexOutOfRange(index: index, count: 1) }
            return 0
        }
        let count = try collectionCount(file)
        guard index >= 0, index < count else { throw .fontIndexOutOfRange(index: index, count: count) }
        let offset = try file.offset32(12 + index * 4)
        guard offset < file.count else { throw file.malformed(12 + index * 4, .offsetOutside) }
        return offset
    }

    func checkGlyph(_ glyph: Int) throws(FontError) {
        guard glyph >= 0, glyph < glyphCount else { throw .glyphOutOfRange(glyph: glyph, count: glyphCount) }
    }
}
