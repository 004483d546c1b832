import FixedPoint

extension Rasterizer {
    /// Caps the end of a walk at `point` heading along `direction` (Q30): the pen is at point + offset
    /// and ends at point − offset.
    @inlinable
    mutating func cap(at point: LocalPoint, direction: LocalPoint, _ parameters: StrokeParameters) throws(GeometryError) {
        let offset = StrokeGeometry.offset(direction, parameters.halfWidth)
        let end = point - offset
        switch parameters.cap {
        case .butt:
            break
        case .square:
            let extension_ = StrokeGeometry.scaled(direction, parameters.halfWidth)
            try penLine(to: point + offset + extension_)
            try penLine(to: end + extension_)
        case .round:
            try arc(around: point, from: LocalPoint(x: 0 &- direction.y, y: direction.x),
                    sweep: 0 &- Int64(Fixed.pi.raw), parameters)
        }
        try penLine(to: end)
    }

    /// The stroke of a subpath that has segments (or a close) but no length: a disc for round caps,
    /// nothing otherwise — as cairo documents it (a square's orientation would be indeterminate).
    @inlinable
    mutating func strokeDot(at point: PolylinePoint, _ parameters: StrokeParameters) throws(GeometryError) {
        guard case .round = parameters.cap else { return }
        let center = Rasterizer.local(point)
        try penMove(to: LocalPoint(x: center.x &+ parameters.halfWidth, y: center.y))
        try arc(around: center, from: LocalPoint(x: StrokeGeometry.unitOne, y: 0),
                sweep: 2 &* Int64(Fixed.pi.raw), parameters)
        try penClose()
    }

    @inlinable
    static func local(_ point: PolylinePoint) -> LocalPoint { LocalPoint(x: point.x, y: point.y) }

    /// Adds the inner points of an arc of radius halfWidth around `center`, from the direction `from`
    /// (Q30 unit) turning by `sweep` (Q16.16 radians, signed). The caller draws the exact end point.
    /// Points are computed from their angles directly, so the error does not grow along the arc, and sit
    /// on the radius r·(1 + θ²/12 · k/(k − 1)) (θ the step angle, k the steps), where chords lose as
    /// much area inside the arc as they gain outside it, the two end chords from the exact radius
    /// included: the polygon keeps the sector's area instead of falling short of it.
    @inlinable
    mutating func arc(
        around center: LocalPoint, from: LocalPoint, sweep: Int64, _ parameters: StrokeParameters
    ) throws(GeometryError) {
        let magnitude = sweep < 0 ? 0 &- sweep : sweep
        let steps = (magnitude &+ parameters.arcStep &- 1) / parameters.arcStep
        if steps <= 1 { return }
        let startAngle = Int64(Fixed.atan2(y: Fixed(raw: Int32(truncatingIfNeeded: from.y &>> 14)),
                                           x: Fixed(raw: Int32(truncatingIfNeeded: from.x &>> 14))).raw)
        let step = magnitude / steps  // Q16 radians
        // Inner points on r·(1 + θ²/12 · k/(k − 1)) for k steps: the two end chords start on the
        // radius itself, so the k − 2 inner triangles and 2 end triangles must make up the sector.
        let enlargement = (parameters.halfWidth &* ((step &* step) &>> 16) &* steps / (12 &* (steps &- 1))) &>> 16
        let radius = parameters.halfWidth &+ enlargement
        var k: Int64 = 1
        while k < steps {
            let angle = Fixed(raw: Int32(truncatingIfNeeded: startAngle &+ sweep &* k / steps))
            let x = (Int64(angle.cosine.raw) &* radius) &>> 16
            let y = (Int64(angle.sine.raw) &* radius) &>> 16
            try penLine(to: LocalPoint(x: center.x &+ x, y: center.y &+ y))
            k &+= 1
        }
    }
}
