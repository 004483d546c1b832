import FixedPoint
import Fonts
import Raster

/// CATextLayer's content: each laid-out glyph's outline filled with the foreground colour (non-zero rule,
/// exact-area coverage, under the layer's world transform), one glyph at a time.
extension Compositor {
    @_noAllocation
    mutating func drawText(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                           _ context: DrawContext) throws(CompositorError) {
        guard entry.text.storage >= 0, let color = entry.text.foregroundColor, color.alpha > 0 else { return }
        let resources = context.resources
        let clip = context.target.clip
        let bounds = entry.bounds
        let failure = withUnsafeMutablePointer(to: &rasterizer) { rasterizer in
            // The text is a class read through the snapshot's resources: reading it retains it, which the
            // performance checker cannot tell from an allocation (the malloc-counting test shows none).
            _unsafePerformance { () -> FontError? in
                let text = resources.takeUnretainedValue().texts[Int(entry.text.storage)]
                let fontSize = Fixed(raw: text.laidOutFontSize)
                for index in 0 ..< text.glyphCount {
                    let glyph = text.layout.glyphs[index]
                    let origin = Point(x: bounds.minX + glyph.x, y: bounds.minY + glyph.baseline)
                    var sink = GlyphRasterSink(
                        rasterizer: rasterizer,
                        placement: GlyphPlacement(unitsPerEm: text.font.unitsPerEm, fontSize: fontSize, origin: origin),
                        outline: StreamedOutline(transform: world))
                    do throws(GeometryError) { try rasterizer.pointee.reset(clip: clip) } catch { return .path(error) }
                    do throws(FontError) { try text.font.outline(of: glyph.glyph, into: &sink) } catch { return error }
                    do throws(GeometryError) { try rasterizer.pointee.finish(&sink.outline) } catch { return .path(error) }
                    Compositor.renderCoverage(&rasterizer.pointee, color: color, opacity: opacity, rule: .nonZero, context)
                }
                return nil
            }
        }
        if let failure { throw .font(failure) }
    }
}
