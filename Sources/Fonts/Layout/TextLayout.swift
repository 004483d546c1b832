import FixedPoint

/// A glyph placed by layout: its id and its origin (pen position on the baseline) in pixels, Q16.16, y down
/// from the top of the layout box.
public struct PlacedGlyph: Equatable, Sendable {
    /// The glyph id in the font.
    public var glyph: Int
    /// The origin's x in pixels from the box's left edge.
    public var x: Fixed
    /// The baseline's y in pixels from the box's top.
    public var baseline: Fixed
}

/// One laid-out line: its glyphs (`firstGlyph ..< firstGlyph + glyphCount` of `TextLayout.glyphs`), its width in
/// pixels (advances with kerning, a wrapped line's trailing spaces excluded) and its baseline.
public struct LaidOutLine: Equatable, Sendable {
    /// The index of the line's first glyph in `TextLayout.glyphs`.
    public var firstGlyph: Int
    /// How many glyphs the line has.
    public var glyphCount: Int
    /// The line's width in pixels.
    public var width: Fixed
    /// The line's baseline in pixels from the box's top.
    public var baseline: Fixed
}

/// Why a layout could not be made.
public enum TextLayoutError: Error, Equatable, Sendable {
    /// A capacity given at setup is below 1 (`glyphs` or `lines`).
    case invalidCapacity(glyphs: Int, lines: Int)
    /// The font size is not positive (raw Q16.16).
    case invalidFontSize(raw: Int32)
    /// The text needs more glyphs or lines than the storage was made for.
    case capacityExceeded(glyphs: Int, lines: Int)
    /// The font could not be read.
    case font(FontError)
}

/// Text laid out into lines of placed glyphs (SCENE-FORMAT.md "Text layers"), in storage of a capacity fixed at
/// setup: `layOut` allocates nothing (the storage is plain memory, so no copy-on-write path can reach the allocator).
///
/// Lines start at the top of the box; a line's baseline is the ascender below its top and lines advance by
/// ascender − descender + line gap (hhea), all in font units scaled by fontSize / unitsPerEm. `"\n"` breaks a line;
/// wrapping breaks after spaces and hyphens (a word longer than the line anywhere); an unwrapped line wider than
/// the box is cut with U+2026 where `truncation` says. Glyphs come in logical order (no shaping, no bidi).
public final class TextLayout {
    /// The placed glyphs; only the first `glyphCount` are laid out.
    public var glyphs: UnsafeBufferPointer<PlacedGlyph> { UnsafeBufferPointer(glyphStorage) }
    /// The lines; only the first `lineCount` are laid out.
    public var lines: UnsafeBufferPointer<LaidOutLine> { UnsafeBufferPointer(lineStorage) }
    /// The most characters a layout takes.
    public var glyphCapacity: Int { items.count }
    private let glyphStorage: UnsafeMutableBufferPointer<PlacedGlyph>
    private let lineStorage: UnsafeMutableBufferPointer<LaidOutLine>
    /// How many glyphs the last layout placed.
    public private(set) var glyphCount = 0
    /// How many lines the last layout made.
    public private(set) var lineCount = 0
    /// Decoded characters: scalar, glyph, advance in font units.
    let items: UnsafeMutableBufferPointer<LayoutItem>
    var itemCount = 0
    var scale = LayoutScale(fontSizeRaw: 0, unitsPerEm: 1)

    /// Storage for at most `glyphCapacity` characters and `lineCapacity` lines.
    public init(glyphCapacity: Int, lineCapacity: Int) throws(TextLayoutError) {
        guard glyphCapacity >= 1, lineCapacity >= 1 else {
            throw .invalidCapacity(glyphs: glyphCapacity, lines: lineCapacity)
        }
        glyphStorage = .allocate(capacity: glyphCapacity + 1)
        glyphStorage.initialize(repeating: PlacedGlyph(glyph: 0, x: .zero, baseline: .zero))
        lineStorage = .allocate(capacity: lineCapacity)
        lineStorage.initialize(repeating: LaidOutLine(firstGlyph: 0, glyphCount: 0, width: .zero, baseline: .zero))
        items = .allocate(capacity: glyphCapacity)
        items.initialize(repeating: LayoutItem(scalar: 0, glyph: 0, advance: 0))
    }

    deinit {
        glyphStorage.deallocate()
        lineStorage.deallocate()
        items.deallocate()
    }

    /// Lays out `text` (UTF-8; invalid sequences become U+FFFD) with `font` and `style`, replacing what was laid
    /// out before.
    ///
    /// - Throws: `.invalidFontSize`, `.capacityExceeded` when the text has more characters or lines than the
    ///   storage, `.font` when the font cannot be read.
    public func layOut(_ text: UnsafeBufferPointer<UInt8>, font: Font, style: TextStyle) throws(TextLayoutError) {
        guard style.fontSize.raw > 0 else { throw .invalidFontSize(raw: style.fontSize.raw) }
        glyphCount = 0
        lineCount = 0
        itemCount = 0
        scale = LayoutScale(fontSizeRaw: Int64(style.fontSize.raw), unitsPerEm: Int64(font.unitsPerEm))
        try decode(text, font: font)
        try breakLines(font: font, style: style)
    }

    /// Decodes the text into `items`.
    private func decode(_ text: UnsafeBufferPointer<UInt8>, font: Font) throws(TextLayoutError) {
        var index = 0
        while index < text.count {
            let (scalar, length) = UTF8Decoding.scalar(in: text, at: index)
            index += length
            guard itemCount < items.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
            var glyph = 0, advance = 0
            if scalar != 0x0A {
                do {
                    glyph = try font.glyph(for: scalar)
                    advance = try font.advance(of: glyph)
                } catch { throw .font(error) }
            }
            items[itemCount] = LayoutItem(scalar: scalar, glyph: glyph, advance: advance)
            itemCount += 1
        }
    }

    /// Appends a line made of items `prefix`, then U+2026 when `ellipsis` is given (its glyph and advance), then
    /// items `suffix`, aligned in the box.
    func appendLine(
        prefix: Range<Int>, ellipsis: (glyph: Int, advance: Int)?, suffix: Range<Int>, width: Int,
        isParagraphEnd: Bool, font: Font, style: TextStyle
    ) throws(TextLayoutError) {
        guard lineCount < lines.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
        let first = glyphCount
        var pen = LinePen()
        for index in prefix { try place(items[index].glyph, items[index].advance, &pen, font) }
        if let ellipsis { try place(ellipsis.glyph, ellipsis.advance, &pen, font) }
        for index in suffix { try place(items[index].glyph, items[index].advance, &pen, font) }
        let height = font.ascender - font.descender + font.lineGap
        let baseline = scale.pixels(font.ascender + lineCount * height)
        let lineWidth = scale.pixels(width)
        let extra = Int64(style.width.raw) - Int64(lineWidth.raw)
        var offset: Int64 = 0
        switch style.alignment {
        case .natural, .left, .justified: break
        case .right: offset = extra
        case .center: offset = extra / 2
        }
        // Justified: the k-th of n interior spaces (spaces before the last non-space) widens by extra / n.
        var lastVisible = prefix.upperBound
        while lastVisible > prefix.lowerBound, items[lastVisible - 1].scalar == 0x20 { lastVisible -= 1 }
        let justifies = style.alignment == .justified && !isParagraphEnd && extra > 0 && ellipsis == nil
        let interiorSpaces = prefix.lowerBound..<(justifies ? lastVisible : prefix.lowerBound)
        var spaceCount: Int64 = 0
        for index in interiorSpaces where items[index].scalar == 0x20 { spaceCount += 1 }
        var spacesBefore: Int64 = 0
        for index in first..<glyphCount {
            var x = Int64(scale.pixels(Int(glyphs[index].x.raw)).raw) + offset
            if spaceCount > 0 {
                x += extra * spacesBefore / spaceCount
                let item = prefix.lowerBound + index - first
                if interiorSpaces.contains(item), items[item].scalar == 0x20 { spacesBefore += 1 }
            }
            glyphStorage[index].x = Fixed(raw: Int32(clamping: x))
            glyphStorage[index].baseline = baseline
        }
        lineStorage[lineCount] = LaidOutLine(firstGlyph: first, glyphCount: glyphCount - first, width: lineWidth, baseline: baseline)
        lineCount += 1
    }

    /// Where the next glyph of a line goes (font units) and the glyph before it (for kerning).
    private struct LinePen {
        var x = 0
        var previous = -1
    }

    /// Appends a glyph at the pen (in font units for now; `appendLine` converts the line to pixels).
    private func place(_ glyph: Int, _ advance: Int, _ pen: inout LinePen, _ font: Font) throws(TextLayoutError) {
        guard glyphCount < glyphs.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
        if pen.previous >= 0 {
            do { pen.x += try font.kerning(between: pen.previous, and: glyph) } catch { throw .font(error) }
        }
        glyphStorage[glyphCount] = PlacedGlyph(glyph: glyph, x: Fixed(raw: Int32(truncatingIfNeeded: pen.x)), baseline: .zero)
        glyphCount += 1
        pen.x += advance
        pen.previous = glyph
    }
}

/// One decoded character: its scalar, its glyph and the glyph's advance in font units.
struct LayoutItem {
    var scalar: UInt32
    var glyph: Int
    var advance: Int
}

/// Font units to Q16.16 pixels: units × fontSize / unitsPerEm, rounded to the nearest 1/65,536 px.
struct LayoutScale {
    let fontSizeRaw: Int64
    let unitsPerEm: Int64

    func pixels(_ units: Int) -> Fixed {
        let product = Int64(units) * fontSizeRaw, half = unitsPerEm / 2
        let value = product >= 0 ? (product + half) / unitsPerEm : -((-product + half) / unitsPerEm)
        return Fixed(raw: Int32(clamping: value))
    }

    /// The box width in whole font units (rounded down).
    func units(_ pixels: Fixed) -> Int { Int(clamping: Int64(pixels.raw) * unitsPerEm / fontSizeRaw) }
}
