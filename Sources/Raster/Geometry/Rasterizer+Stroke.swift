import FixedPoint

extension Rasterizer {
    /// Strokes `path` with `style`, mapped by `transform`, emitting coverage inside `clip` into `sink`.
    ///
    /// The stroke is built in path space (widths scale with the transform, as Core Animation draws
    /// strokes in layer space), then its outline is filled with the non-zero rule. Trimming
    /// (`strokeStart`/`strokeEnd`) measures the whole flattened path, subpaths in order; a subpath cut
    /// inside gets caps at the cut. Nothing is emitted when the draw fails.
    ///
    /// - Throws: the style's validation errors; `.polylineCapacityExceeded`, `.edgeCapacityExceeded`,
    ///   `.coordinateOutOfRange` and the clip errors of `reset(clip:)`.
    @inlinable
    public mutating func stroke<Sink: CoverageSink>(
        _ path: borrowing Path, style: StrokeStyle, transform: Affine, clip: IntRect, into sink: inout Sink
    ) throws(GeometryError) {
        try reset(clip: clip)
        try addStroke(path, style: style, transform: transform)
        render(rule: .nonZero, into: &sink)
    }

    /// Adds the edges of the stroke outline of `path` to the current draw (fill it with `.nonZero`).
    @inlinable
    public mutating func addStroke(_ path: borrowing Path, style: StrokeStyle, transform: Affine) throws(GeometryError) {
        try style.validate()
        if style.strokeStart.raw == style.strokeEnd.raw { return }
        let tolerance = Rasterizer.localTolerance(transform)
        let count = try flattenToPolyline(path, tolerance: tolerance)
        let parameters = StrokeParameters(style: style, tolerance: tolerance)
        pen.prepare(transform: transform, clip: clip)
        var windowStart: Int64 = 0, windowEnd: Int64 = .max
        if style.isTrimmed {
            let total = polylineLength(count: count)
            windowStart = (Int64(style.strokeStart.raw) &* total) &>> 15
            windowEnd = (Int64(style.strokeEnd.raw) &* total) &>> 15
        }
        var start = 0
        var travelled: Int64 = 0
        while start < count {
            var end = start &+ 1
            while end < count && polyline[end].flags & PolylinePoint.subpathStart == 0 { end &+= 1 }
            let flags = polyline[start].flags
            let closed = flags & PolylinePoint.closed != 0
            if !style.isTrimmed {
                let tangents = curveTangents(from: start, to: end, closed: closed)
                try strokeSubpath(polyline + start, count: end &- start, closed: closed,
                                  hasSegments: flags & PolylinePoint.hasSegments != 0, parameters,
                                  startTangent: tangents.0, endTangent: tangents.1)
            } else {
                let length = subpathLength(from: start, to: end, closed: closed)
                try strokeTrimmed(from: start, to: end, closed: closed, hasSegments: flags & PolylinePoint.hasSegments != 0,
                                  window: (windowStart &- travelled, windowEnd &- travelled), length: length, parameters)
                travelled &+= length
            }
            start = end
        }
    }

    /// The length of the whole flattened path (raw Q16.16).
    @inlinable
    func polylineLength(count: Int) -> Int64 {
        var total: Int64 = 0
        var start = 0
        while start < count {
            var end = start &+ 1
            while end < count && polyline[end].flags & PolylinePoint.subpathStart == 0 { end &+= 1 }
            total &+= subpathLength(from: start, to: end, closed: polyline[start].flags & PolylinePoint.closed != 0)
            start = end
        }
        return total
    }

    /// The length of the subpath `start ..< end`, with its closing segment when closed.
    @inlinable
    func subpathLength(from start: Int, to end: Int, closed: Bool) -> Int64 {
        var length: Int64 = 0
        var index = start &+ 1
        while index < end {
            length &+= Rasterizer.segmentLength(polyline[index &- 1], polyline[index])
            index &+= 1
        }
        if closed && end &- start > 1 { length &+= Rasterizer.segmentLength(polyline[end &- 1], polyline[start]) }
        return length
    }

    @inlinable
    static func segmentLength(_ a: PolylinePoint, _ b: PolylinePoint) -> Int64 {
        StrokeGeometry.length(b.x &- a.x, b.y &- a.y)
    }
}
