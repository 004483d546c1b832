extension Rasterizer {
    /// Strokes the part of the subpath `start ..< end` that lies in `window` (distances from the
    /// subpath's start, raw Q16.16). The whole subpath keeps its joins (and its closure); a part becomes
    /// an open polyline with caps at the cuts.
    @inlinable
    mutating func strokeTrimmed(
        from start: Int, to end: Int, closed: Bool, hasSegments: Bool, window: (Int64, Int64), length: Int64,
        _ parameters: StrokeParameters
    ) throws(GeometryError) {
        let from = max(window.0, 0), to = min(window.1, length)
        if from > to || (from == to && length > 0) { return }
        if from == 0 && to == length {
            let tangents = curveTangents(from: start, to: end, closed: closed)
            return try strokeSubpath(polyline + start, count: end &- start, closed: closed,
                                     hasSegments: hasSegments, parameters, startTangent: tangents.0,
                                     endTangent: tangents.1)
        }
        var tangents = (LocalPoint.zero, LocalPoint.zero)
        let count = collectTrimmed(from: start, to: end, closed: closed, keeping: from, through: to, tangents: &tangents)
        try strokeSubpath(trimmedPolyline, count: count, closed: false, hasSegments: true, parameters,
                          startTangent: tangents.0, endTangent: tangents.1)
    }

    /// Copies the points between distances `from` and `to` (exclusive interior vertices, interpolated
    /// ends) of the subpath into `trimmedPolyline`; returns the count (repeated points dropped) and the
    /// curve's tangents at the two cuts.
    @inlinable
    mutating func collectTrimmed(
        from start: Int, to end: Int, closed: Bool, keeping from: Int64, through to: Int64,
        tangents: inout (LocalPoint, LocalPoint)
    ) -> Int {
        var count = 0
        var travelled: Int64 = 0
        let segments = closed ? end &- start : end &- start &- 1
        for segment in 0..<segments {
            let a = polyline[start &+ segment]
            let b = polyline[start &+ (segment &+ 1) % (end &- start)]
            let length = Rasterizer.segmentLength(a, b)
            let segmentEnd = travelled &+ length
            if segmentEnd >= from && travelled <= to && length > 0 {
                if count == 0 {
                    appendTrimmed(Rasterizer.interpolate(a, b, at: from &- travelled, of: length), count: &count)
                    tangents.0 = tangent(in: segment, from: start, to: end, closed: closed, at: from &- travelled, of: length)
                }
                if segmentEnd < to {
                    appendTrimmed(b, count: &count)
                } else {
                    appendTrimmed(Rasterizer.interpolate(a, b, at: to &- travelled, of: length), count: &count)
                    tangents.1 = tangent(in: segment, from: start, to: end, closed: closed, at: to &- travelled, of: length)
                    break
                }
            }
            travelled = segmentEnd
        }
        return count
    }

    /// The curve's direction (Q30) `distance` along segment `segment` of the subpath `start ..< end`:
    /// the chord's, blended toward the neighbouring chords at ends that lie inside a flattened curve
    /// (where the true tangent is the mean of the two chords'), or toward the curve's own tangent at an
    /// open subpath's end (`curveTangent`), so caps at cuts stand square to the curve.
    @inlinable
    func tangent(in segment: Int, from start: Int, to end: Int, closed: Bool, at distance: Int64, of length: Int64) -> LocalPoint {
        let count = end &- start
        let a = start &+ segment, b = start &+ (segment &+ 1) % count
        let chord = StrokeGeometry.unit(polyline[b].x &- polyline[a].x, polyline[b].y &- polyline[a].y)
        var atA = chord, atB = chord
        if !closed && segment == 0 && polyline[a].flags & PolylinePoint.curveTangent != 0 { atA = curveTangent(at: a) }
        if !closed && segment &+ 2 == count && polyline[b].flags & PolylinePoint.curveTangent != 0 { atB = curveTangent(at: b) }
        if polyline[a].flags & PolylinePoint.smooth != 0 && (segment > 0 || closed) {
            let previous = start &+ (segment &+ count &- 1) % count
            atA = StrokeGeometry.unit(polyline[b].x &- polyline[previous].x, polyline[b].y &- polyline[previous].y)
        }
        if polyline[b].flags & PolylinePoint.smooth != 0 && (segment &+ 2 < count || closed) {
            let next = start &+ (segment &+ 2) % count
            atB = StrokeGeometry.unit(polyline[next].x &- polyline[a].x, polyline[next].y &- polyline[a].y)
        }
        let ratio = (min(max(distance, 0), length) &<< 24) / length  // Q24
        return StrokeGeometry.unit(
            atA.x &+ ((atB.x &- atA.x) &* ratio) &>> 24, atA.y &+ ((atB.y &- atA.y) &* ratio) &>> 24)
    }

    @inlinable
    mutating func appendTrimmed(_ point: PolylinePoint, count: inout Int) {
        if count > 0 {
            let previous = trimmedPolyline[count &- 1]
            if previous.x == point.x && previous.y == point.y { return }
        }
        trimmedPolyline[count] = PolylinePoint(x: point.x, y: point.y, flags: 0)
        count &+= 1
    }

    /// The point `distance` along a → b (of length `length` > 0), raw Q16.16.
    @inlinable
    static func interpolate(_ a: PolylinePoint, _ b: PolylinePoint, at distance: Int64, of length: Int64) -> PolylinePoint {
        let clamped = min(max(distance, 0), length)
        let ratio = (clamped &<< 24) / length  // Q24
        return PolylinePoint(
            x: a.x &+ ((b.x &- a.x) &* ratio) &>> 24, y: a.y &+ ((b.y &- a.y) &* ratio) &>> 24, flags: 0)
    }
}
