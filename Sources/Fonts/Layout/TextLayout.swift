import FixedPoint

/// A glyph placed by layout: its id and its origin (pen position on the baseline) in pixels, Q16.16, y down
/// from the top of the layout box.
public struct PlacedGlyph: Equatable, Sendable {
    /// The glyph id in its font.
    public var glyph: Int
    /// Which font of the layout's `FontCascade` the glyph is from (0 for the first).
    public var font: Int
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

/// Text laid out into lines of placed glyphs (SCENE-FORMAT.md "Text layers"), in storage of a capacity fixed at
/// setup: `layOut` allocates nothing (the storage is plain memory, so no copy-on-write path can reach the allocator).
///
/// Each character takes the first font of the cascade that maps it. Lines start at the top of the box; a line's
/// baseline is its ascender below its top and the next line starts ascender − descender + line gap lower (hhea;
/// each the largest among the fonts of the line's glyphs, the first font's for an empty line), all in the
/// cascade's units scaled by fontSize / unitsPerEm. `"\n"` breaks a line; wrapping breaks after spaces and
/// hyphens (a word longer than the line anywhere); an unwrapped line wider than the box is cut with U+2026 where
/// `truncation` says. Kerning applies between neighbours of one font. Glyphs come in logical order (no shaping,
/// no bidi).
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
    /// Decoded characters: scalar, font, glyph, advance in layout units.
    let items: UnsafeMutableBufferPointer<LayoutItem>
    var itemCount = 0
    var scale = LayoutScale(fontSizeRaw: 0, unitsPerEm: 1)
    /// The top of the next line in layout units.
    var lineTop: Int64 = 0
    /// The cascade `layOut(_:font:style:)` made for its font (kept while the font is the same).
    private var singleFont: FontCascade?

    /// The most characters a layout may be made for (so that a line's width in layout units fits 64 bits).
    public static let glyphCapacityLimit = 1 << 20

    /// Storage for at most `glyphCapacity` characters and `lineCapacity` lines.
    ///
    /// - Throws: `.invalidCapacity` when a capacity is below 1 or `glyphCapacity` is above `glyphCapacityLimit`.
    public init(glyphCapacity: Int, lineCapacity: Int) throws(TextLayoutError) {
        guard glyphCapacity >= 1, glyphCapacity <= TextLayout.glyphCapacityLimit, lineCapacity >= 1 else {
            throw .invalidCapacity(glyphs: glyphCapacity, lines: lineCapacity)
        }
        glyphStorage = .allocate(capacity: glyphCapacity + 1)
        glyphStorage.initialize(repeating: PlacedGlyph(glyph: 0, font: 0, x: .zero, baseline: .zero))
        lineStorage = .allocate(capacity: lineCapacity)
        lineStorage.initialize(repeating: LaidOutLine(firstGlyph: 0, glyphCount: 0, width: .zero, baseline: .zero))
        items = .allocate(capacity: glyphCapacity)
        items.initialize(repeating: LayoutItem(scalar: 0, font: 0, glyph: 0, advance: 0))
    }

    deinit {
        glyphStorage.deallocate()
        lineStorage.deallocate()
        items.deallocate()
    }

    /// Lays out `text` (UTF-8; invalid sequences become U+FFFD) with `font` and `style`, replacing what was laid
    /// out before. Allocates only when `font` is not the font of the last call (its one-font cascade).
    ///
    /// - Throws: as `layOut(_:fonts:style:)`.
    public func layOut(_ text: UnsafeBufferPointer<UInt8>, font: Font, style: TextStyle) throws(TextLayoutError) {
        if singleFont?.fonts[0].identity != font.identity { singleFont = FontCascade(font) }
        guard let singleFont else { return }
        try layOut(text, fonts: singleFont, style: style)
    }

    /// Lays out `text` (UTF-8; invalid sequences become U+FFFD) with the fonts of `fonts` (fallback per character)
    /// and `style`, replacing what was laid out before. Allocates nothing.
    ///
    /// - Throws: `.invalidFontSize`, `.capacityExceeded` when the text has more characters or lines than the
    ///   storage, `.font` / `.fallbackFont` when a font cannot be read.
    public func layOut(_ text: UnsafeBufferPointer<UInt8>, fonts: FontCascade, style: TextStyle) throws(TextLayoutError) {
        guard style.fontSize.raw > 0 else { throw .invalidFontSize(raw: style.fontSize.raw) }
        glyphCount = 0
        lineCount = 0
        itemCount = 0
        lineTop = 0
        scale = LayoutScale(fontSizeRaw: Int64(style.fontSize.raw), unitsPerEm: fonts.unitsPerEm)
        try decode(text, fonts: fonts)
        try breakLines(fonts: fonts, style: style)
    }

    /// Decodes the text into `items`.
    private func decode(_ text: UnsafeBufferPointer<UInt8>, fonts: FontCascade) throws(TextLayoutError) {
        var index = 0
        while index < text.count {
            let (scalar, length) = UTF8Decoding.scalar(in: text, at: index)
            index += length
            guard itemCount < items.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
            var item = LayoutItem(scalar: scalar, font: 0, glyph: 0, advance: 0)
            if scalar != 0x0A {
                let (font, glyph) = try fonts.glyph(for: scalar)
                item.font = Int32(font)
                item.glyph = glyph
                item.advance = try fonts.advance(of: glyph, font: font)
                if itemCount > 0, items[itemCount - 1].scalar != 0x0A {
                    let previous = items[itemCount - 1]
                    item.kerningBefore = try fonts.kerning(previous.glyph, Int(previous.font), glyph, font)
                }
            }
            items[itemCount] = item
            itemCount += 1
        }
    }

    /// Appends a line made of items `prefix`, then `ellipsis` (U+2026) when given, then items `suffix`, aligned in
    /// the box; `width` is the line's width in layout units.
    func appendLine(
        prefix: Range<Int>, ellipsis: LayoutItem?, suffix: Range<Int>, width: Int64,
        isParagraphEnd: Bool, fonts: FontCascade, style: TextStyle
    ) throws(TextLayoutError) {
        guard lineCount < lines.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
        let first = glyphCount
        var pen = LinePen()
        for index in prefix {
            try place(items[index], &pen, kerning: index > prefix.lowerBound ? items[index].kerningBefore : 0)
        }
        if let ellipsis { try place(ellipsis, &pen, kerning: try pen.kerning(before: ellipsis, fonts)) }
        for index in suffix {
            let kerning = index > suffix.lowerBound ? items[index].kerningBefore : try pen.kerning(before: items[index], fonts)
            try place(items[index], &pen, kerning: kerning)
        }
        let metrics = LineMetrics(fonts: fonts, used: pen.usedFonts)
        let baseline = scale.pixels(lineTop + metrics.ascender)
        lineTop += metrics.height
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
            var x = Int64(glyphs[index].x.raw) + offset
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

    /// Where the next glyph of a line goes (layout units), the glyph before it (for kerning) and the fonts used.
    private struct LinePen {
        var x: Int64 = 0
        var previous = -1
        var previousFont = 0
        /// Bit n: font n of the cascade has a glyph on the line.
        var usedFonts: UInt32 = 0

        /// The kerning between the glyph placed last and `item` (0 at the line's start), for neighbours that are not
        /// neighbours in the text (either side of an ellipsis).
        func kerning(before item: LayoutItem, _ fonts: FontCascade) throws(TextLayoutError) -> Int64 {
            previous >= 0 ? try fonts.kerning(previous, previousFont, item.glyph, Int(item.font)) : 0
        }
    }

    /// Appends an item's glyph at the pen, `kerning` after the glyph before it (x in pixels from the line's start;
    /// `appendLine` aligns the line).
    private func place(_ item: LayoutItem, _ pen: inout LinePen, kerning: Int64) throws(TextLayoutError) {
        guard glyphCount < glyphs.count else { throw .capacityExceeded(glyphs: items.count, lines: lines.count) }
        let font = Int(item.font)
        pen.x += kerning
        glyphStorage[glyphCount] = PlacedGlyph(glyph: item.glyph, font: font, x: scale.pixels(pen.x), baseline: .zero)
        glyphCount += 1
        pen.x += item.advance
        pen.previous = item.glyph
        pen.previousFont = font
        pen.usedFonts |= 1 << UInt32(font)
    }
}

/// One decoded character: its scalar, the cascade font it resolved to, its glyph there, the glyph's advance and
/// the kerning between the character before it and this one (0 after a line feed or the text's start), in layout
/// units. Kerning is looked up once per pair of neighbours, however often line breaking measures them.
struct LayoutItem {
    var scalar: UInt32
    var font: Int32
    var glyph: Int
    var advance: Int64
    var kerningBefore: Int64 = 0
}

/// A line's vertical metrics in layout units: the largest ascender, descender (as a depth) and line gap among
/// the fonts with a glyph on the line (CoreText's line bounds over its runs); the first font's for an empty line.
struct LineMetrics {
    var ascender = Int64.min
    var depth = Int64.min
    var lineGap = Int64.min

    init(fonts: FontCascade, used: UInt32) {
        let used = used == 0 ? 1 : used
        for index in fonts.scales.indices where used & (1 << UInt32(index)) != 0 {
            ascender = max(ascender, fonts.scales[index].ascender)
            depth = max(depth, -fonts.scales[index].descender)
            lineGap = max(lineGap, fonts.scales[index].lineGap)
        }
    }

    /// From this line's top to the next line's.
    var height: Int64 { ascender + depth + lineGap }
}
