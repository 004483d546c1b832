import FixedPoint

/// Images (premultiplied ARGB8888 surfaces) drawn under affine and perspective transforms with bilinear
/// filtering, source-over, faded by an opacity.
extension Surface {
    /// Draws `image` (layout `argb8888Premultiplied`, else `.layoutMismatch`) mapped by `transform` into this
    /// surface's clip. Each destination pixel's colour is the image's bilinear reconstruction (edge texels
    /// clamped) sampled at the pixel centre mapped back into the image, multiplied by the exact area of the
    /// pixel inside the mapped image rectangle, times `opacity`. When that rectangle cannot be outlined — a
    /// corner at or behind the viewer (w ≤ 0), or beyond ±2^22 pixels — every pixel centre in front of the
    /// viewer is sampled with transparent texels outside the image instead (edges fade over one texel).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func drawImage(_ image: Surface, transform: ImageTransform, opacity: UInt8 = 255) throws(RasterError) {
        try drawImage(image, region: ImageRegion(width: image.width, height: image.height), transform: transform,
                      opacity: opacity)
    }

    /// Draws the `region` of `image` (image pixels; beyond the image its edge pixels repeat) mapped by
    /// `transform`, as `drawImage(_:transform:opacity:)` draws the whole image: the exact area of each pixel
    /// inside the mapped region, times the bilinear reconstruction at its centre.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func drawImage(_ image: Surface, region: ImageRegion, transform: ImageTransform,
                          opacity: UInt8 = 255) throws(RasterError) {
        guard image.layout == .argb8888Premultiplied else {
            throw .layoutMismatch(expected: .argb8888Premultiplied, actual: image.layout)
        }
        if opacity == 0 { return }
        let pixels = UnsafePointer(image.baseAddress.assumingMemoryBound(to: UInt32.self))
        guard let outline = region.outline(transform), let quad = ImageQuad(transform: outline, width: 1, height: 1) else {
            let texels = BilinearImage(pixels: pixels, strideWords: image.strideBytes / 4, width: image.width,
                                       height: image.height, clampsToEdge: false)
            drawImageFadingEdges(texels, transform: transform, opacity: opacity)
            return
        }
        if quad.isEmpty { return }
        let texels = BilinearImage(pixels: pixels, strideWords: image.strideBytes / 4, width: image.width,
                                   height: image.height, clampsToEdge: true)
        let rows = quad.rows.clamped(to: clip.y..<clip.maxY)
        for y in rows {
            let coverage = quad.row(y, opacity: opacity)
            let columns = coverage.columns.clamped(to: clip.x..<clip.maxX)
            if columns.isEmpty { continue }
            if transform.isAffine {
                let sampler = affineSampler(texels, transform, x: columns.lowerBound, y: y)
                drawCoveredRow(y: y, columns: columns, sampler: sampler, coverage: coverage)
            } else {
                let sampler = perspectiveSampler(texels, transform, x: columns.lowerBound, y: y)
                drawCoveredRow(y: y, columns: columns, sampler: sampler, coverage: coverage)
            }
        }
    }

    /// Drawing without an outline: pixel centres sampled with transparent texels outside the image (edges fade
    /// over one texel), over every pixel the image can reach (the whole clip when a corner is behind the viewer).
    func drawImageFadingEdges(_ texels: BilinearImage, transform: ImageTransform, opacity: UInt8) {
        let reach = transform.destinationBounds(width: texels.width, height: texels.height) ?? clip
        let area = reach.intersection(clip)
        if area.isEmpty { return }
        for y in area.y..<area.maxY {
            if transform.isAffine {
                let sampler = affineSampler(texels, transform, x: area.x, y: y)
                let span = sampler.coveredSpan(count: area.width)
                if span.isEmpty { continue }
                drawSampledRow(y: y, x: area.x &+ span.lowerBound, count: span.count,
                               sampler: sampler.advanced(by: span.lowerBound), opacity: opacity)
            } else {
                drawSampledRow(y: y, x: area.x, count: area.width,
                               sampler: perspectiveSampler(texels, transform, x: area.x, y: y),
                               opacity: opacity)
            }
        }
    }

    /// Blends one row of an outlined image: per-pixel exact coverage where an edge passes, one uniform
    /// factor between the left and right edges (the constant full factor on full rows at opacity 255).
    @inline(__always)
    func drawCoveredRow<S: ImageSampleSource>(y: Int, columns: Range<Int>, sampler: S, coverage: QuadRowCoverage) {
        let start = columns.lowerBound
        let interior = coverage.interior.clamped(to: columns)
        let leftEnd = interior.isEmpty ? columns.upperBound : interior.lowerBound
        let edgeCoverage = coverage.advanced(by: start)
        if leftEnd > start {
            blendImageRow(y: y, x: start, count: leftEnd &- start, samples: sampler, coverage: edgeCoverage)
        }
        if interior.isEmpty { return }
        let uniform = edgeCoverage.factor(interior.lowerBound &- start)
        let middle = sampler.advanced(by: interior.lowerBound &- start)
        if uniform == 1 &<< 24 {
            blendImageRow(y: y, x: interior.lowerBound, count: interior.count, samples: middle, coverage: FullImageCoverage())
        } else if uniform > 0 {
            blendImageRow(y: y, x: interior.lowerBound, count: interior.count, samples: middle,
                          coverage: UniformImageCoverage(value: uniform))
        }
        if interior.upperBound < columns.upperBound {
            let offset = interior.upperBound &- start
            blendImageRow(y: y, x: interior.upperBound, count: columns.upperBound &- interior.upperBound,
                          samples: sampler.advanced(by: offset), coverage: edgeCoverage.advanced(by: offset))
        }
    }

    /// Source-over of wide samples × factors onto an already clipped segment of row `y`, each channel
    /// rounded once (`ImageBlend`).
    @inline(__always)
    func blendImageRow<S: ImageSampleSource, C: ImageCoverageSource>(y: Int, x: Int, count: Int, samples: S, coverage: C) {
        let row = rowAddress(y)
        if case .packed8888(canonical: true) = layout.fastPath {
            ImageBlend.row8888(row.assumingMemoryBound(to: UInt32.self) + x, count: count, samples: samples, coverage: coverage,
                               blendsAlpha: layout.hasAlpha)
        } else if case .packed565(let redHigh) = layout.fastPath, S.dithers565 {
            DitheredBlend565.row(row.assumingMemoryBound(to: UInt16.self) + x, x: x, y: y, count: count, samples: samples,
                                 coverage: coverage, redHigh: redHigh)
        } else if case .packed565(let redHigh) = layout.fastPath {
            ImageBlend.row565(row.assumingMemoryBound(to: UInt16.self) + x, count: count, samples: samples,
                              coverage: coverage, redHigh: redHigh)
        } else {
            ImageBlend.rowGeneric(row + x &* layout.bytesPerPixel, count: count, layout: layout, samples: samples,
                                  coverage: coverage)
        }
    }

    /// Homogeneous image coordinates of the centre of pixel (x, y), coordinates doubled (Q1).
    @inline(__always)
    static func homogeneousCentre(_ m: [3 of [3 of Int64]], x: Int, y: Int) -> (x: Int64, y: Int64, w: Int64) {
        let px = Int64(2 &* x &+ 1), py = Int64(2 &* y &+ 1)
        return (m[0][0] &* px &+ m[1][0] &* py &+ 2 &* m[2][0], m[0][1] &* px &+ m[1][1] &* py &+ 2 &* m[2][1],
                m[0][2] &* px &+ m[1][2] &* py &+ 2 &* m[2][2])
    }

    /// Samples along row `y` from pixel `x` under an affine map (texel centres at integers, Q24).
    @inline(__always)
    func affineSampler(_ texels: BilinearImage, _ transform: ImageTransform, x: Int, y: Int) -> AffineRowSampler {
        let m = transform.inverse
        let centre = Self.homogeneousCentre(m, x: x, y: y)
        return AffineRowSampler(image: texels, s: Self.q24(centre.x, over: centre.w) &- (1 &<< 23),
                                t: Self.q24(centre.y, over: centre.w) &- (1 &<< 23),
                                ds: Self.q24(2 &* m[0][0], over: centre.w), dt: Self.q24(2 &* m[0][1], over: centre.w))
    }

    /// Samples along row `y` from pixel `x` under a perspective map.
    @inline(__always)
    func perspectiveSampler(_ texels: BilinearImage, _ transform: ImageTransform, x: Int, y: Int) -> PerspectiveRowSampler {
        let m = transform.inverse
        let centre = Self.homogeneousCentre(m, x: x, y: y)
        return PerspectiveRowSampler(image: texels, x: centre.x, y: centre.y, w: centre.w,
                                     dx: 2 &* m[0][0], dy: 2 &* m[0][1], dw: 2 &* m[0][2])
    }

    /// `numerator / denominator` in Q24, through a 128-bit dividend (the denominator is never 0 for an
    /// affine map: `ImageTransform` refuses singular ones). Quotients beyond ±2^38 pixels (far outside any
    /// image) come back as ±2^62, which samples as transparent (or as the edge texel when clamping).
    @inline(__always)
    static func q24(_ numerator: Int64, over denominator: Int64) -> Int64 {
        if numerator.magnitude &>> 37 >= denominator.magnitude {
            return (numerator < 0) != (denominator < 0) ? -(1 &<< 62) : 1 &<< 62
        }
        let wide = numerator.multipliedFullWidth(by: 1 << 24)
        return denominator.dividingFullWidth(wide).quotient
    }

    /// Blends one row of samples faded by `opacity` (the drawing without an outline).
    @inline(__always)
    func drawSampledRow<S: ImageSampleSource>(y: Int, x: Int, count: Int, sampler: S, opacity: UInt8) {
        if opacity == 255 {
            blendImageRow(y: y, x: x, count: count, samples: sampler, coverage: FullImageCoverage())
        } else {
            blendImageRow(y: y, x: x, count: count, samples: sampler, coverage: UniformImageCoverage(opacity: UInt32(opacity)))
        }
    }
}
