import FixedPoint

/// The verbs and points of a `Path`, in memory this object owns; shared between copies of a path until
/// one of them is changed (copy on write).
///
/// A class rather than arrays so that the frame path can read a path through plain pointers
/// (`PathElements`): the pointers stay valid as long as the path that was borrowed is alive, and reading
/// them needs no reference counting that a `@_noAllocation` function would refuse.
@usableFromInline
final class PathStorage: @unchecked Sendable {
    @usableFromInline private(set) var verbs: UnsafeMutablePointer<Path.Verb>
    @usableFromInline private(set) var points: UnsafeMutablePointer<Point>
    @usableFromInline private(set) var verbCount = 0
    @usableFromInline private(set) var pointCount = 0
    private var verbCapacity: Int
    private var pointCapacity: Int

    init(verbCapacity: Int = 8, pointCapacity: Int = 8) {
        self.verbCapacity = Swift.max(verbCapacity, 1)
        self.pointCapacity = Swift.max(pointCapacity, 1)
        verbs = .allocate(capacity: self.verbCapacity)
        points = .allocate(capacity: self.pointCapacity)
    }

    deinit {
        verbs.deallocate()
        points.deallocate()
    }

    /// A copy with the same contents (used before changing a shared storage).
    func copy() -> PathStorage {
        let result = PathStorage(verbCapacity: verbCount, pointCapacity: pointCount)
        result.verbs.initialize(from: verbs, count: verbCount)
        result.points.initialize(from: points, count: pointCount)
        result.verbCount = verbCount
        result.pointCount = pointCount
        return result
    }

    func append(_ verb: Path.Verb) {
        if verbCount == verbCapacity {
            verbs = PathStorage.grown(verbs, count: verbCount, to: &verbCapacity)
        }
        (verbs + verbCount).initialize(to: verb)
        verbCount += 1
    }

    func append(_ point: Point) {
        if pointCount == pointCapacity {
            points = PathStorage.grown(points, count: pointCount, to: &pointCapacity)
        }
        (points + pointCount).initialize(to: point)
        pointCount += 1
    }

    /// Replaces the point at `index` (0 ..< pointCount).
    @inlinable
    func setPoint(_ point: Point, at index: Int) { points[index] = point }

    private static func grown<T>(_ old: UnsafeMutablePointer<T>, count: Int, to capacity: inout Int) -> UnsafeMutablePointer<T> {
        capacity *= 2
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }
}

/// Read-only pointers to a path's verbs and points, valid while the borrowed path is alive and unchanged.
@usableFromInline
struct PathElements {
    @usableFromInline let verbs: UnsafePointer<Path.Verb>
    @usableFromInline let points: UnsafePointer<Point>
    @usableFromInline let verbCount: Int
    @usableFromInline let pointCount: Int

    @inlinable
    init(_ storage: PathStorage) {
        verbs = UnsafePointer(storage.verbs)
        points = UnsafePointer(storage.points)
        verbCount = storage.verbCount
        pointCount = storage.pointCount
    }
}
