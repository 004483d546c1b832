import FixedPoint

/// Gradients (`CAGradientLayer`'s content) filling a transformed rectangle.
extension Surface {
    /// Fills `bounds` (layer points) mapped by the affine `transform` (layer to surface pixels) with
    /// `gradient`, faded by `opacity`, into this surface's clip. Each pixel's colour is the gradient at the
    /// pixel centre mapped back into the layer (exact to about 2^-20 of a stop span, kept in Q24 per channel),
    /// multiplied by the exact area of the pixel inside the mapped rectangle and blended with one rounding
    /// (`ImageBlend`). RGB565 targets get 8 × 8 ordered dithering (`DitheredBlend565`), so smooth ramps show
    /// no bands; other layouts round to nearest. A degenerate geometry (start = end, or a radial radius of
    /// 0) fills with the last colour, as every point lies past the last stop.
    ///
    /// - Throws: `.gradientStopCount` when the gradient has fewer than 2 stops; `.singularTransform` when
    ///   `transform` flattens the rectangle (nothing could be drawn); `.invalidGeometry` when a mapped
    ///   coordinate leaves the Q32.32 range.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func drawGradient(_ gradient: Gradient, bounds: Rect, transform: Affine, opacity: UInt8 = 255) throws(RasterError) {
        guard gradient.stopCount >= 2 else { throw .gradientStopCount(gradient.stopCount) }
        if opacity == 0 || bounds.width.raw <= 0 || bounds.height.raw <= 0 { return }
        let area = try Self.wideMap(origin: Point(x: bounds.minX, y: bounds.minY), first: Point(x: bounds.width, y: .zero),
                                    second: Point(x: .zero, y: bounds.height), transform: transform)
        let rectangle = try ImageTransform(rows: area.0, area.1, area.2)
        guard let quad = ImageQuad(transform: rectangle, width: 1, height: 1) else {
            throw .invalidGeometry(name: "gradient bounds", raw: bounds.width.raw)
        }
        if quad.isEmpty { return }
        let frame = GradientFrame(gradient: gradient, bounds: bounds)
        let map = try Self.wideMap(origin: frame.origin, first: frame.first, second: frame.second, transform: transform)
        let inverse = (try? ImageTransform(rows: map.0, map.1, map.2))?.inverse
        let rows = quad.rows.clamped(to: clip.y..<clip.maxY)
        for y in rows {
            let coverage = quad.row(y, opacity: opacity)
            let columns = coverage.columns.clamped(to: clip.x..<clip.maxX)
            if columns.isEmpty { continue }
            drawCoveredRow(y: y, columns: columns,
                           sampler: Self.gradientSampler(gradient, inverse: inverse, x: columns.lowerBound, y: y),
                           coverage: coverage)
        }
    }

    /// The sampler for row `y` from pixel `x`: g and h from the inverse map's homogeneous pixel centre (w is
    /// constant for an affine map); a degenerate map (no inverse) puts every pixel past the last stop.
    @inline(__always)
    static func gradientSampler(_ gradient: Gradient, inverse: [3 of [3 of Int64]]?, x: Int, y: Int) -> GradientRowSampler {
        guard let m = inverse else {
            var pastTheEnd = gradient
            pastTheEnd.kind = .axial  // t = g = 2: the last colour, whatever the kind
            return GradientRowSampler(gradient: pastTheEnd, g0: 1 << 33, h0: 0, dg: 0, dh: 0)
        }
        let centre = homogeneousCentre(m, x: x, y: y)
        let position = GradientRowSampler.positionLimit, step = GradientRowSampler.stepLimit
        return GradientRowSampler(gradient: gradient,
                                  g0: GradientRowSampler.q32(centre.x, over: centre.w, limit: position),
                                  h0: GradientRowSampler.q32(centre.y, over: centre.w, limit: position),
                                  dg: GradientRowSampler.q32(2 &* m[0][0], over: centre.w, limit: step),
                                  dh: GradientRowSampler.q32(2 &* m[0][1], over: centre.w, limit: step))
    }

    /// The Q32.32 rows of `p = origin + u·first + v·second` (Q16.16 layer points) followed by `transform`:
    /// each entry a sum of exact Q16 × Q16 products.
    @inline(__always)
    static func wideMap(origin: Point, first: Point, second: Point,
                        transform t: Affine) throws(RasterError) -> ([3 of Int64], [3 of Int64], [3 of Int64]) {
        func product(_ p: Point, _ x: Fixed, _ y: Fixed) throws(RasterError) -> Int64 {
            let (a, o1) = Int64(p.x.raw).multipliedReportingOverflow(by: Int64(x.raw))
            let (b, o2) = Int64(p.y.raw).multipliedReportingOverflow(by: Int64(y.raw))
            let (sum, o3) = a.addingReportingOverflow(b)
            guard !o1, !o2, !o3 else { throw .invalidGeometry(name: "gradient map", raw: p.x.raw) }
            return sum
        }
        let originX = try product(origin, t.a, t.c) &+ (Int64(t.tx.raw) &<< 16)
        let originY = try product(origin, t.b, t.d) &+ (Int64(t.ty.raw) &<< 16)
        return ([try product(first, t.a, t.c), try product(first, t.b, t.d), 0],
                [try product(second, t.a, t.c), try product(second, t.b, t.d), 0],
                [originX, originY, 1 << 32])
    }
}

/// A gradient's own frame in layer points: `p = origin + g·first + h·second`. Axial and conic: origin the
/// start point, first the start → end vector, second that vector turned a quarter clockwise (so axial
/// t = g, conic t = the angle from first toward second). Radial: first and second the ellipse's radii
/// along x and y (t = √(g² + h²)).
struct GradientFrame {
    let origin: Point, first: Point, second: Point

    init(gradient: Gradient, bounds: Rect) {
        let width = bounds.width, height = bounds.height
        let start = Point(x: bounds.minX + gradient.start.x * width, y: bounds.minY + gradient.start.y * height)
        var delta = Point(x: (gradient.end.x - gradient.start.x) * width, y: (gradient.end.y - gradient.start.y) * height)
        origin = start
        switch gradient.kind {
        case .axial:
            first = delta
            second = Point(x: .zero - delta.y, y: delta.x)
        case .radial:
            first = Point(x: delta.x.raw < 0 ? .zero - delta.x : delta.x, y: .zero)
            second = Point(x: .zero, y: delta.y.raw < 0 ? .zero - delta.y : delta.y)
        case .conic:
            // Only the direction matters: scale short vectors up (by powers of two) so g and h stay in range.
            while delta != .zero && delta.x.raw.magnitude < 65536 && delta.y.raw.magnitude < 65536 {
                delta = Point(x: Fixed(raw: delta.x.raw &* 2), y: Fixed(raw: delta.y.raw &* 2))
            }
            first = delta
            second = Point(x: .zero - delta.y, y: delta.x)
        }
    }
}
