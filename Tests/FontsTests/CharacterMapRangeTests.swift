@testable import Fonts
import Testing

/// A `cmap` entry naming a glyph past the font's glyph count (maxp) is a typed error at the entry, while a
/// character the font has no entry for still answers glyph 0 (`.notdef`).
@Suite struct CharacterMapRangeTests {
    /// The file offset of the table `tag`, read from the sfnt directory of `bytes`.
    static func tableOffset(_ tag: String, in bytes: [UInt8]) -> Int? {
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in 0..<count {
            let at = 12 + record * 16
            guard Array(bytes[at..<at + 4]) == Array(tag.utf8) else { continue }
            return bytes[at + 8..<at + 12].reduce(0) { $0 << 8 | Int($1) }
        }
        return nil
    }

    @Test func entryPastTheGlyphCountIsRefusedAtItsDelta() throws {
        // The synthetic cmap maps 'A' to glyph 1 through segment 0's idDelta; with one glyph that is past maxp.
        let bytes = SyntheticFont.trueType(glyphs: [[0, 0]])
        let font = try Font(bytes: bytes)
        let cmap = try #require(Self.tableOffset("cmap", in: bytes))
        // Subtable at 12; two segments: endCode at 14, startCode at 20, idDelta at 24.
        #expect(throws: FontError.malformed(table: .cmap, offset: cmap + 12 + 24, problem: .inconsistentCount)) {
            try font.glyph(for: 0x41)
        }
        #expect(try font.glyph(for: 0x42) == 0)
    }

    @Test func entryInsideTheGlyphCountMaps() throws {
        let font = try Font(bytes: SyntheticFont.trueType(glyphs: [[0, 0], [0, 0]]))
        #expect(try font.glyph(for: 0x41) == 1)
        #expect(try font.glyph(for: 0x42) == 0)
    }
}
