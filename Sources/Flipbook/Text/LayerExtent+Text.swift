import FixedPoint

/// What a text layer's glyphs cover, for damage and drawing decisions.
extension LayerExtent {
    /// Whether the entry is a text layer with laid-out text and a visible foreground colour.
    @inline(__always)
    @_noAllocation
    static func hasText(_ entry: PresentationLayer) -> Bool {
        guard entry.text.storage >= 0, let color = entry.text.foregroundColor else { return false }
        return color.alpha > 0
    }

    /// The layer-space box (raw Q16.16) the laid-out glyphs lie in (the font's glyph box around every line), or
    /// nil when nothing is drawn.
    @inline(__always)
    @_noAllocation
    static func textBox(_ entry: PresentationLayer, resources: Unmanaged<EngineResources>) -> (Int64, Int64, Int64, Int64)? {
        guard hasText(entry) else { return nil }
        // Reading the text retains it, which the checker cannot tell from an allocation.
        guard let ink = _unsafePerformance({ resources.takeUnretainedValue().texts[Int(entry.text.storage)].inkBox })
        else { return nil }
        let x = Int64(entry.bounds.minX.raw), y = Int64(entry.bounds.minY.raw)
        return (ink.0 &+ x, ink.1 &+ y, ink.2 &+ x, ink.3 &+ y)
    }
}
