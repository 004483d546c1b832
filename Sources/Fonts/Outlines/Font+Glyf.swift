import FixedPoint

extension Font {
    /// The bytes of `glyph` in `glyf` (empty for a glyph without outline).
    func glyfData(of glyph: Int) throws(FontError) -> FontTable {
        let start: Int, end: Int
        if usesLongOffsets {
            start = try loca.offset32(glyph * 4)
            end = try loca.offset32(glyph * 4 + 4)
        } else {
            start = Int(try loca.u16(glyph * 2)) * 2
            end = Int(try loca.u16(glyph * 2 + 2)) * 2
        }
        guard start <= end else { throw loca.malformed(glyph * (usesLongOffsets ? 4 : 2), .offsetOutside) }
        return try glyf.slice(start, end - start)
    }

    func glyfOutline<Sink: OutlineSink>(
        of glyph: Int, transform: ComponentTransform, depth: Int, budget: inout Int, into sink: inout Sink
    ) throws(FontError) {
        let data = try glyfData(of: glyph)
        guard data.count > 0 else { return }
        let contours = Int(try data.i16(0))
        if contours >= 0 {
            try simpleOutline(data, contours: contours, transform: transform, into: &sink)
        } else {
            try compositeOutline(data, transform: transform, depth: depth, budget: &budget, into: &sink)
        }
    }

    private func simpleOutline<Sink: OutlineSink>(
        _ data: FontTable, contours: Int, transform: ComponentTransform, into sink: inout Sink
    ) throws(FontError) {
        guard contours > 0 else { return }
        let instructionLengthAt = 10 + contours * 2
        let pointCount = Int(try data.u16(instructionLengthAt - 2)) + 1
        let flagStart = instructionLengthAt + 2 + Int(try data.u16(instructionLengthAt))
        var cursor = try GlyfPointCursor(glyph: data, flagStart: flagStart, pointCount: pointCount)
        var first = 0
        for contour in 0..<contours {
            let last = Int(try data.u16(10 + contour * 2))
            guard last >= first, last < pointCount else { throw data.malformed(10 + contour * 2, .inconsistentCount) }
            var pen = ContourPen(data: data, transform: transform)
            try pen.draw(count: last - first + 1, from: &cursor, into: &sink)
            first = last + 1
        }
    }

    private func compositeOutline<Sink: OutlineSink>(
        _ data: FontTable, transform: ComponentTransform, depth: Int, budget: inout Int, into sink: inout Sink
    ) throws(FontError) {
        guard depth < Font.compositeDepthLimit else { throw data.malformed(0, .compositeTooDeep) }
        var at = 10
        while true {
            guard budget > 0 else { throw data.malformed(at, .tooManyComponents) }
            budget -= 1
            let flags = try data.u16(at), component = Int(try data.u16(at + 2))
            at += 4
            guard flags & 0x0002 != 0 else { throw data.malformed(at - 4, .pointMatchingComponent) }
            var placement = ComponentTransform.identity
            if flags & 0x0001 != 0 {
                placement.dx = Int64(try data.i16(at)) << 16
                placement.dy = Int64(try data.i16(at + 2)) << 16
                at += 4
            } else {
                placement.dx = Int64(Int8(bitPattern: try data.u8(at))) << 16
                placement.dy = Int64(Int8(bitPattern: try data.u8(at + 1))) << 16
                at += 2
            }
            if flags & 0x0008 != 0 {
                placement.xx = Int64(try data.i16(at))
                placement.yy = placement.xx
                at += 2
            } else if flags & 0x0040 != 0 {
                placement.xx = Int64(try data.i16(at))
                placement.yy = Int64(try data.i16(at + 2))
                at += 4
            } else if flags & 0x0080 != 0 {
                placement.xx = Int64(try data.i16(at))
                placement.xy = Int64(try data.i16(at + 2))
                placement.yx = Int64(try data.i16(at + 4))
                placement.yy = Int64(try data.i16(at + 6))
                at += 8
            }
            guard component < glyphCount else { throw data.malformed(at, .inconsistentCount) }
            try glyfOutline(
                of: component, transform: transform.concatenating(placement), depth: depth + 1, budget: &budget,
                into: &sink)
            if flags & 0x0020 == 0 { return }
        }
    }
}

/// Turns one TrueType contour (on- and off-curve points, implied on-curve midpoints) into sink segments,
/// starting at its first on-curve point (or, with none, at the midpoint of its last and first points).
private struct ContourPen {
    let data: FontTable
    let transform: ComponentTransform
    var pendingControl: Point?

    init(data: FontTable, transform: ComponentTransform) {
        self.data = data
        self.transform = transform
    }

    mutating func draw<Sink: OutlineSink>(
        count: Int, from cursor: inout GlyfPointCursor, into sink: inout Sink
    ) throws(FontError) {
        let contourStart = cursor
        var firstOn = -1, firstPoint = Point.zero, lastPoint = Point.zero, startPoint = Point.zero
        for index in 0..<count {
            let (point, onCurve) = try next(&cursor)
            if index == 0 { firstPoint = point }
            if onCurve, firstOn < 0 {
                firstOn = index
                startPoint = point
            }
            lastPoint = point
        }
        let after = cursor
        var walker = contourStart
        if firstOn < 0 {
            startPoint = ContourPen.midpoint(lastPoint, firstPoint)
        } else {
            for _ in 0...firstOn { _ = try next(&walker) }
        }
        try sink.move(to: startPoint)
        for _ in max(firstOn, 0) + (firstOn < 0 ? 0 : 1)..<count { try emit(try next(&walker), into: &sink) }
        walker = contourStart
        if firstOn > 0 {
            for _ in 0..<firstOn { try emit(try next(&walker), into: &sink) }
        }
        if let control = pendingControl { try sink.quadratic(to: startPoint, control: control) }
        try sink.close()
        cursor = after
    }

    private func next(_ cursor: inout GlyfPointCursor) throws(FontError) -> (Point, Bool) {
        let (x, y, onCurve) = try cursor.next(in: data)
        guard let point = transform.apply(x: x << 16, y: y << 16) else { throw data.malformed(0, .coordinateOverflow) }
        return (point, onCurve)
    }

    private mutating func emit<Sink: OutlineSink>(_ point: (Point, Bool), into sink: inout Sink) throws(FontError) {
        let (position, onCurve) = point
        if onCurve {
            if let control = pendingControl {
                try sink.quadratic(to: position, control: control)
                pendingControl = nil
            } else {
                try sink.line(to: position)
            }
        } else {
            if let control = pendingControl {
                try sink.quadratic(to: ContourPen.midpoint(control, position), control: control)
            }
            pendingControl = position
        }
    }

    private static func midpoint(_ a: Point, _ b: Point) -> Point {
        Point(
            x: Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.x.raw) + Int64(b.x.raw)) >> 1)),
            y: Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.y.raw) + Int64(b.y.raw)) >> 1)))
    }
}
