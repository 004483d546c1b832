import FixedPoint

extension Path {
    /// This path with every point mapped by `transform` (curves stay curves: Bézier curves are
    /// affine-invariant).
    ///
    /// - Throws: `.coordinateOutOfRange` when a mapped point leaves the Q16.16 range (raw value named).
    public func transformed(by transform: Affine) throws(GeometryError) -> Path {
        var result = self
        let storage = result.uniqueStorage()
        for index in 0..<storage.pointCount {
            storage.setPoint(try Path.map(storage.points[index], transform), at: index)
        }
        return result
    }

    /// `point` mapped by `transform` in 64 bits, refused when it leaves Q16.16.
    static func map(_ point: Point, _ transform: Affine) throws(GeometryError) -> Point {
        let x = Path.dot(transform.a, point.x, transform.c, point.y, transform.tx)
        let y = Path.dot(transform.b, point.x, transform.d, point.y, transform.ty)
        guard let fixedX = Int32(exactly: x) else { throw .coordinateOutOfRange(axis: .x, raw: x) }
        guard let fixedY = Int32(exactly: y) else { throw .coordinateOutOfRange(axis: .y, raw: y) }
        return Point(x: Fixed(raw: fixedX), y: Fixed(raw: fixedY))
    }

    /// m1·v1 + m2·v2 + offset in raw Q16.16, rounded to nearest (ties toward +∞), not wrapped.
    private static func dot(_ m1: Fixed, _ v1: Fixed, _ m2: Fixed, _ v2: Fixed, _ offset: Fixed) -> Int64 {
        let q24 = ((Int64(m1.raw) * Int64(v1.raw)) >> 8) + ((Int64(m2.raw) * Int64(v2.raw)) >> 8) + (Int64(offset.raw) << 8)
        return (q24 + (1 << 7)) >> 8
    }

    /// Replaces the point at `index` (0 ..< `pointCount`), keeping the verbs: for path animations.
    ///
    /// Writes in place when this path does not share its storage (the usual case for a path owned by a
    /// layer); a shared storage is copied once first.
    ///
    /// - Throws: `.pointIndexOutOfRange` for an index outside the points.
    public mutating func setPoint(_ point: Point, at index: Int) throws(GeometryError) {
        guard index >= 0, index < pointCount else { throw .pointIndexOutOfRange(index: index, count: pointCount) }
        uniqueStorage().setPoint(point, at: index)
    }

    /// Sets this path to the pointwise interpolation between `start` and `end` at `progress`
    /// (0 = `start`, 1 = `end`; overshoot extrapolates, as eased progress may), which must have the same
    /// verbs. When this path already has those verbs (after the first call), only its points are
    /// rewritten, in place.
    ///
    /// - Throws: `.mismatchedStructure` naming the first verb where `start` and `end` differ.
    public mutating func interpolate(from start: Path, to end: Path, by progress: Progress) throws(GeometryError) {
        let first = Path.elements(of: start), second = Path.elements(of: end)
        let shared = Swift.min(first.verbCount, second.verbCount)
        for index in 0..<shared where first.verbs[index] != second.verbs[index] {
            throw .mismatchedStructure(verbIndex: index)
        }
        guard first.verbCount == second.verbCount else { throw .mismatchedStructure(verbIndex: shared) }
        if !Path.sameVerbs(Path.elements(of: self), first) {
            self = start
        }
        let storage = uniqueStorage()
        for index in 0..<first.pointCount {
            storage.setPoint(first.points[index].interpolated(to: second.points[index], by: progress), at: index)
        }
    }

    private static func sameVerbs(_ lhs: PathElements, _ rhs: PathElements) -> Bool {
        guard lhs.verbCount == rhs.verbCount else { return false }
        for index in 0..<lhs.verbCount where lhs.verbs[index] != rhs.verbs[index] { return false }
        return true
    }
}
