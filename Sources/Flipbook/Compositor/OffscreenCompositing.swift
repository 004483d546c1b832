import FixedPoint
import Raster

/// Row loops that move offscreen group buffers (premultiplied `0xAARRGGBB` words, canvas coordinates)
/// onto their destination: source-over with a group opacity and an optional A8 mask, and the
/// cross-dissolve of two buffers. Arithmetic is `ChannelMath`'s: every product rounded to nearest.
///
/// Destinations whose bytes are canonical ARGB (XRGB8888, premultiplied ARGB8888) blend words directly;
/// every other layout goes through the layout's reference `decode` / `encode`.
enum OffscreenCompositing {
    /// Composites `region` of `source` over `destination` (clipped to `destination.clip`), each source
    /// pixel faded by `opacity` (0 … 255) and, when given, by the A8 `mask` pixel at the same place.
    @inline(__always)
    @_noAllocation
    static func composite(_ source: Surface, over destination: Surface, region: IntRect, opacity: UInt8,
                          mask: Surface?) {
        let area = region.intersection(destination.clip).intersection(source.bounds)
        if area.isEmpty || opacity == 0 { return }
        let canonical = isCanonicalARGB(destination.layout)
        for y in area.y..<area.maxY {
            let from = source.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            if canonical, mask == nil {
                // The common case, kept free of per-pixel branches on the layout and mask.
                let to = destination.rowAddress(y).assumingMemoryBound(to: UInt32.self)
                let factor = UInt32(opacity)
                for x in area.x..<area.maxX {
                    let faded = factor == 255 ? from[x] : ChannelMath.scaleBytes(from[x], by: factor)
                    to[x] = ChannelMath.sourceOver(faded, to[x], inverseAlpha: 255 &- (faded &>> 24))
                }
                continue
            }
            let maskRow = mask.map { $0.rowAddress(y).assumingMemoryBound(to: UInt8.self) }
            for x in area.x..<area.maxX {
                var factor = UInt32(opacity)
                if let maskRow { factor = ChannelMath.multiply(factor, UInt32(maskRow[x])) }
                let pixel = from[x]
                if pixel == 0 || factor == 0 { continue }
                let faded = factor == 255 ? pixel : ChannelMath.scaleBytes(pixel, by: factor)
                blend(faded, into: destination, x: x, y: y, canonical: canonical)
            }
        }
    }

    /// Replaces `region` of `outgoing` with the cross-dissolve `outgoing · (1 − p) + incoming · p`,
    /// `p = progress / 255`, per premultiplied channel.
    @inline(__always)
    @_noAllocation
    static func dissolve(_ outgoing: Surface, toward incoming: Surface, region: IntRect, progress: UInt8) {
        let area = region.intersection(outgoing.bounds)
        if area.isEmpty { return }
        let keep = 255 &- UInt32(progress), take = UInt32(progress)
        for y in area.y..<area.maxY {
            let old = outgoing.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            let new = incoming.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            for x in area.x..<area.maxX {
                old[x] = limitedToAlpha(ChannelMath.scaleBytes(old[x], by: keep) &+ ChannelMath.scaleBytes(new[x], by: take))
            }
        }
    }

    /// Replaces `region` of `outgoing` with `outgoing · (1 − w) + incoming · w`, per premultiplied channel, the
    /// weight w of each pixel from the A8 `weights` buffer (`w = weight / 255`): two layers of one picture that
    /// share an edge without either showing the other through it.
    @inline(__always)
    @_noAllocation
    static func dissolve(_ outgoing: Surface, toward incoming: Surface, region: IntRect, weights: Surface) {
        let area = region.intersection(outgoing.bounds).intersection(weights.bounds)
        if area.isEmpty { return }
        for y in area.y..<area.maxY {
            let old = outgoing.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            let new = incoming.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            let weight = weights.rowAddress(y).assumingMemoryBound(to: UInt8.self)
            for x in area.x..<area.maxX {
                let take = UInt32(weight[x])
                if take == 0 { continue }
                old[x] = take == 255 ? new[x]
                    : limitedToAlpha(ChannelMath.scaleBytes(old[x], by: 255 &- take) &+ ChannelMath.scaleBytes(new[x], by: take))
            }
        }
    }

    /// Multiplies the red, green and blue of every pixel of `region` by `tint`'s (`c × t / 255`, rounded to
    /// nearest; alpha kept, so the pixels stay premultiplied).
    @inline(__always)
    @_noAllocation
    static func tint(_ surface: Surface, by tint: Color, region: IntRect) {
        let area = region.intersection(surface.bounds)
        if area.isEmpty { return }
        let red = UInt32(tint.red), green = UInt32(tint.green), blue = UInt32(tint.blue)
        for y in area.y..<area.maxY {
            let row = surface.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            for x in area.x..<area.maxX {
                let pixel = row[x]
                if pixel == 0 { continue }
                let r = ChannelMath.multiply((pixel &>> 16) & 0xFF, red)
                let g = ChannelMath.multiply((pixel &>> 8) & 0xFF, green), b = ChannelMath.multiply(pixel & 0xFF, blue)
                row[x] = pixel & 0xFF00_0000 | r &<< 16 | g &<< 8 | b
            }
        }
    }

    /// Source-over of one premultiplied canonical word into the destination pixel at (x, y).
    @inline(__always)
    private static func blend(_ argb: UInt32, into destination: Surface, x: Int, y: Int, canonical: Bool) {
        if canonical {
            let pixel = destination.rowAddress(y).assumingMemoryBound(to: UInt32.self) + x
            pixel.pointee = ChannelMath.sourceOver(argb, pixel.pointee, inverseAlpha: 255 &- (argb &>> 24))
            return
        }
        let layout = destination.layout
        let address = destination.rowAddress(y) + x &* layout.bytesPerPixel
        var value: UInt32 = 0
        for byte in 0..<layout.bytesPerPixel {
            value |= UInt32(address.load(fromByteOffset: byte, as: UInt8.self)) &<< UInt32(8 &* byte)
        }
        let under = layout.decode(value)
        let blended = ChannelMath.sourceOver(argb, under.packedARGB, inverseAlpha: 255 &- (argb &>> 24))
        let color = PremultipliedColor.blended(blended)
        let encoded = layout.encode(color)
        for byte in 0..<layout.bytesPerPixel {
            address.storeBytes(of: UInt8(truncatingIfNeeded: encoded &>> UInt32(8 &* byte)), toByteOffset: byte, as: UInt8.self)
        }
    }

    /// Whether 32-bit words of `layout` hold blue, green, red (and alpha or unused) in canonical ARGB order.
    @inline(__always)
    @_noAllocation
    static func isCanonicalARGB(_ layout: PixelLayout) -> Bool {
        layout.bitsPerPixel == 32 && layout.red.offset == 16 && layout.green.offset == 8 && layout.blue.offset == 0
            && layout.red.length == 8 && layout.green.length == 8 && layout.blue.length == 8
    }

    /// A sum of two faded premultiplied words with each colour byte kept at most the alpha byte.
    @inline(__always)
    private static func limitedToAlpha(_ argb: UInt32) -> UInt32 {
        let alpha = min(argb &>> 24, 255)
        let red = min((argb &>> 16) & 0xFF, alpha), green = min((argb &>> 8) & 0xFF, alpha)
        let blue = min(argb & 0xFF, alpha)
        return alpha &<< 24 | red &<< 16 | green &<< 8 | blue
    }
}

extension PremultipliedColor {
    /// The colour of a canonical premultiplied word built by blending valid colours (every channel at most
    /// alpha, so the checked initialiser cannot refuse it; `.clear` stands in if it ever did).
    @inline(__always)
    @_noAllocation
    static func blended(_ argb: UInt32) -> PremultipliedColor {
        (try? PremultipliedColor(packedARGB: argb)) ?? .clear
    }
}
