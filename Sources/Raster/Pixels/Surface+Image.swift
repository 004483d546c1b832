import FixedPoint

/// Images (premultiplied ARGB8888 surfaces) drawn under affine and perspective transforms with bilinear
/// filtering, source-over, faded by an opacity.
extension Surface {
    /// Draws `image` (layout `argb8888Premultiplied`, else `.layoutMismatch`) mapped by `transform` into this
    /// surface's clip. Each destination pixel centre is mapped back into the image and sampled bilinearly;
    /// texels outside the image are transparent.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func drawImage(_ image: Surface, transform: ImageTransform, opacity: UInt8 = 255) throws(RasterError) {
        guard image.layout == .argb8888Premultiplied else {
            throw .layoutMismatch(expected: .argb8888Premultiplied, actual: image.layout)
        }
        let reach = transform.destinationBounds(width: image.width, height: image.height) ?? clip
        let area = reach.intersection(clip)
        if area.isEmpty || opacity == 0 { return }
        let texels = BilinearImage(pixels: UnsafePointer(image.baseAddress.assumingMemoryBound(to: UInt32.self)),
                                   strideWords: image.strideBytes / 4, width: image.width, height: image.height)
        let m = transform.inverse
        // Homogeneous image coordinates of the first pixel centre of each row, coordinates doubled (Q1).
        for y in area.y..<area.maxY {
            let px = Int64(2 &* area.x &+ 1), py = Int64(2 &* y &+ 1)
            let x0 = m[0][0] &* px &+ m[1][0] &* py &+ 2 &* m[2][0]
            let y0 = m[0][1] &* px &+ m[1][1] &* py &+ 2 &* m[2][1]
            let w0 = m[0][2] &* px &+ m[1][2] &* py &+ 2 &* m[2][2]
            if transform.isAffine {
                let sampler = AffineRowSampler(image: texels, s: Self.q24(x0, over: w0) &- (1 &<< 23),
                                               t: Self.q24(y0, over: w0) &- (1 &<< 23),
                                               ds: Self.q24(2 &* m[0][0], over: w0), dt: Self.q24(2 &* m[0][1], over: w0))
                let span = sampler.coveredSpan(count: area.width)
                if span.isEmpty { continue }
                drawSampledRow(y: y, x: area.x &+ span.lowerBound, count: span.count,
                               sampler: sampler.advanced(by: span.lowerBound), opacity: opacity)
            } else {
                let sampler = PerspectiveRowSampler(image: texels, x: x0, y: y0, w: w0,
                                                    dx: 2 &* m[0][0], dy: 2 &* m[0][1], dw: 2 &* m[0][2])
                drawSampledRow(y: y, x: area.x, count: area.width, sampler: sampler, opacity: opacity)
            }
        }
    }

    /// `numerator / denominator` in Q24, through a 128-bit dividend (the denominator is never 0 for an
    /// affine map: `ImageTransform` refuses singular ones). Quotients beyond ±2^38 pixels (far outside any
    /// image) come back as ±2^62, which samples as transparent.
    @inline(__always)
    static func q24(_ numerator: Int64, over denominator: Int64) -> Int64 {
        if numerator.magnitude &>> 37 >= denominator.magnitude {
            return (numerator < 0) != (denominator < 0) ? -(1 &<< 62) : 1 &<< 62
        }
        let wide = numerator.multipliedFullWidth(by: 1 << 24)
        return denominator.dividingFullWidth(wide).quotient
    }

    @inline(__always)
    func drawSampledRow<S: PixelSource>(y: Int, x: Int, count: Int, sampler: S, opacity: UInt8) {
        if opacity == 255 {
            blend(y: y, x: x, count: count, source: sampler)
        } else {
            blend(y: y, x: x, count: count, source: sampler, coverage: UniformCoverage(value: UInt32(opacity)))
        }
    }
}
