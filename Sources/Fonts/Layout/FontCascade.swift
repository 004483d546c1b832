/// The fonts of a text in fallback order (CoreText's cascade list, Pango's font set): each character is drawn
/// with the first font whose `cmap` maps it, and with the first font's `.notdef` when none does.
///
/// Layout measures every font in one unit, 1/`unitsPerEm` em, where `unitsPerEm` is the least common multiple of
/// the fonts' own (at most 2^24): a font's advances, kerning and line metrics are its font units times
/// `unitsPerEm / font.unitsPerEm`, exactly, so a single-font cascade lays out exactly as that font alone.
/// Made once (it holds an array); laying out with it allocates nothing.
public struct FontCascade: Sendable {
    /// The most fonts a cascade takes.
    public static let fontLimit = 16
    /// The largest common unit (the least common multiple of the fonts' unitsPerEm).
    public static let unitsPerEmLimit = 1 << 24

    /// The fonts, the first (primary) one first.
    public let fonts: [Font]
    /// The common unit of layout: the least common multiple of the fonts' unitsPerEm.
    public let unitsPerEm: Int64
    /// Per font: common units per font unit, and the line metrics in common units.
    let scales: [CascadeFontScale]

    /// A cascade of one font (lays out exactly as that font alone).
    public init(_ font: Font) {
        fonts = [font]
        unitsPerEm = Int64(font.unitsPerEm)
        scales = [CascadeFontScale(font, multiplier: 1)]
    }

    /// A cascade of `fonts` in fallback order.
    ///
    /// - Throws: `.invalidFontCascade` when the list is empty, longer than `fontLimit`, or when the least common
    ///   multiple of the unitsPerEm of the fonts up to `fontIndex` passes `unitsPerEmLimit`.
    public init(_ fonts: [Font]) throws(TextLayoutError) {
        guard !fonts.isEmpty, fonts.count <= FontCascade.fontLimit else {
            throw .invalidFontCascade(fontIndex: fonts.count, problem: .fontCount)
        }
        var common: Int64 = 1
        for (index, font) in fonts.enumerated() {
            let em = Int64(font.unitsPerEm)
            common = common / FontCascade.greatestCommonDivisor(common, em) * em
            guard common <= Int64(FontCascade.unitsPerEmLimit) else {
                throw .invalidFontCascade(fontIndex: index, problem: .unitsPerEmIncommensurable)
            }
        }
        self.fonts = fonts
        unitsPerEm = common
        scales = fonts.map { CascadeFontScale($0, multiplier: common / Int64($0.unitsPerEm)) }
    }

    private static func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The first font that maps `scalar` and its glyph; (0, 0), the primary font's `.notdef`, when none does.
    ///
    /// - Throws: `.font` (`.fallbackFont`) when a font's `cmap` cannot be read.
    public func glyph(for scalar: UInt32) throws(TextLayoutError) -> (font: Int, glyph: Int) {
        for index in fonts.indices {
            let glyph: Int
            do { glyph = try fonts[index].glyph(for: scalar) } catch { throw .failure(error, font: index) }
            if glyph != 0 { return (index, glyph) }
        }
        return (0, 0)
    }

    /// The advance of `glyph` of font `font` in common units.
    func advance(of glyph: Int, font: Int) throws(TextLayoutError) -> Int64 {
        do { return Int64(try fonts[font].advance(of: glyph)) * scales[font].multiplier } catch {
            throw .failure(error, font: font)
        }
    }

    /// Pair kerning in common units: only between two glyphs of the same font.
    func kerning(_ left: Int, _ leftFont: Int, _ right: Int, _ rightFont: Int) throws(TextLayoutError) -> Int64 {
        guard leftFont == rightFont else { return 0 }
        do {
            return Int64(try fonts[leftFont].kerning(between: left, and: right)) * scales[leftFont].multiplier
        } catch { throw .failure(error, font: leftFont) }
    }
}

/// One font of a cascade in common units: the multiplier from its font units, and its hhea line metrics.
struct CascadeFontScale: Sendable {
    let multiplier: Int64
    let ascender: Int64
    /// Negative below the baseline.
    let descender: Int64
    let lineGap: Int64

    init(_ font: Font, multiplier: Int64) {
        self.multiplier = multiplier
        ascender = Int64(font.ascender) * multiplier
        descender = Int64(font.descender) * multiplier
        lineGap = Int64(font.lineGap) * multiplier
    }
}
