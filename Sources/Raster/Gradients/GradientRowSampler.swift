import FixedPoint

/// A gradient's colours along one row segment: the pixel centres' gradient-space coordinates (g, h), Q32,
/// stepped exactly from the segment's first pixel (g = g0 + i·dg, one product per pixel, no accumulated
/// error beyond dg's rounding of 2^-33 per pixel), turned into t by the gradient's kind:
/// axial t = g; radial t = √(g² + h²); conic t = the angle of (g, h) in turns.
struct GradientRowSampler: ImageSampleSource {
    /// Largest |g0|, |h0| kept (2^16 gradient units); beyond, a point is far past every stop.
    static let positionLimit: Int64 = 1 << 48
    /// Largest |dg|, |dh| kept (2^14 units per pixel): with 2^14 pixels per row, g stays below 2^61.
    static let stepLimit: Int64 = 1 << 46

    let gradient: Gradient
    let g0: Int64, h0: Int64
    let dg: Int64, dh: Int64

    /// Gradients are dithered on 5-6-5 targets.
    static var dithers565: Bool { true }

    @inline(__always)
    func sample(_ index: Int) -> WideTexel {
        let i = Int64(index)
        let g = g0 &+ i &* dg
        switch gradient.kind {
        case .axial:
            return gradient.colour(at: g)
        case .radial:
            return gradient.colour(at: Self.radius(g, h0 &+ i &* dh))
        case .conic:
            return gradient.colour(at: Self.turns(g, h0 &+ i &* dh))
        }
    }

    @inline(__always)
    func advanced(by count: Int) -> GradientRowSampler {
        let i = Int64(count)
        return GradientRowSampler(gradient: gradient, g0: g0 &+ i &* dg, h0: h0 &+ i &* dh, dg: dg, dh: dh)
    }

    /// √(g² + h²) in Q32 for Q32 inputs; 2^33 (past the last stop) once |g| or |h| reaches 2.
    @inline(__always)
    static func radius(_ g: Int64, _ h: Int64) -> Int64 {
        if g.magnitude >= 1 << 33 || h.magnitude >= 1 << 33 { return 1 << 33 }
        let g30 = g &>> 2, h30 = h &>> 2  // Q30, below 2^31: the sum of squares stays below 2^63
        let square = UInt64(g30 &* g30) &+ UInt64(h30 &* h30)
        return Int64(IntegerSquareRoot.floor(square)) &<< 2
    }

    /// The angle of (g, h) from the g axis toward the h axis (clockwise on a y-down screen), in turns, Q32
    /// (0 ..< 2^32); 0 at the centre itself.
    @inline(__always)
    static func turns(_ g: Int64, _ h: Int64) -> Int64 {
        let largest = Swift.max(g.magnitude, h.magnitude)
        let shift = Swift.max(0, 34 &- largest.leadingZeroBitCount)  // magnitudes below 2^30 after it
        let angle = Fixed.atan2(y: Fixed(raw: Int32(truncatingIfNeeded: h &>> Int64(shift))),
                                x: Fixed(raw: Int32(truncatingIfNeeded: g &>> Int64(shift))))
        // 2^32 / (2π) = 683,565,275.58: radians Q16.16 to turns Q32.
        let turns = (Int64(angle.raw) &* 683_565_276) &>> 16
        return turns < 0 ? turns &+ (1 << 32) : turns
    }

    /// `numerator / denominator` in Q32, clamped to ±`limit` (the denominator is positive).
    @inline(__always)
    static func q32(_ numerator: Int64, over denominator: Int64, limit: Int64) -> Int64 {
        if numerator.magnitude &>> 30 >= denominator.magnitude { return numerator < 0 ? -limit : limit }
        let quotient = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: 1 << 32)).quotient
        return Swift.min(Swift.max(quotient, -limit), limit)
    }
}
