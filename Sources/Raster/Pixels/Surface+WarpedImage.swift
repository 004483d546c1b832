import FixedPoint

/// Images drawn through a warp computed per pixel (a mesh warp at its finest: every destination pixel centre
/// has its own point in the image). The caller computes a row's points; the row is then sampled and blended as
/// `drawImage` does, with transparent texels beyond the image (its edges fade over one texel, as a warped
/// outline has no exact area to take).
extension Surface {
    /// Points farther than this from the image (raw Q16.16 pixels, ±2^38) read as transparent: far outside
    /// any image, and small enough that their Q24 form cannot overflow.
    public static var warpPointLimit: Int64 { 1 << 38 }

    /// Blends `image` (layout `argb8888Premultiplied`, else `.layoutMismatch`) into pixels `x ..< x + count` of
    /// row `y`, within the clip: pixel `x + i` gets the image's bilinear reconstruction at the image point
    /// (`xs[i]`, `ys[i]`) — raw Q16.16 image pixels from its top-left corner, pixel centres at ½ — times
    /// `opacity`. `whitening` (0 … 255) mixes every sample toward white of the same alpha (255: white where the
    /// image is opaque, as the back of a sheet of paper). A point beyond `warpPointLimit` shows nothing.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func drawWarpedImageRow(_ image: Surface, y: Int, x: Int, count: Int, xs: UnsafePointer<Int64>,
                                   ys: UnsafePointer<Int64>, opacity: UInt8 = 255,
                                   whitening: UInt8 = 0) throws(RasterError) {
        guard image.layout == .argb8888Premultiplied else {
            throw .layoutMismatch(expected: .argb8888Premultiplied, actual: image.layout)
        }
        if opacity == 0 || y < clip.y || y >= clip.maxY { return }
        let start = Swift.max(x, clip.x), end = Swift.min(x &+ Swift.max(count, 0), clip.maxX)
        if start >= end { return }
        let texels = BilinearImage(pixels: UnsafePointer(image.baseAddress.assumingMemoryBound(to: UInt32.self)),
                                   strideWords: image.strideBytes / 4, width: image.width, height: image.height,
                                   clampsToEdge: false)
        let skipped = start &- x
        let sampler = PointRowSampler(image: texels, xs: xs + skipped, ys: ys + skipped,
                                      whitening: UInt32(whitening) &+ UInt32(whitening &>> 7))
        drawSampledRow(y: y, x: start, count: end &- start, sampler: sampler, opacity: opacity)
    }
}

/// Samples at points listed per pixel (`Surface.drawWarpedImageRow`), optionally mixed toward white.
struct PointRowSampler: ImageSampleSource {
    let image: BilinearImage
    let xs: UnsafePointer<Int64>
    let ys: UnsafePointer<Int64>
    /// 0 … 256: the share of white mixed in.
    let whitening: UInt32

    @inline(__always)
    func sample(_ index: Int) -> WideTexel {
        let x = xs[index], y = ys[index]
        let limit = Surface.warpPointLimit
        if x.magnitude > UInt64(limit) || y.magnitude > UInt64(limit) { return .transparent }
        // Q16.16 pixels to Q24 texel coordinates, texel centres at integers.
        let texel = image.sample(s: (x &<< 8) &- (1 &<< 23), t: (y &<< 8) &- (1 &<< 23))
        if whitening == 0 { return texel }
        // Each colour lane moves toward the alpha lane (white at that alpha): (alpha − c) < 2^32 / 256.
        let alpha = SIMD4<UInt32>(repeating: texel.lanes[3])
        return WideTexel(lanes: texel.lanes &+ ((alpha &- texel.lanes) &>> 8) &* SIMD4<UInt32>(repeating: whitening))
    }

    @inline(__always)
    func advanced(by count: Int) -> PointRowSampler {
        PointRowSampler(image: image, xs: xs + count, ys: ys + count, whitening: whitening)
    }
}
