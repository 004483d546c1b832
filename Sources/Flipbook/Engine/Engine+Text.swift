import FixedPoint
import Fonts

extension Engine {
    /// The default capacity of a text layer: UTF-8 bytes of its string (as many characters, and one more line).
    public static let defaultTextCapacity = 256

    /// Sets a text layer's font and makes its text storage, with room for strings of up to `capacity` UTF-8
    /// bytes (fixed from now on: a longer string is refused). Call once per layer, at setup; later calls
    /// replace the font and keep the string and settings if they fit.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `font` when the font's `head` table cannot be read,
    ///   `invalidValue` for a capacity outside 1 … 65,536, `textCapacityExceeded` when the current string does
    ///   not fit the new capacity, `poolFull(.resources)`.
    public func setFont(_ font: Font, capacity: Int = Engine.defaultTextCapacity, of layer: LayerID) throws(EngineError) {
        try setFonts(FontCascade(font), capacity: capacity, of: layer)
    }

    /// Sets a text layer's fonts in fallback order (each character drawn with the first font that maps it) and
    /// makes its text storage, as `setFont` does.
    ///
    /// - Throws: as `setFont`; `font` when a font's `head` table cannot be read.
    public func setFonts(_ fonts: FontCascade, capacity: Int = Engine.defaultTextCapacity, of layer: LayerID) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .text, field: "font")
        let text = try LayerText(fonts: fonts, capacity: capacity)
        let existing = nodes[Int(layerIndex)].text
        if existing >= 0 {
            let old = presentation.resources.texts[Int(existing)]
            guard old.byteCount <= capacity else {
                throw .textCapacityExceeded(layer: layerName(layerIndex), capacity: capacity, needed: old.byteCount)
            }
            text.bytes.baseAddress!.update(from: old.bytes.baseAddress!, count: old.byteCount)
            text.byteCount = old.byteCount
            text.alignment = old.alignment
            text.isWrapped = old.isWrapped
            text.truncation = old.truncation
            text.numberFormat = old.numberFormat
        }
        try EngineResources.store(text, in: &presentation.resources.texts, slot: &nodes[Int(layerIndex)].text)
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// A text layer's string (UTF-8; `"\n"` breaks a line, invalid sequences show U+FFFD). Laid out at the next
    /// frame, without allocating.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `noFont` before the layer's font is set,
    ///   `textCapacityExceeded` when the string has more UTF-8 bytes than the layer's capacity.
    public func setString(_ string: String, of layer: LayerID) throws(EngineError) {
        let (layerIndex, text) = try textStorage(of: layer, field: "string")
        var needed = 0
        for _ in string.utf8 { needed &+= 1 }
        guard needed <= text.bytes.count else {
            throw .textCapacityExceeded(layer: layerName(layerIndex), capacity: text.bytes.count, needed: needed)
        }
        var count = 0
        for byte in string.utf8 {
            text.bytes[count] = byte
            count &+= 1
        }
        text.byteCount = count
        text.needsLayout = true
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// A text layer's string as it is now (with a number format: the last formatted number).
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `noFont` before the layer's font is set.
    public func string(of layer: LayerID) throws(EngineError) -> String {
        let text = try textStorage(of: layer, field: "string").text
        return String(decoding: UnsafeBufferPointer(rebasing: text.bytes[0 ..< text.byteCount]), as: UTF8.self)
    }

    /// A text layer's layout settings (not animatable): `alignmentMode`, `isWrapped`, `truncationMode`.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `noFont` before the layer's font is set.
    public func setTextLayout(
        alignment: TextAlignment = .natural, isWrapped: Bool = false, truncation: TextTruncation = .none,
        of layer: LayerID
    ) throws(EngineError) {
        let (layerIndex, text) = try textStorage(of: layer, field: "alignmentMode")
        text.alignment = alignment
        text.isWrapped = isWrapped
        text.truncation = truncation
        text.needsLayout = true
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// Makes a text layer show its `number` property formatted by `format` (nil: its string again).
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `noFont` before the layer's font is set,
    ///   `textCapacityExceeded` when the longest output of the format exceeds the layer's capacity.
    public func setNumberFormat(_ format: NumberFormat?, of layer: LayerID) throws(EngineError) {
        let (layerIndex, text) = try textStorage(of: layer, field: "numberFormat")
        if let format, format.maximumOutputLength > text.bytes.count {
            throw .textCapacityExceeded(layer: layerName(layerIndex), capacity: text.bytes.count,
                                        needed: format.maximumOutputLength)
        }
        text.numberFormat = format
        text.needsLayout = true
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// The glyphs a text layer laid out at the last frame: glyph ids and positions in the bounds (pixels).
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `noFont` before the layer's font is set.
    public func laidOutGlyphs(of layer: LayerID) throws(EngineError) -> [PlacedGlyph] {
        let text = try textStorage(of: layer, field: "string").text
        return Array(text.layout.glyphs[0 ..< text.glyphCount])
    }

    /// The layer's text storage; `noFont` naming `field` before its font is set.
    func textStorage(of layer: LayerID, field: String) throws(EngineError) -> (layerIndex: Int32, text: LayerText) {
        let layerIndex = try checkedKind(layer, .text, field: field)
        let index = nodes[Int(layerIndex)].text
        guard index >= 0 else { throw .noFont(layer: layerName(layerIndex), field: field) }
        return (layerIndex, presentation.resources.texts[Int(index)])
    }
}
