import FixedPoint

/// Keyframe values with their key times, per-segment timing curves and spline tangents, stored in a
/// `MotionStore` at setup (`SEMANTICS.md` §4). Evaluating it is a binary search over the key times, one
/// division, one curve lookup and one interpolation: no allocation.
@frozen
public struct KeyframeTrack<Value: Interpolatable>: @unchecked Sendable {
    /// The values, `valueCount` of them.
    @usableFromInline let values: UnsafePointer<Value>
    /// Key times in Q17.15: `valueCount` entries (discrete: one more), 0 first, 1 last, non-decreasing.
    @usableFromInline let keyTimes: UnsafePointer<Int32>
    /// One timing curve per segment (linear where none was given).
    @usableFromInline let curves: UnsafePointer<TimingCurve>
    /// Per key: outgoing then incoming tangent (raw components per segment); cubic modes only.
    @usableFromInline let tangents: UnsafePointer<ComponentVector>?
    /// The number of values.
    public let valueCount: Int
    /// How values are computed between keys.
    public let calculationMode: CalculationMode

    @usableFromInline
    init(
        values: UnsafePointer<Value>, keyTimes: UnsafePointer<Int32>, curves: UnsafePointer<TimingCurve>,
        tangents: UnsafePointer<ComponentVector>?, valueCount: Int, calculationMode: CalculationMode
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.curves = curves
        self.tangents = tangents
        self.valueCount = valueCount
        self.calculationMode = calculationMode
    }

    /// The last value (the value at the end of a cycle, for cumulative animations).
    @inlinable
    public var lastValue: Value { values[valueCount &- 1] }

    /// The segment holding `progress` and the eased local progress inside it (for payloads this type
    /// does not store, such as paths of equal structure). For `discrete`, the local progress is 0.
    @inlinable
    public func locate(_ progress: Progress) -> (segment: Int, local: Progress) {
        let p = progress.raw
        if case .discrete = calculationMode {
            return (lastKey(atOrBefore: p, among: valueCount), .zero)
        }
        if valueCount == 1 { return (0, .zero) }
        let segment = lastKey(atOrBefore: p, among: valueCount &- 1)
        let start = Int64(keyTimes[segment])
        let span = Int64(keyTimes[segment &+ 1]) &- start
        if span == 0 { return (segment, Progress(raw: 1 << 15)) }
        let local = ((Int64(p) &- start) &<< 15 &+ (span &>> 1)) / span
        return (segment, curves[segment].value(at: Progress(raw: Int32(truncatingIfNeeded: local))))
    }

    /// The largest i in 0 ..< count with keyTimes[i] ≤ p (0 when p is before every key).
    @inlinable
    func lastKey(atOrBefore p: Int32, among count: Int) -> Int {
        var low = 0, high = count  // invariant: answer in low ..< high
        while high &- low > 1 {
            let middle = (low &+ high) &>> 1
            if keyTimes[middle] <= p { low = middle } else { high = middle }
        }
        return low
    }

    /// The value at the animation's (eased) progress.
    @inlinable
    public func value(at progress: Progress) -> Value {
        let (segment, local) = locate(progress)
        if valueCount == 1 { return values[segment] }
        if case .discrete = calculationMode { return values[segment] }
        guard let tangents else { return values[segment].interpolated(to: values[segment &+ 1], by: local) }
        return hermite(segment: segment, local: local, tangents: tangents)
    }

    /// The cubic Hermite segment from key `segment` to the next, at local progress `local` (Q15 basis).
    @inlinable
    func hermite(segment: Int, local: Progress, tangents: UnsafePointer<ComponentVector>) -> Value {
        let s = Int64(local.raw)
        let s2 = (s &* s) &>> 15, s3 = (s2 &* s) &>> 15
        let h00 = 2 &* s3 &- 3 &* s2 &+ (1 << 15)
        let h10 = s3 &- 2 &* s2 &+ s
        let h01 = 3 &* s2 &- 2 &* s3
        let h11 = s3 &- s2
        let p0 = ComponentVector(of: values[segment]), p1 = ComponentVector(of: values[segment &+ 1])
        let m0 = tangents[2 &* segment], m1 = tangents[2 &* segment &+ 3]
        func lane(_ i: Int) -> Int64 {
            (p0[i] &* h00 &+ m0[i] &* h10 &+ p1[i] &* h01 &+ m1[i] &* h11 &+ (1 << 14)) &>> 15
        }
        return Value(components: ComponentVector(lane(0), lane(1), lane(2), lane(3)))
    }
}

// Concrete entry points: the frame path's keyframe evaluation for each value type, checked for
// allocations. (A debug build compiles each file separately and cannot see the curve lookup's body in
// TimingCurve.swift, so the check runs in release and Embedded builds, which see the whole module.)
extension KeyframeTrack where Value == Fixed {
    /// The scalar at `progress` (see `value(at:)`).
    #if !DEBUG
    @_noAllocation @_noLocks
    #endif
    @inlinable
    public func scalarValue(at progress: Progress) -> Fixed { value(at: progress) }
}

extension KeyframeTrack where Value == Point {
    /// The point at `progress` (see `value(at:)`).
    #if !DEBUG
    @_noAllocation @_noLocks
    #endif
    @inlinable
    public func pointValue(at progress: Progress) -> Point { value(at: progress) }
}

extension KeyframeTrack where Value == Color {
    /// The colour at `progress` (see `value(at:)`).
    #if !DEBUG
    @_noAllocation @_noLocks
    #endif
    @inlinable
    public func colorValue(at progress: Progress) -> Color { value(at: progress) }
}

extension KeyframeTrack where Value == Rect {
    /// The rect at `progress` (see `value(at:)`).
    #if !DEBUG
    @_noAllocation @_noLocks
    #endif
    @inlinable
    public func rectValue(at progress: Progress) -> Rect { value(at: progress) }
}
