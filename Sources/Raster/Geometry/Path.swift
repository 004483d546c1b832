import FixedPoint

/// A vector path: subpaths of lines and quadratic and cubic Bézier curves in Q16.16 coordinates.
///
/// Built at setup (its arrays grow while it is built, never while a frame is drawn); the frame path only
/// reads it (`verb(at:)`, `point(at:)`) or rewrites its points in place (`setPoint(_:at:)`,
/// `interpolate(from:to:by:)`), which never allocates once the path holds its points. Arcs, ellipses and
/// rounded rectangles become cubic curves when they are added.
///
/// A path holds at most `pointLimit` points (default `Path.defaultPointLimit`); adding more is a typed
/// error, `GeometryError.pointLimitExceeded`.
public struct Path: Sendable {
    /// What one element of a path does, and how many points it consumes.
    public enum Verb: UInt8, Sendable {
        /// Starts a subpath at one point.
        case move
        /// A straight line to one point.
        case line
        /// A quadratic Bézier: control point, end point.
        case quadratic
        /// A cubic Bézier: two control points, end point.
        case cubic
        /// Closes the subpath with a line back to its start; consumes no point.
        case close

        /// Points this verb consumes.
        @inlinable
        public var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quadratic: return 2
            case .cubic: return 3
            case .close: return 0
            }
        }
    }

    /// The default and largest point limit: 65,536 points.
    public static let defaultPointLimit = 65_536

    @usableFromInline var storage = PathStorage()
    /// The most points this path may hold.
    public let pointLimit: Int
    /// Index in `points` of the current subpath's first point, or −1 before the first `move`.
    @usableFromInline var subpathStart = -1
    /// Whether the last verb was `close` (a following segment starts a new subpath at the same start).
    @usableFromInline var isClosed = false

    /// An empty path.
    ///
    /// - Throws: `.invalidCapacity(field: .pathPoints, …)` when `pointLimit` is not in 1…65,536.
    public init(pointLimit: Int = Path.defaultPointLimit) throws(GeometryError) {
        guard pointLimit >= 1, pointLimit <= Path.defaultPointLimit else {
            throw .invalidCapacity(field: .pathPoints, value: pointLimit)
        }
        self.pointLimit = pointLimit
    }

    /// Pointers to the verbs and points for the frame path, without reference counting.
    ///
    /// Reading the storage reference retains and releases an object the caller's borrow keeps alive, so
    /// it can never deallocate; `_unsafePerformance` tells the performance checker so.
    /// (A static function over a borrowed path: a computed property would capture a copy of `self`.)
    @inlinable
    static func elements(of path: borrowing Path) -> PathElements { _unsafePerformance { PathElements(path.storage) } }

    @inlinable
    var elements: PathElements { Path.elements(of: self) }

    /// The number of verbs.
    @inlinable public var verbCount: Int { elements.verbCount }
    /// The number of points.
    @inlinable public var pointCount: Int { elements.pointCount }
    /// Whether the path has no verbs.
    @inlinable public var isEmpty: Bool { verbCount == 0 }

    /// The verb at `index` (0 ..< `verbCount`); an index outside gives `nil`.
    @inlinable
    public func verb(at index: Int) -> Verb? {
        let elements = elements
        return index >= 0 && index < elements.verbCount ? elements.verbs[index] : nil
    }

    /// The point at `index` (0 ..< `pointCount`); an index outside gives `nil`.
    @inlinable
    public func point(at index: Int) -> Point? {
        let elements = elements
        return index >= 0 && index < elements.pointCount ? elements.points[index] : nil
    }

    /// The last point added, or `nil` when the path is empty. After `close`, the subpath's start.
    public var currentPoint: Point? {
        if isClosed, subpathStart >= 0 { return storage.points[subpathStart] }
        return storage.pointCount == 0 ? nil : storage.points[storage.pointCount - 1]
    }

    /// The storage, copied first when another path shares it.
    mutating func uniqueStorage() -> PathStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    mutating func appendVerb(_ verb: Verb) { uniqueStorage().append(verb) }

    mutating func appendPoint(_ point: Point) { uniqueStorage().append(point) }

    /// Starts a new subpath at `point`.
    ///
    /// - Throws: `.pointLimitExceeded` when the path is full.
    public mutating func move(to point: Point) throws(GeometryError) {
        try reserve(1)
        appendVerb(.move)
        subpathStart = storage.pointCount
        appendPoint(point)
        isClosed = false
    }

    /// A straight line from the current point to `point`.
    ///
    /// - Throws: `.missingMoveTo` when no subpath was started; `.pointLimitExceeded` when full.
    public mutating func line(to point: Point) throws(GeometryError) {
        try beginSegment(pointCount: 1)
        appendVerb(.line)
        appendPoint(point)
    }

    /// A quadratic Bézier from the current point through `control` to `end`.
    ///
    /// - Throws: `.missingMoveTo` when no subpath was started; `.pointLimitExceeded` when full.
    public mutating func quadratic(to end: Point, control: Point) throws(GeometryError) {
        try beginSegment(pointCount: 2)
        appendVerb(.quadratic)
        appendPoint(control)
        appendPoint(end)
    }

    /// A cubic Bézier from the current point with controls `control1`, `control2` to `end`.
    ///
    /// - Throws: `.missingMoveTo` when no subpath was started; `.pointLimitExceeded` when full.
    public mutating func cubic(to end: Point, control1: Point, control2: Point) throws(GeometryError) {
        try beginSegment(pointCount: 3)
        appendVerb(.cubic)
        appendPoint(control1)
        appendPoint(control2)
        appendPoint(end)
    }

    /// Closes the current subpath with a line back to its start. Closing twice adds nothing.
    ///
    /// - Throws: `.missingMoveTo` when no subpath was started.
    public mutating func close() throws(GeometryError) {
        guard subpathStart >= 0 else { throw .missingMoveTo(verbIndex: storage.verbCount) }
        if isClosed { return }
        appendVerb(.close)
        isClosed = true
    }

    /// Appends every subpath of `other` (a leading segment without a `move` in `other` cannot happen:
    /// paths always start with one).
    ///
    /// - Throws: `.pointLimitExceeded` when the sum exceeds this path's limit.
    public mutating func append(_ other: Path) throws(GeometryError) {
        let source = other.storage
        try reserve(source.pointCount)
        let offset = storage.pointCount
        for index in 0..<source.verbCount { appendVerb(source.verbs[index]) }
        for index in 0..<source.pointCount { appendPoint(source.points[index]) }
        if other.subpathStart >= 0 {
            subpathStart = other.subpathStart + offset
            isClosed = other.isClosed
        }
    }

    /// Checks room for `count` more points.
    mutating func reserve(_ count: Int) throws(GeometryError) {
        guard storage.pointCount + count <= pointLimit else { throw .pointLimitExceeded(limit: pointLimit) }
    }

    /// Checks that a segment may follow; after `close`, starts a new subpath at the closed one's start.
    mutating func beginSegment(pointCount: Int) throws(GeometryError) {
        guard subpathStart >= 0 else { throw .missingMoveTo(verbIndex: storage.verbCount) }
        if isClosed {
            try reserve(pointCount + 1)
            try move(to: storage.points[subpathStart])
        } else {
            try reserve(pointCount)
        }
    }
}
