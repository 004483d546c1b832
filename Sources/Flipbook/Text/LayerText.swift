import FixedPoint
import Fonts

/// A text layer's text (CATextLayer): the fonts (fallback per character), the string (or the number format), the layout settings and the
/// laid-out glyphs, in storage whose capacity is fixed when it is made. Laying out again (a new string, a
/// counting number, an animated `fontSize`, new bounds) allocates nothing.
final class LayerText {
    /// The fonts the glyphs come from (`PlacedGlyph.font` indexes them).
    let fonts: FontCascade
    /// The union of the fonts' glyph boxes, scaled later by the laid-out size (the cascade's units, y up).
    let glyphBounds: (xMin: Int64, yMin: Int64, xMax: Int64, yMax: Int64)
    /// The string's UTF-8 bytes (`0 ..< byteCount`); a number format writes its output here.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    var byteCount = 0
    let layout: TextLayout
    var alignment = TextAlignment.natural
    var isWrapped = false
    var truncation = TextTruncation.none
    /// With a format, the layer shows its `number` formatted instead of the string.
    var numberFormat: NumberFormat?

    /// The inputs of the last layout (raw Q16.16), and whether something else changed since.
    var laidOutFontSize: Int32 = 0
    var laidOutWidth: Int32 = 0
    var laidOutNumber: Int32 = 0
    var needsLayout = true
    /// The layer-space box of the laid-out glyphs (raw Q16.16 min x, min y, max x, max y), nil when none.
    var inkBox: (Int64, Int64, Int64, Int64)?

    /// Storage for strings of up to `capacity` UTF-8 bytes (as many characters and one more line).
    init(fonts: FontCascade, capacity: Int) throws(EngineError) {
        guard capacity >= 1, capacity <= LayerText.capacityLimit else {
            throw .invalidValue(layer: nil, field: "text capacity", value: Double(capacity),
                                reason: .outOfRange(min: 1, max: Double(LayerText.capacityLimit)))
        }
        glyphBounds = try LayerText.unionOfGlyphBounds(fonts)
        do throws(TextLayoutError) {
            layout = try TextLayout(glyphCapacity: capacity, lineCapacity: capacity + 1)
        } catch {
            throw .invalidValue(layer: nil, field: "text capacity", value: Double(capacity),
                                reason: .outOfRange(min: 1, max: Double(LayerText.capacityLimit)))
        }
        self.fonts = fonts
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0)
    }

    deinit {
        bytes.deallocate()
    }

    /// The box every glyph of every font lies in, in the cascade's units.
    private static func unionOfGlyphBounds(_ fonts: FontCascade) throws(EngineError) -> (Int64, Int64, Int64, Int64) {
        var box = (Int64.max, Int64.max, Int64.min, Int64.min)
        for font in fonts.fonts {
            let bounds: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
            do throws(FontError) { bounds = try font.glyphBounds() } catch { throw .font(error) }
            let scale = fonts.unitsPerEm / Int64(font.unitsPerEm)
            box = (min(box.0, Int64(bounds.xMin) * scale), min(box.1, Int64(bounds.yMin) * scale),
                   max(box.2, Int64(bounds.xMax) * scale), max(box.3, Int64(bounds.yMax) * scale))
        }
        return box
    }

    /// The largest capacity a text layer may have (UTF-8 bytes).
    static let capacityLimit = 65_536

    /// Lays the text out again when an input changed: `fontSize`, the bounds' width, the `number` (with a
    /// format), or the string or settings (`needsLayout`). A size that is not positive lays out nothing.
    /// Returns whether it laid out.
    func layOutIfNeeded(fontSize: Fixed, width: Fixed, number: Fixed) -> Bool {
        let numberChanged = numberFormat != nil && number.raw != laidOutNumber
        guard needsLayout || numberChanged || fontSize.raw != laidOutFontSize || width.raw != laidOutWidth else {
            return false
        }
        if let numberFormat { byteCount = numberFormat.write(number, into: bytes) }
        laidOutFontSize = fontSize.raw
        laidOutWidth = width.raw
        laidOutNumber = number.raw
        needsLayout = false
        let style = TextStyle(fontSize: fontSize, width: width, alignment: alignment, isWrapped: isWrapped,
                              truncation: truncation)
        do throws(TextLayoutError) {
            try layout.layOut(UnsafeBufferPointer(rebasing: bytes[0 ..< byteCount]), fonts: fonts, style: style)
        } catch {
            // Only a size that is not positive (or a font that fails on one of its glyphs) gets here: the
            // capacity holds every string that was accepted. Nothing is drawn.
            inkBox = nil
            laidOutFontSize = 0
            return true
        }
        inkBox = measuredInk(fontSize: fontSize)
        return true
    }

    /// The layout's glyph count (0 after a failed layout).
    var glyphCount: Int { laidOutFontSize > 0 ? layout.glyphCount : 0 }

    /// The box the laid-out glyphs' ink lies in: each glyph's own box (`Font.glyphBounds(of:)`, its `glyf`
    /// header) around its origin, or the fonts' common box (`glyphBounds`) for a glyph whose box cannot be read.
    /// A changing number damages its digits' box, not the font's largest glyph's around every line.
    private func measuredInk(fontSize: Fixed) -> (Int64, Int64, Int64, Int64)? {
        let size = Int64(fontSize.raw), em = fonts.unitsPerEm
        func pixels(_ units: Int64) -> Int64 { units * size / em }
        var box = (Int64.max, Int64.max, Int64.min, Int64.min)
        for index in 0 ..< layout.glyphCount {
            let placed = layout.glyphs[index]
            var glyphBox = glyphBounds
            do throws(FontError) {
                let font = fonts.fonts[placed.font]
                guard let own = try font.glyphBounds(of: placed.glyph) else { continue }
                let scale = em / Int64(font.unitsPerEm)
                glyphBox = (Int64(own.xMin) * scale, Int64(own.yMin) * scale, Int64(own.xMax) * scale, Int64(own.yMax) * scale)
            } catch {
                // A glyph whose box cannot be read lies within the fonts' common box.
            }
            let x = Int64(placed.x.raw), baseline = Int64(placed.baseline.raw)
            box = (min(box.0, x + pixels(glyphBox.xMin)), min(box.1, baseline - pixels(glyphBox.yMax)),
                   max(box.2, x + pixels(glyphBox.xMax)), max(box.3, baseline - pixels(glyphBox.yMin)))
        }
        guard box.0 <= box.2 else { return nil }
        // One pixel of margin covers the rounding of the scaled box.
        return (box.0 - 65_536, box.1 - 65_536, box.2 + 65_536, box.3 + 65_536)
    }
}
