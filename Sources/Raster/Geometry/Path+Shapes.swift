import FixedPoint

extension Path {
    /// Adds a closed rectangle as a new subpath: origin, then clockwise on a y-down screen.
    ///
    /// - Throws: `.pointLimitExceeded` when the path is full.
    public mutating func addRect(_ rect: Rect) throws(GeometryError) {
        try reserve(4)
        try move(to: Point(x: rect.minX, y: rect.minY))
        try line(to: Point(x: rect.maxX, y: rect.minY))
        try line(to: Point(x: rect.maxX, y: rect.maxY))
        try line(to: Point(x: rect.minX, y: rect.maxY))
        try close()
    }

    /// Adds a closed ellipse inscribed in `rect` as four cubic curves, starting at the right-most point
    /// and turning clockwise on a y-down screen.
    ///
    /// - Throws: `.pointLimitExceeded` when the path is full.
    public mutating func addEllipse(in rect: Rect) throws(GeometryError) {
        try addRoundedCorners(
            rect: rect, cornerWidth: rect.midX - rect.minX, cornerHeight: rect.midY - rect.minY,
            straight: false)
    }

    /// Adds a closed rectangle with elliptical corners of radii `cornerWidth` × `cornerHeight`.
    ///
    /// Corners that do not fit (a radius above half its side) are scaled down, keeping their shape, until
    /// they do — as Core Animation limits `cornerRadius`: a large circular radius gives a stadium or a
    /// circle. Zero radii give a plain rectangle.
    ///
    /// - Throws: `.invalidRadius` for a negative radius; `.pointLimitExceeded` when the path is full.
    public mutating func addRoundedRect(_ rect: Rect, cornerWidth: Fixed, cornerHeight: Fixed) throws(GeometryError) {
        guard cornerWidth.raw >= 0 else { throw .invalidRadius(raw: cornerWidth.raw) }
        guard cornerHeight.raw >= 0 else { throw .invalidRadius(raw: cornerHeight.raw) }
        if cornerWidth.raw == 0 || cornerHeight.raw == 0 { return try addRect(rect) }
        let halfWidth = Int64(rect.width.raw / 2), halfHeight = Int64(rect.height.raw / 2)
        var rx = Int64(cornerWidth.raw), ry = Int64(cornerHeight.raw)
        // Scale both radii by min(1, halfWidth / rx, halfHeight / ry).
        if rx > halfWidth || ry > halfHeight {
            if halfWidth * ry <= halfHeight * rx {
                ry = ry * halfWidth / rx
                rx = halfWidth
            } else {
                rx = rx * halfHeight / ry
                ry = halfHeight
            }
        }
        try addRoundedCorners(
            rect: rect, cornerWidth: Fixed(raw: Int32(truncatingIfNeeded: rx)),
            cornerHeight: Fixed(raw: Int32(truncatingIfNeeded: ry)), straight: true)
    }

    /// Four corner quarter-ellipses joined by straight sides (sides of zero length are skipped).
    private mutating func addRoundedCorners(
        rect: Rect, cornerWidth rx: Fixed, cornerHeight ry: Fixed, straight: Bool
    ) throws(GeometryError) {
        try reserve(straight ? 30 : 26)
        let left = rect.minX, right = rect.maxX, top = rect.minY, bottom = rect.maxY
        let quarter = Int64(Fixed.pi.raw) / 2
        // An ellipse's quarters meet at its sides' middles, one shared point each: `right − rx` and
        // `left + rx` differ by one raw for an odd raw width, which would leave a one-raw side.
        let sideRight = straight ? right - rx : rect.midX, sideLeft = straight ? left + rx : rect.midX
        let sideBottom = straight ? bottom - ry : rect.midY, sideTop = straight ? top + ry : rect.midY
        // Each corner: its centre, the angle it starts at (quarter turns) and its exact end points.
        let corners: [(center: Point, start: Int64, from: Point, to: Point)] = [
            (Point(x: right - rx, y: bottom - ry), 0, Point(x: right, y: sideBottom), Point(x: sideRight, y: bottom)),
            (Point(x: left + rx, y: bottom - ry), 1, Point(x: sideLeft, y: bottom), Point(x: left, y: sideBottom)),
            (Point(x: left + rx, y: top + ry), 2, Point(x: left, y: sideTop), Point(x: sideLeft, y: top)),
            (Point(x: right - rx, y: top + ry), 3, Point(x: sideRight, y: top), Point(x: right, y: sideTop)),
        ]
        try move(to: corners[3].to)
        for corner in corners {
            let mapping = Affine(a: rx, b: .zero, c: .zero, d: ry, tx: corner.center.x, ty: corner.center.y)
            try addUnitArc(
                mapping: mapping, startAngle: corner.start * quarter, sweep: quarter, connect: true,
                start: corner.from, end: corner.to)
        }
        try close()
    }

    /// Adds a circular arc of `radius` around `center` from `startAngle` to `endAngle` (Q16.16 radians;
    /// angle 0 points along +x, increasing angles turn toward +y, i.e. clockwise on a y-down screen).
    ///
    /// With `clockwise` true the arc runs toward increasing angles (as `UIBezierPath`), otherwise toward
    /// decreasing ones; a sweep beyond a full turn is one full circle. The arc starts with a line from the
    /// current point, or a `move` when the path is empty or closed.
    ///
    /// - Throws: `.invalidRadius` for a negative radius; `.pointLimitExceeded` when the path is full.
    public mutating func addArc(
        center: Point, radius: Fixed, startAngle: Fixed, endAngle: Fixed, clockwise: Bool
    ) throws(GeometryError) {
        guard radius.raw >= 0 else { throw .invalidRadius(raw: radius.raw) }
        let turn = Int64(Fixed.pi.raw) * 2
        var sweep = Int64(endAngle.raw) - Int64(startAngle.raw)
        if clockwise {
            if sweep < 0 { sweep = sweep % turn + turn }
            sweep = Swift.min(sweep, turn)
        } else {
            if sweep > 0 { sweep = sweep % turn - turn }
            sweep = Swift.max(sweep, -turn)
        }
        let ellipse = Affine(a: radius, b: .zero, c: .zero, d: radius, tx: center.x, ty: center.y)
        try addUnitArc(
            mapping: ellipse, startAngle: Int64(startAngle.raw), sweep: sweep, connect: true, start: nil, end: nil)
    }

    /// Adds the arc of the unit circle from `startAngle` sweeping `sweep` (raw Q16.16 radians), mapped by
    /// `mapping`, as cubic curves of at most an eighth of a turn each (a cubic's radial error grows as
    /// the sixth power of its angle: 2.7·10⁻⁴ of the radius for a quarter turn, 4·10⁻⁶ for an eighth).
    /// Starts with a line from the current point (or a move) when `connect` is true, continues from the
    /// current point otherwise. `start` and `end`, when given, replace the computed end points (exact
    /// corners, an SVG arc's endpoint).
    mutating func addUnitArc(
        mapping: Affine, startAngle: Int64, sweep: Int64, connect: Bool, start exactStart: Point?, end: Point?
    ) throws(GeometryError) {
        let eighth = Int64(Fixed.pi.raw) / 4
        let pieces = Swift.max(1, Int((abs(sweep) + eighth - 8) / eighth))
        try reserve(1 + 3 * pieces)
        let start = exactStart ?? unitPoint(startAngle, mapping)
        if connect {
            if currentPoint == nil || isClosed { try move(to: start) } else if currentPoint != start { try line(to: start) }
        }
        if sweep == 0 { return }
        let step = sweep / Int64(pieces)
        let handle = Path.arcHandle(step)
        var angle = startAngle
        for index in 0..<pieces {
            let next = index == pieces - 1 ? startAngle + sweep : angle + step
            let from = unitVector(angle), to = unitVector(next)
            let control1 = Point(x: from.x - handle * from.y, y: from.y + handle * from.x)
            let control2 = Point(x: to.x + handle * to.y, y: to.y - handle * to.x)
            let last = index == pieces - 1 ? end : nil
            try cubic(
                to: last ?? mapping.apply(to: to), control1: mapping.apply(to: control1),
                control2: mapping.apply(to: control2))
            angle = next
        }
    }

    /// 4/3 · tan(θ/4) for a piece of `sweep` raw Q16.16 radians (negative for negative sweeps).
    static func arcHandle(_ sweep: Int64) -> Fixed {
        let quarterAngle = Fixed(raw: Int32(truncatingIfNeeded: sweep / 4))
        let tangent = quarterAngle.sine / quarterAngle.cosine
        return tangent * Fixed(raw: 87_381)  // 4/3
    }

    private func unitVector(_ angle: Int64) -> Point {
        let wrapped = Fixed(raw: Int32(truncatingIfNeeded: angle % (Int64(Fixed.pi.raw) * 2)))
        return Point(x: wrapped.cosine, y: wrapped.sine)
    }

    private func unitPoint(_ angle: Int64, _ mapping: Affine) -> Point { mapping.apply(to: unitVector(angle)) }
}
