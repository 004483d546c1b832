import FixedPoint

/// A value an animation can interpolate: scalars, points, sizes, rects, colours (and anything made of up
/// to four fixed-point components).
///
/// Linear interpolation is the type's own `interpolated(to:by:)` (FixedPoint's, exact at 0 and 1).
/// Everything else — additive and cumulative composition, cubic keyframes, paced distances — works on
/// the components, so one generic implementation serves every type. Generic code over this protocol is
/// specialised (static dispatch, no existentials); values are plain bits (`BitwiseCopyable`) so they can
/// live in a `MotionStore`.
public protocol Interpolatable: BitwiseCopyable, Equatable {
    /// The number of components, 1 … 4.
    static var componentCount: Int { get }
    /// Component `index` (0 ..< componentCount) as a raw Q16.16 integer (colour channels as 0 … 255 in
    /// Q16.16 too), widened to 64 bits.
    func component(_ index: Int) -> Int64
    /// The value made of `components` (raw Q16.16; what does not fit wraps for geometry, saturates for
    /// colour channels, as the type's own arithmetic does).
    init(components: ComponentVector)
    /// `self + (end − self)·progress`, exact at progress 0 and 1.
    func interpolated(to end: Self, by progress: Progress) -> Self
}

/// Up to four raw Q16.16 components in 64-bit lanes (headroom for sums and Hermite weights).
@frozen
public struct ComponentVector: BitwiseCopyable, Sendable {
    /// The components; lanes past the value's `componentCount` are zero.
    public var lanes: (Int64, Int64, Int64, Int64)

    /// A vector from its four lanes.
    @inlinable
    public init(_ l0: Int64, _ l1: Int64 = 0, _ l2: Int64 = 0, _ l3: Int64 = 0) { lanes = (l0, l1, l2, l3) }

    /// Lane `index` (0 … 3).
    @inlinable
    public subscript(index: Int) -> Int64 {
        switch index {
        case 0: lanes.0
        case 1: lanes.1
        case 2: lanes.2
        default: lanes.3
        }
    }

    /// The components of `value`.
    @inlinable
    public init<Value: Interpolatable>(of value: Value) {
        let count = Value.componentCount
        self.init(
            value.component(0), count > 1 ? value.component(1) : 0,
            count > 2 ? value.component(2) : 0, count > 3 ? value.component(3) : 0)
    }

    /// Lane-wise `self + other · factor` (wrapping 64-bit arithmetic).
    @inlinable
    public func adding(_ other: ComponentVector, times factor: Int64 = 1) -> ComponentVector {
        ComponentVector(
            lanes.0 &+ other.lanes.0 &* factor, lanes.1 &+ other.lanes.1 &* factor,
            lanes.2 &+ other.lanes.2 &* factor, lanes.3 &+ other.lanes.3 &* factor)
    }
}

extension Interpolatable {
    /// Additive composition (`CAPropertyAnimation.isAdditive`): the animated value added to the current
    /// presentation value, component by component.
    @inlinable
    public func adding(_ base: Self) -> Self {
        Self(components: ComponentVector(of: self).adding(ComponentVector(of: base)))
    }

    /// Cumulative composition (`isCumulative`): `self + iteration · cycleEnd`, each completed cycle adding
    /// the value at the end of a cycle (`SEMANTICS.md` §1.2 step 6).
    @inlinable
    public func accumulating(iterations: Int64, of cycleEnd: Self) -> Self {
        if iterations == 0 { return self }
        return Self(components: ComponentVector(of: self).adding(ComponentVector(of: cycleEnd), times: iterations))
    }
}
