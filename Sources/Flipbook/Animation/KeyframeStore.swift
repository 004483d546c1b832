import Motion

/// Where a keyframe animation's data lies in the `KeyframeStore` and how to read it.
///
/// Layout from `offset`: values (`count` × 4 slots), key times (`timeCount` Q17.15 slots), segment
/// curve indices (`count − 1` slots, −1 = linear), segment tangent angles (`count − 1` Q16.16 radians,
/// for a path with a rotation mode), and for cubic modes the outgoing and incoming tangents (`count` ×
/// 4 slots each).
struct KeyframeRange {
    var offset: Int32 = -1
    var slotCount: Int32 = 0
    var count: Int32 = 0
    var mode = CalculationMode.linear
    var hasSegmentCurves = false
    /// Position animation along a path that also rotates the layer (the tangent angle slot).
    var rotation: RotationMode?
    /// Flags derived from `mode` and `rotation` (the frame path tests Booleans, not enum equality).
    var rotates = false
    var isDiscrete = false
    var isCubic = false

    /// Offsets of each part (set by `layOut()`; the frame path reads them as plain numbers).
    var valuesOffset = 0
    var timesOffset = 0
    var curvesOffset = 0
    var anglesOffset = 0
    var outTangentsOffset = 0
    var inTangentsOffset = 0

    /// Computes the part offsets from `offset`, `count` and the flags.
    mutating func layOut() {
        let keys = Int(count)
        valuesOffset = Int(offset)
        timesOffset = valuesOffset + keys * 4
        curvesOffset = timesOffset + (isDiscrete ? keys + 1 : keys)
        anglesOffset = curvesOffset + max(keys - 1, 0)
        outTangentsOffset = anglesOffset + (rotates ? max(keys - 1, 0) : 0)
        inTangentsOffset = outTangentsOffset + keys * 4
    }

    /// Slots needed for `count` keys in `mode`.
    static func slotsNeeded(count: Int, mode: CalculationMode, rotates: Bool) -> Int {
        let times = mode == .discrete ? count + 1 : count
        let tangents = (mode == .cubic || mode == .cubicPaced) ? count * 8 : 0
        return count * 4 + times + max(count - 1, 0) * (rotates ? 2 : 1) + tangents
    }
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
