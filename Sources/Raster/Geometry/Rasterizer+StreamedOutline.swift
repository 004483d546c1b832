import FixedPoint

/// Where an outline fed to the rasterizer segment by segment stands (`Rasterizer.move(to:_:)` …): the transform
/// to device space, the current subpath's start and current point in device subpixels, and the pending chord of
/// a curve. `addPath` draws a path through the same steps, so a streamed outline covers exactly the pixels the
/// same segments in a `Path` would.
public struct StreamedOutline {
    /// The transform from the outline's coordinates to the canvas.
    public var transform: Affine
    @usableFromInline var start: DevicePoint
    @usableFromInline var current: DevicePoint
    @usableFromInline var isOpen: Bool
    // A curve's last chord waits for the next segment: a smooth joint between two curves moves.
    @usableFromInline var joint: CurveJoint
    @usableFromInline var pendingChord: DevicePoint
    @usableFromInline var mappedBox: SubpixelBox

    /// Every point mapped so far (subpath starts, segment ends and control points), in device subpixels.
    @inlinable
    public var mappedPoints: SubpixelBox { mappedBox }

    /// An empty outline mapped by `transform`.
    @inlinable
    public init(transform: Affine) {
        self.transform = transform
        start = DevicePoint(x: 0, y: 0)
        current = start
        isOpen = false
        joint = CurveJoint()
        pendingChord = start
        mappedBox = .empty
    }

    /// `point` mapped by the transform, noted in `mappedPoints`.
    @inlinable
    mutating func map(_ point: Point) throws(GeometryError) -> DevicePoint {
        let mapped = try DevicePoint(point, transform)
        mappedBox.include(x: mapped.x, y: mapped.y)
        return mapped
    }
}

extension Rasterizer {
    /// Adds the pending chord of a curve before a segment that is not one.
    @inlinable
    mutating func settleCurve(_ outline: inout StreamedOutline) throws(GeometryError) {
        if outline.joint.endsWithCurve {
            try addLine(from: outline.pendingChord, to: outline.current)
            outline.joint.endsWithCurve = false
        }
    }

    /// Starts a subpath at `point` (closing the open one with a line back to its start).
    ///
    /// - Throws: `.coordinateOutOfRange`, `.edgeCapacityExceeded` (as `addPath`).
    @inlinable
    public mutating func move(to point: Point, _ outline: inout StreamedOutline) throws(GeometryError) {
        try settleCurve(&outline)
        if outline.isOpen { try addLine(from: outline.current, to: outline.start) }
        startContour()
        outline.start = try outline.map(point)
        outline.current = outline.start
        outline.isOpen = true
    }

    /// A straight line from the current point to `point`.
    ///
    /// - Throws: `.coordinateOutOfRange`, `.edgeCapacityExceeded`.
    @inlinable
    public mutating func line(to point: Point, _ outline: inout StreamedOutline) throws(GeometryError) {
        try settleCurve(&outline)
        let end = try outline.map(point)
        try addLine(from: outline.current, to: end)
        outline.current = end
    }

    /// A quadratic Bézier from the current point through `control` to `end`.
    ///
    /// - Throws: `.coordinateOutOfRange`, `.edgeCapacityExceeded`.
    @inlinable
    public mutating func quadratic(to end: Point, control: Point, _ outline: inout StreamedOutline) throws(GeometryError) {
        let mappedControl = try outline.map(control)
        let mappedEnd = try outline.map(end)
        try addQuadratic(from: outline.current, control: mappedControl, to: mappedEnd, joint: &outline.joint,
                         pendingChord: &outline.pendingChord)
        outline.current = mappedEnd
    }

    /// A cubic Bézier from the current point through `control1` and `control2` to `end`.
    ///
    /// - Throws: `.coordinateOutOfRange`, `.edgeCapacityExceeded`.
    @inlinable
    public mutating func cubic(
        to end: Point, control1: Point, control2: Point, _ outline: inout StreamedOutline
    ) throws(GeometryError) {
        let first = try outline.map(control1)
        let second = try outline.map(control2)
        let mappedEnd = try outline.map(end)
        try addCubic(from: outline.current, control1: first, control2: second, to: mappedEnd, joint: &outline.joint,
                     pendingChord: &outline.pendingChord)
        outline.current = mappedEnd
    }

    /// Closes the subpath with a line back to its start.
    ///
    /// - Throws: `.edgeCapacityExceeded`.
    @inlinable
    public mutating func closeSubpath(_ outline: inout StreamedOutline) throws(GeometryError) {
        try settleCurve(&outline)
        try addLine(from: outline.current, to: outline.start)
        outline.current = outline.start
        outline.isOpen = false
    }

    /// Ends the outline: the last curve's chord and the open subpath's closing line are added.
    ///
    /// - Throws: `.edgeCapacityExceeded`.
    @inlinable
    public mutating func finish(_ outline: inout StreamedOutline) throws(GeometryError) {
        try settleCurve(&outline)
        if outline.isOpen { try addLine(from: outline.current, to: outline.start) }
        outline.isOpen = false
    }
}
