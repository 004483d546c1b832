import FixedPoint
import Foundation
@testable import Fonts
import Testing

/// Bad input is answered by a typed error naming the table and the offset, never a trap.
@Suite struct MalformedFontTests {
    /// Expects drawing `glyph` to be refused as `problem` in `table` (at any offset).
    func expectRefusal(_ font: Font, glyph: Int, table: FontTag, problem: FontError.Problem) {
        var sink = RecordingSink()
        do {
            try font.outline(of: glyph, into: &sink)
            Issue.record("glyph \(glyph) was drawn")
        } catch {
            guard case .malformed(table, _, problem) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func truncatedFilesAreRefusedOrReadAsTheWholeFile() throws {
        let bytes = [UInt8](try Data(contentsOf: BuiltinSansTests.path))
        #expect(throws: FontError.truncated(table: FontTag("file"), offset: 0)) { try Font(bytes: []) }
        #expect(throws: FontError.truncated(table: FontTag("file"), offset: 12)) { try Font(bytes: Array(bytes[0..<12])) }
        let whole = try Font(bytes: bytes)
        var refusals = 0
        // Tables are read lazily: a cut file opens when the tables opening needs are whole, and then every
        // glyph either reads as in the whole file or is refused.
        for length in stride(from: 0, to: bytes.count, by: 997) {
            guard let font = try? Font(bytes: Array(bytes[0..<length])) else {
                refusals += 1
                continue
            }
            for glyph in 0..<font.glyphCount {
                var cut = RecordingSink(), full = RecordingSink()
                try whole.outline(of: glyph, into: &full)
                do {
                    try font.outline(of: glyph, into: &cut)
                    #expect(cut.commands == full.commands)
                    #expect(try font.advance(of: glyph) == whole.advance(of: glyph))
                } catch {
                    refusals += 1
                }
            }
        }
        #expect(refusals > 40)
    }

    @Test func tableOutsideTheFileIsRefused() throws {
        var bytes = SyntheticFont.trueType(glyphs: [[], []])
        bytes[12 + 8 ..< 12 + 12] = [0x7F, 0, 0, 0][...]
        #expect(throws: FontError.malformed(table: FontTag("file"), offset: 20, problem: .offsetOutside)) {
            try Font(bytes: bytes)
        }
    }

    @Test func compositeLoopsStopAtTheDepthLimit() throws {
        let font = try Font(bytes: SyntheticFont.trueType(glyphs: [[], SyntheticFont.composite([1])]))
        var sink = RecordingSink()
        #expect(throws: FontError.malformed(table: FontTag("glyf"), offset: font.glyf.start, problem: .compositeTooDeep)) {
            try font.outline(of: 1, into: &sink)
        }
        #expect(try font.glyph(for: 0x41) == 1)
        #expect(try font.glyph(for: 0x42) == 0)
    }

    @Test func compositeFanOutIsBounded() throws {
        // Glyph k places glyph k − 1 eight times: 8^7 components without the budget.
        var glyphs: [[UInt8]] = [[]]
        for level in 1..<8 { glyphs.append(SyntheticFont.composite([Int](repeating: level - 1, count: 8))) }
        let font = try Font(bytes: SyntheticFont.trueType(glyphs: glyphs))
        expectRefusal(font, glyph: 7, table: FontTag("glyf"), problem: .tooManyComponents)
    }

    @Test func subroutineRecursionAndStackOverflowAreRefused() throws {
        // Glyph 1 calls local subroutine 0 (biased number −107), which calls itself.
        let callFirst: [UInt8] = [139 - 107, 10]
        let overflow = [UInt8](repeating: 139, count: 49) + [14]
        let font = try Font(bytes: SyntheticFont.compact(
            charStrings: [[14], [139, 139, 21] + callFirst + [14], overflow], subroutines: [callFirst]))
        var sink = RecordingSink()
        try font.outline(of: 0, into: &sink)
        #expect(sink.commands.isEmpty)
        expectRefusal(font, glyph: 1, table: FontTag("CFF "), problem: .subroutineTooDeep)
        expectRefusal(font, glyph: 2, table: FontTag("CFF "), problem: .stackOverflow)
    }

    @Test func collectionIndexIsChecked() throws {
        let single = SyntheticFont.trueType(glyphs: [[0, 0]])
        #expect(throws: FontError.fontIndexOutOfRange(index: 1, count: 1)) { try Font(bytes: single, index: 1) }
        let collection = Array("ttcf".utf8) + SyntheticFont.u32(0x0001_0000) + SyntheticFont.u32(1)
            + SyntheticFont.u32(16)
        let bytes = collection + single.map { $0 }
        // Table offsets in a collection count from the start of the file: shift them by the header's 16 bytes.
        var shifted = bytes
        for record in 0..<7 {
            let at = 16 + 12 + record * 16 + 8
            let offset = Int(shifted[at]) << 24 | Int(shifted[at + 1]) << 16 | Int(shifted[at + 2]) << 8 | Int(shifted[at + 3])
            shifted[at ..< at + 4] = SyntheticFont.u32(offset + 16)[...]
        }
        #expect(try Font.fontCount(in: shifted) == 1)
        #expect(try Font(bytes: shifted, index: 0).glyphCount == 1)
        #expect(throws: FontError.fontIndexOutOfRange(index: 2, count: 1)) { try Font(bytes: shifted, index: 2) }
    }
}
