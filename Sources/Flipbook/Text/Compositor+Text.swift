import FixedPoint
import Fonts
import Raster

/// CATextLayer's content: each laid-out glyph's outline filled with the foreground colour (non-zero rule,
/// exact-area coverage, under the layer's world transform), one glyph at a time — or, for a glyph drawn before
/// at the same size, transform and sub-pixel phase and unclipped, its cached coverage (`GlyphCoverageCache`).
extension Compositor {
    @_noAllocation
    mutating func drawText(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                           _ context: DrawContext) throws(CompositorError) {
        guard entry.text.storage >= 0, let color = entry.text.foregroundColor, color.alpha > 0 else { return }
        // The clip buffer is canvas-sized like every target, so the sink cannot refuse it.
        guard var sink = try? SolidColorSink(surface: context.target, color: color.premultiplied(), opacity: opacity,
                                             mask: context.clip) else { return }
        let octets = sink.octetSpanBlender()
        let resources = context.resources
        let clip = context.target.clip
        let bounds = entry.bounds
        let failure = withUnsafeMutablePointer(to: &rasterizer) { rasterizer in
            withUnsafeMutablePointer(to: &glyphCache) { cache in
                // The text is a class read through the snapshot's resources: reading it retains it, which the
                // performance checker cannot tell from an allocation (the malloc-counting test shows none).
                _unsafePerformance { () -> FontError? in
                    let text = resources.takeUnretainedValue().texts[Int(entry.text.storage)]
                    guard text.glyphCount > 0 else { return nil }
                    // Sets the clip the cache's hits are checked against (a bad clip fails here, as the first glyph would).
                    do throws(GeometryError) { try rasterizer.pointee.reset(clip: clip) } catch { return .path(error) }
                    let fontSize = Fixed(raw: text.laidOutFontSize)
                    // The font itself is read only to draw a glyph the cache misses (a large struct, not copied per glyph).
                    var fontIndex = -1, fontTag: UInt32 = 0
                    for index in 0 ..< text.glyphCount {
                        let glyph = text.layout.glyphs[index]
                        if glyph.font != fontIndex {
                            fontIndex = glyph.font
                            fontTag = cache.pointee.isEnabled ? cache.pointee.fontTag(for: text.fonts.fonts[fontIndex]) : 0
                        }
                        let origin = Point(x: bounds.minX + glyph.x, y: bounds.minY + glyph.baseline)
                        let placed = cache.pointee.isEnabled ? PlacedGlyphKey(
                            font: fontTag, glyph: glyph.glyph, fontSize: fontSize, origin: origin, transform: world) : nil
                        if let placed, cache.pointee.replay(placed, clippedBy: rasterizer.pointee, into: &sink, octets: octets) {
                            continue
                        }
                        let font = text.fonts.fonts[fontIndex]
                        var glyphSink = GlyphRasterSink(
                            rasterizer: rasterizer,
                            placement: GlyphPlacement(unitsPerEm: font.unitsPerEm, fontSize: fontSize, origin: origin),
                            outline: StreamedOutline(transform: world))
                        do throws(GeometryError) { try rasterizer.pointee.reset(clip: clip) } catch { return .path(error) }
                        do throws(FontError) { try font.outline(of: glyph.glyph, into: &glyphSink) } catch { return error }
                        do throws(GeometryError) { try rasterizer.pointee.finish(&glyphSink.outline) } catch { return .path(error) }
                        let extent = rasterizer.pointee.segmentExtent
                        if let placed, extent.insideClip, glyphSink.reach < PlacedGlyphKey.originLimit {
                            cache.pointee.record(placed, segments: extent.box, points: glyphSink.outline.mappedPoints,
                                                 rasterizer: &rasterizer.pointee, into: &sink)
                        } else {
                            rasterizer.pointee.render(rule: .nonZero, into: &sink)
                        }
                    }
                    return nil
                }
            }
        }
        if let failure { throw .font(failure) }
    }
}
