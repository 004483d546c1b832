import FixedPoint
import Fonts
import Raster

/// Any bytes as a font (every font of a collection, at most four): metrics, characters to glyphs, kerning, and
/// the outline of every glyph (at most 4,096) into a Raster path. A refusal is a `FontError` whose offset lies
/// inside the file; a glyph that reads once reads again to the same path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let fonts: Int
    do { fonts = try Font.fontCount(in: bytes) } catch { return refusal(error, size) }
    for index in 0..<min(fonts, 4) {
        let font: Font
        do { font = try Font(bytes: bytes, index: index) } catch {
            _ = refusal(error, size)
            continue
        }
        precondition(font.unitsPerEm >= 16 && font.glyphCount >= 1, "accepted a font without units or glyphs")
        exercise(font, size)
    }
    return 0
}

private func exercise(_ font: Font, _ size: Int) {
    var previous = 0
    for scalar: UInt32 in [0x41, 0x56, 0xE9, 0x2026, 0xFFFD, 0x1F600] {
        do {
            let glyph = try font.glyph(for: scalar)
            precondition(glyph >= 0 && glyph < font.glyphCount, "cmap answered a glyph outside the font")
            _ = try font.advance(of: glyph)
            _ = try font.kerning(between: previous, and: glyph)
            previous = glyph
        } catch { _ = refusal(error, size) }
    }
    _ = try? font.typographicMetrics()
    for glyph in 0..<min(font.glyphCount, 4_096) {
        guard let first = try? GlyphPathBuilder(path: Path(), unitsPerEm: font.unitsPerEm, fontSize: Fixed(36)) else {
            continue
        }
        var builder = first, again = first
        do { try font.outline(of: glyph, into: &builder) } catch {
            _ = refusal(error, size)
            continue
        }
        do { try font.outline(of: glyph, into: &again) } catch { preconditionFailure("a glyph read once is refused the second time") }
        precondition(builder.path.pointCount == again.path.pointCount, "two reads of a glyph differ")
    }
}

/// Checks that a refusal names an offset inside the file.
private func refusal(_ error: FontError, _ size: Int) -> CInt {
    switch error {
    case .truncated(_, let offset), .malformed(_, let offset, _):
        precondition(offset >= 0 && offset <= size, "a refusal names an offset outside the file")
    case .missingTable, .fontIndexOutOfRange, .glyphOutOfRange, .path:
        break
    }
    return 0
}
