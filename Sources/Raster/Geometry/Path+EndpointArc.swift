import FixedPoint

extension Path {
    /// Adds an SVG elliptical arc from the current point to `end` (the `A` command, SVG 1.1 §F.6).
    ///
    /// `radiusX`, `radiusY` are the ellipse's radii (their signs are ignored), `rotationDegrees` the
    /// rotation of its x-axis, `largeArc` and `sweep` pick one of the four candidate arcs (`sweep` true
    /// runs toward increasing angles, clockwise on a y-down screen). As SVG requires: radii too small to
    /// reach `end` are scaled up just enough, a zero radius gives a straight line, and an `end` equal to
    /// the current point adds nothing. The ellipse is computed once, at setup, in `Double`.
    ///
    /// - Throws: `.missingMoveTo` without a current point; `.coordinateOutOfRange` when the ellipse's
    ///   centre or radii leave the Q16.16 range; `.pointLimitExceeded` when the path is full.
    public mutating func addArc(
        to end: Point, radiusX: Fixed, radiusY: Fixed, rotationDegrees: Fixed, largeArc: Bool, sweep: Bool
    ) throws(GeometryError) {
        guard let start = currentPoint else { throw .missingMoveTo(verbIndex: verbCount) }
        if start == end { return }
        if radiusX.raw == 0 || radiusY.raw == 0 { return try line(to: end) }
        let rotation = try Path.fixed(rotationDegrees.doubleValue * Double(Fixed.pi) / 180, .x)
        let cosine = Double(rotation.cosine), sine = Double(rotation.sine)
        let x1 = Double(start.x), y1 = Double(start.y), x2 = Double(end.x), y2 = Double(end.y)
        let halfDX = (x1 - x2) / 2, halfDY = (y1 - y2) / 2
        let x1p = cosine * halfDX + sine * halfDY, y1p = -sine * halfDX + cosine * halfDY
        var rx = abs(Double(radiusX)), ry = abs(Double(radiusY))
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coefficient = (Swift.max(0, numerator / denominator)).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1p / ry, cyp = -coefficient * ry * x1p / rx
        let centerX = cosine * cxp - sine * cyp + (x1 + x2) / 2
        let centerY = sine * cxp + cosine * cyp + (y1 + y2) / 2
        let startAngle = try Path.angle((x1p - cxp) / rx, (y1p - cyp) / ry)
        let endAngle = try Path.angle((-x1p - cxp) / rx, (-y1p - cyp) / ry)
        let turn = Int64(Fixed.pi.raw) * 2
        var delta = Int64(endAngle.raw) - Int64(startAngle.raw)
        if !sweep && delta > 0 { delta -= turn }
        if sweep && delta < 0 { delta += turn }
        let fixedRX = try Path.fixed(rx, .x), fixedRY = try Path.fixed(ry, .y)
        let mapping = Affine(
            a: fixedRX * rotation.cosine, b: fixedRX * rotation.sine,
            c: -(fixedRY * rotation.sine), d: fixedRY * rotation.cosine,
            tx: try Path.fixed(centerX, .x), ty: try Path.fixed(centerY, .y))
        try addUnitArc(
            mapping: mapping, startAngle: Int64(startAngle.raw), sweep: delta, connect: false, start: nil, end: end)
    }

    /// The angle of a unit-circle vector, Q16.16 radians (the vector is scaled so its larger coordinate
    /// uses the full Q16.16 precision).
    private static func angle(_ x: Double, _ y: Double) throws(GeometryError) -> Fixed {
        let larger = Swift.max(abs(x), abs(y))
        guard larger > 0 else { return .zero }
        let scale = 16_384 / larger
        return Fixed.atan2(y: try fixed(y * scale, .y), x: try fixed(x * scale, .x))
    }

    private static func fixed(_ value: Double, _ axis: GeometryError.Axis) throws(GeometryError) -> Fixed {
        do {
            return try Fixed(exactly: value)
        } catch {
            let raw = value.isFinite && abs(value) < 1e12 ? Int64(value * 65536) : Int64.max
            throw .coordinateOutOfRange(axis: axis, raw: raw)
        }
    }
}
