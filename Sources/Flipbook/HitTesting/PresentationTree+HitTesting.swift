import FixedPoint

extension PresentationTree {
    /// The frontmost drawn layer under canvas `point`, as `CALayer.hitTest(_:)` answers it on the screen's
    /// tree: the deepest, last-drawn layer whose (transformed, rounded) bounds contain the point.
    ///
    /// Hidden layers and layers of opacity 0 are skipped with their sublayers; a layer with
    /// `masksToBounds` passes the point to its sublayers only inside its rounded bounds; a layer with a
    /// mask only where the mask's own layers (their rounded bounds) cover the point. A point behind the
    /// eye of a 3-D layer misses it. Allocates nothing.
    public func hitTest(_ point: Point) -> LayerID? {
        let tester = HitTester(entries: UnsafeBufferPointer(storage), drawCount: drawCount)
        guard let index = tester.hitIndex(point) else { return nil }
        return storage[index].id
    }

    /// Writes the hit layer and then its ancestors (nearest first) into `chain`, as many as fit, and answers
    /// how many it wrote (0 when nothing is hit): where a gesture that began at `point` bubbles to.
    public func hitTest(_ point: Point, chain: UnsafeMutableBufferPointer<LayerID>) -> Int {
        let tester = HitTester(entries: UnsafeBufferPointer(storage), drawCount: drawCount)
        guard var index = tester.hitIndex(point) else { return 0 }
        var written = 0
        while written < chain.count {
            chain[written] = storage[index].id
            written &+= 1
            let parent = Int(storage[index].parentIndex)
            if parent < 0 { break }
            index = parent
        }
        return written
    }

    /// Whether the bounds point `point` lies in `entry`'s bounds with its corners rounded by
    /// `cornerRadius` (at most half the shorter side, as drawn): edges at the minimum included, at the
    /// maximum excluded, a corner's arc included.
    public static func contains(_ point: Point, in entry: PresentationLayer) -> Bool {
        HitTester.contains(point, in: entry)
    }
}

/// The hit-testing walk over a snapshot's entries (no reference counting, for the no-allocation proof).
struct HitTester {
    /// The snapshot's entries (at least `drawCount`, masks after them).
    let entries: UnsafeBufferPointer<PresentationLayer>
    /// The number of entries of the drawn tree.
    let drawCount: Int

    /// The entry index of the frontmost hit among the drawn roots, or nil.
    @_noAllocation
    func hitIndex(_ point: Point) -> Int? {
        var index = drawCount &- 1
        while index >= 0 {
            if entries[index].parentIndex < 0, let hit = hitIndex(point, entry: index) { return hit }
            index &-= 1
        }
        return nil
    }

    /// The hit in the subtree of entry `index`, sublayers first, frontmost first.
    @_noAllocation
    func hitIndex(_ point: Point, entry index: Int) -> Int? {
        let entry = entries[index]
        if entry.isHidden || entry.opacity.raw <= 0 || entry.instanceKey >= 0 { return nil }
        let local = LayerPlaneMapping.local(of: point, in: entry)
        let inside: Bool
        if case .some(let local) = local { inside = HitTester.contains(local, in: entry) } else { inside = false }
        if entry.masksToBounds && !inside { return nil }
        if entry.maskIndex >= 0 && hitIndex(point, entry: Int(entry.maskIndex)) == nil { return nil }
        let end = Int(entry.subtreeEnd)
        var child = end &- 1
        while child > index {
            if Int(entries[child].parentIndex) == index, let hit = hitIndex(point, entry: child) { return hit }
            child &-= 1
        }
        return inside ? index : nil
    }

    /// Whether the bounds point `point` lies in `entry`'s rounded bounds (`PresentationTree.contains`).
    @_noAllocation
    static func contains(_ point: Point, in entry: PresentationLayer) -> Bool {
        let bounds = entry.bounds.standardized
        guard bounds.contains(point) else { return false }
        let limit = min(Int64(bounds.width.raw), Int64(bounds.height.raw)) / 2
        let radius = min(max(Int64(entry.cornerRadius.raw), 0), limit)
        if radius == 0 { return true }
        let x = Int64(point.x.raw), y = Int64(point.y.raw)
        let minX = Int64(bounds.minX.raw), minY = Int64(bounds.minY.raw)
        let maxX = Int64(bounds.maxX.raw), maxY = Int64(bounds.maxY.raw)
        // Distance past the straight part of the edge, per axis (0 on the straight part).
        let dx = x < minX &+ radius ? minX &+ radius &- x : (x > maxX &- radius ? x &- (maxX &- radius) : 0)
        let dy = y < minY &+ radius ? minY &+ radius &- y : (y > maxY &- radius ? y &- (maxY &- radius) : 0)
        if dx == 0 || dy == 0 { return true }
        // dx, dy ≤ radius ≤ 2^31, so the squares and their sum fit in UInt64.
        return dx.magnitude &* dx.magnitude &+ dy.magnitude &* dy.magnitude <= radius.magnitude &* radius.magnitude
    }
}
