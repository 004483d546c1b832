import Motion

/// Where a keyframe animation's data lies in the `KeyframeStore`: the engine-side lists beside the
/// Motion `KeyframeTrack` (which holds values, key times, segment curves and tangents in the same range).
///
/// Layout from `offset`, in slots: for values that cannot be interpolated (flags, paths) the values
/// themselves (`count` × 4 slots; the track then holds the key indices 0, 1, 2 … so that it locates
/// segments and paces evenly); for a `path` with curves or a rotation mode the path itself (`count` points
/// of 2 slots, then `count − 1` segments' control points of 4 slots, Q16.16); then, 16-byte aligned, the
/// track's relocated lists.
struct KeyframeRange {
    var offset: Int32 = -1
    var slotCount: Int32 = 0
    var count: Int32 = 0
    /// Whether values are stored beside the track (flags, paths) and the track holds key indices.
    var holdsValues = false
    /// Whether the calculation mode is discrete.
    var isDiscrete = false
    /// Position animation along a stored path: the position comes from the segment's curve.
    var followsPath = false
    /// The path animation also turns the layer to the curve's tangent (+π when `reversesRotation`).
    var rotates = false
    var reversesRotation = false
    /// The path has no curves (straight segments): the track's own interpolation is the position, exact as
    /// for values, and only the tangent (the segment's direction) comes from the path.
    var isStraight = false
    /// Slot offsets of the values (when `holdsValues`) and of the path (when `followsPath`).
    var valuesOffset = 0
    var pathOffset = 0
}

/// Control points of a custom timing curve (to share one table between equal curves).
struct CurvePoints: Equatable {
    var x1, y1, x2, y2: Double
}

/// Fixed-capacity storage for keyframe values, key times, tangents, curve indices and transition
/// states, shared by all animations: allocated at engine creation, carved at `addAnimation` (first
/// fit), returned when the animation is freed. Also the engine's timing-curve table. A plain value of
/// pointers (the engine deallocates it).
struct KeyframeStore {
    let slots: UnsafeMutableBufferPointer<Int32>
    private let used: UnsafeMutableBufferPointer<Bool>
    /// Timing curves referenced by index from keyframe segments.
    let curves: UnsafeMutableBufferPointer<TimingCurve>
    /// Control points of each curve in `curves` (nil for named curves).
    let curvePoints: UnsafeMutableBufferPointer<CurvePoints?>
    var curveCount = 0

    /// Distinct timing curves an engine can hold.
    static let curveCapacity = 256

    init(capacity: Int) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        used = .allocate(capacity: capacity)
        used.initialize(repeating: false)
        curves = .allocate(capacity: KeyframeStore.curveCapacity)
        curves.initialize(repeating: .linear)
        curvePoints = .allocate(capacity: KeyframeStore.curveCapacity)
        curvePoints.initialize(repeating: nil)
    }

    func deallocate() {
        slots.deallocate()
        used.deallocate()
        curves.deallocate()
        curvePoints.deallocate()
    }

    var capacity: Int { slots.count }

    /// First-fit allocation of `count` consecutive slots (setup time), or nil when none fit.
    func allocate(_ count: Int) -> Int32? {
        guard count > 0 else { return 0 }
        var start = 0
        var run = 0
        for index in 0 ..< used.count {
            if used[index] {
                run = 0
                start = index + 1
            } else {
                run += 1
                if run == count {
                    for slot in start ..< start + count { used[slot] = true }
                    return Int32(start)
                }
            }
        }
        return nil
    }

    /// Returns slots to the free space.
    func release(offset: Int32, count: Int32) {
        guard offset >= 0, count > 0 else { return }
        for slot in Int(offset) ..< Int(offset + count) { used[slot] = false }
    }

    /// The index of `curve` in the curve table, adding it if new (`points` for custom curves).
    ///
    /// - Throws: `poolFull(.resources)` when the table is full.
    mutating func curveIndex(of curve: TimingCurve, points: CurvePoints? = nil) throws(EngineError) -> Int32 {
        for index in 0 ..< curveCount where curves[index] == curve { return Int32(index) }
        guard curveCount < curves.count else { throw .poolFull(.resources, capacity: curves.count) }
        curves[curveCount] = curve
        curvePoints[curveCount] = points
        curveCount += 1
        return Int32(curveCount - 1)
    }

    /// The stored custom curve with these control points, if any.
    func curve(with points: CurvePoints) -> TimingCurve? {
        for index in 0 ..< curveCount where curvePoints[index] == points { return curves[index] }
        return nil
    }
}
