import FixedPoint

/// The position and velocity of a spring at one time.
@frozen
public struct SpringState: Sendable, Equatable {
    /// How far along the move the value is, Q17.15 (0 at `from`, 1 at `to`; overshoots above 1).
    public var progress: Progress
    /// The velocity in distance fractions per second, Q16.16, positive toward `to`.
    public var velocity: Fixed

    /// Creates a state from its parts.
    @inlinable
    public init(progress: Progress, velocity: Fixed) {
        self.progress = progress
        self.velocity = velocity
    }
}

/// A damped spring ready for frames: the exact transition matrices of its linear ODE for every hex digit
/// of a microsecond count, in fixed point, built once at setup (`SEMANTICS.md` §3 design note).
///
/// The state at time t (µs since the spring started) is the start state multiplied by
/// M^(d·16^i) for each non-zero hex digit d of t at position i: at most 12 matrix–vector products of
/// four 64-bit multiplies. The substep is 1 µs, the resolution of `MediaTime`, so the state at t is the
/// same bytes whether frames arrive at 30, 60 or 120 Hz or in one jump, and it needs no interpolation.
///
/// State is (x, w): x the displacement from the target in distance fractions (1 at the start), w the
/// velocity divided by ω0 (same units), both Q39.24 in `Int64`; matrix entries are Q35.28.
@frozen
public struct SpringCurve: @unchecked Sendable {
    /// 12 digit positions × 15 digits × 4 entries (a, b, c, d), Q28.
    @usableFromInline let matrices: UnsafePointer<Int64>
    /// The start state (x0 = 1, w0 = −v0/ω0), Q24.
    @usableFromInline let startX: Int64, startW: Int64
    /// ω0 in Q16.16, to turn w back into a velocity.
    @usableFromInline let naturalFrequencyRaw: Int64

    /// The last time the tables reach: 2^48 − 1 µs (8.9 years). Later times evaluate as this time.
    public static let horizon: MediaTime = (1 << 48) - 1

    @usableFromInline
    init(matrices: UnsafePointer<Int64>, startX: Int64, startW: Int64, naturalFrequencyRaw: Int64) {
        self.matrices = matrices
        self.startX = startX
        self.startW = startW
        self.naturalFrequencyRaw = naturalFrequencyRaw
    }

    /// The spring's state `time` microseconds after it started (0 before the start; `horizon` after it).
    ///
    /// Allocation-free; one matrix–vector product per non-zero hex digit of `time`.
    @inlinable
    @_noAllocation @_noLocks
    public func state(at time: MediaTime) -> SpringState {
        var remaining = UInt64(time < 0 ? 0 : (time > (1 << 48) - 1 ? (1 << 48) - 1 : time))
        var x = startX, w = startW
        var entry = matrices
        while remaining != 0 {
            let digit = Int(remaining & 15)
            if digit != 0 {
                let m = entry + (digit &- 1) &* 4
                let nextX = (m[0] &* x &+ m[1] &* w &+ (1 << 27)) &>> 28
                w = (m[2] &* x &+ m[3] &* w &+ (1 << 27)) &>> 28
                x = nextX
            }
            remaining &>>= 4
            entry += 60
        }
        let progress = Int32(truncatingIfNeeded: ((1 << 24) &- x &+ (1 << 8)) &>> 9)
        let velocity = Int32(truncatingIfNeeded: (0 &- w &* naturalFrequencyRaw &+ (1 << 23)) &>> 24)
        return SpringState(progress: Progress(raw: progress), velocity: Fixed(raw: velocity))
    }
}
