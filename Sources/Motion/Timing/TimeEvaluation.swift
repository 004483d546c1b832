// The frame-path conversions of the timing types live in one file: a debug build compiles each file on
// its own, and `@_noAllocation` needs the body of every function it calls in the same compilation.
import FixedPoint

/// Where a parent time falls relative to an animation's active interval.
public enum TimingPhase: Sendable, Equatable {
    /// Before the active interval (presented only when filling backwards).
    case before
    /// Inside the active interval.
    case active
    /// After the active interval (presented only when filling forwards).
    case after
}

/// The result of evaluating `MediaTiming` at one parent time: what to present.
@frozen
public struct TimingState: Sendable, Equatable {
    /// The phase the parent time falls in.
    public var phase: TimingPhase
    /// The current iteration (0-based; the number of completed iterations, used by cumulative animations).
    public var iteration: Int64
    /// The basic local time inside the iteration, 0 … duration µs, already mirrored on a reverse leg:
    /// the parent time of a group's children.
    public var iterationTime: MediaTime
    /// `iterationTime / duration` in Q17.15, 0 … 1 exactly; the input of the timing curve.
    public var progress: Progress

    /// Creates a state from its parts.
    @inlinable
    public init(phase: TimingPhase, iteration: Int64, iterationTime: MediaTime, progress: Progress) {
        self.phase = phase
        self.iteration = iteration
        self.iterationTime = iterationTime
        self.progress = progress
    }
}

/// Multiplication of a media time by a Q16.16 rate (speed), shared by the timing types.
@usableFromInline
enum RateScaling {
    /// 1.0 in Q16.16.
    @_transparent @usableFromInline static var unitRate: Int64 { 1 << 16 }

    /// `time · rate / 2^16` rounded to nearest (ties toward +∞); exact for |time| < 2^52 µs (142 years)
    /// and |rate| ≤ 2^26 (speed 1024). The time is split at bit 16 so no product exceeds 64 bits.
    @_transparent @usableFromInline
    static func scaled(_ time: MediaTime, byRate rate: Int64) -> MediaTime {
        if rate == unitRate { return time }
        let high = time &>> 16
        let low = time & 0xFFFF
        return high &* rate &+ ((low &* rate &+ 0x8000) &>> 16)
    }
}

extension MediaTiming {
    /// The state at `parentTime`, or `nil` when the animation is removed (outside its active interval and
    /// not filling there). Implements `SEMANTICS.md` §1.2 steps 1–5 exactly, in integers:
    ///
    /// 1. `e = (parentTime − beginTime) · speed`;
    /// 2. phase: before `e < 0`, after `e ≥ A`, else active (for speed < 0: before `e ≤ 0`, after `e > A`);
    /// 3. `a = clamp(e, 0, A) + timeOffset`;
    /// 4. `k = ⌊a / D⌋`, `u = a − kD`; at the end of the active interval (`clamp(e) == A`, `u == 0`,
    ///    `a > 0`) the last iteration is complete: `k − 1`, `u = D`;
    /// 5. odd iterations of an autoreversing animation mirror `u` to `D − u`; progress = `u / D`.
    ///
    /// Allocation-free; in the active interval (speed 1, offset ≥ 0) one division and one multiply.
    @inlinable
    @_noAllocation @_noLocks
    public func evaluate(parentTime: MediaTime) -> TimingState? {
        // Most frames: speed 1, a non-negative offset and e inside the active interval, where a ≥ 0, no
        // clamp applies and the end rule cannot (one unsigned compare also covers e < 0).
        let elapsed = parentTime &- beginTime
        guard UInt64(bitPattern: elapsed) < fastPathLimit else {
            return evaluateOutsideFastPath(elapsed: RateScaling.scaled(elapsed, byRate: speedRaw))
        }
        let offsetTime = UInt64(bitPattern: elapsed &+ timeOffset)
        let length = UInt64(bitPattern: duration)
        let iteration = offsetTime / length
        var iterationTime = offsetTime &- iteration &* length
        if iteration & reverseMask != 0 { iterationTime = length &- iterationTime }
        // u/D rounded to nearest: a multiply by ⌈2^63/D⌉ where that is exact (D < 11.86 s), else a division.
        let progress = progressReciprocal != 0
            ? (iterationTime &* progressReciprocal &+ (1 << 47)) &>> 48
            : ((iterationTime &<< 15) &+ (length &>> 1)) / length
        return TimingState(
            phase: .active, iteration: Int64(bitPattern: iteration), iterationTime: Int64(bitPattern: iterationTime),
            progress: Progress(raw: Int32(truncatingIfNeeded: progress)))
    }

    /// Steps 2–5 in full: phases and fill, clamping, negative offsets, the end rule.
    @inlinable
    @_noAllocation @_noLocks
    func evaluateOutsideFastPath(elapsed: MediaTime) -> TimingState? {
        let phase = phase(ofActiveTime: elapsed)
        switch (phase, fillMode) {
        case (.before, .removed), (.before, .forwards), (.after, .removed), (.after, .backwards): return nil
        default: break
        }
        let clamped = elapsed < 0 ? 0 : (elapsed > activeDuration ? activeDuration : elapsed)
        let offsetTime = clamped &+ timeOffset
        var iteration = offsetTime / duration
        var iterationTime = offsetTime &- iteration &* duration
        if iterationTime < 0 {  // floor division for a negative timeOffset
            iteration &-= 1
            iterationTime &+= duration
        }
        if iterationTime == 0 && offsetTime > 0 && clamped == activeDuration {
            iteration &-= 1
            iterationTime = duration
        }
        if autoreverses && iteration & 1 != 0 { iterationTime = duration &- iterationTime }
        let progress = Int32(truncatingIfNeeded: ((iterationTime &<< 15) &+ (duration &>> 1)) / duration)
        return TimingState(
            phase: phase, iteration: iteration, iterationTime: iterationTime, progress: Progress(raw: progress))
    }

    /// The phase of active time `elapsed` (step 2; the inclusive boundary swaps for a negative speed,
    /// as Web Animations does for a backwards playback direction).
    @inlinable
    func phase(ofActiveTime elapsed: MediaTime) -> TimingPhase {
        if speedRaw >= 0 {
            if elapsed < 0 { return .before }
            return elapsed >= activeDuration ? .after : .active
        }
        if elapsed <= 0 { return .before }
        return elapsed > activeDuration ? .after : .active
    }

    /// The parent time of this group's children at `parentTime`: the group's basic local time, clipped to
    /// its active window (§1.2 step 8), or `nil` when the group — and so every child — is removed.
    @inlinable
    @_noAllocation @_noLocks
    public func childTime(parentTime: MediaTime) -> MediaTime? {
        evaluate(parentTime: parentTime)?.iterationTime
    }

    /// The first parent time at which the active interval is over (`beginTime + A / speed`, rounded up),
    /// or `nil` when it never ends (repeating forever, speed 0, or negative speed, whose interval ends in
    /// the past) or ends beyond the `Int64` range.
    public var endTime: MediaTime? {
        guard !repeatsForever, speedRaw > 0 else { return nil }
        let (scaled, overflow) = activeDuration.multipliedReportingOverflow(by: 1 << 16)
        guard !overflow else { return nil }
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: speedRaw)
        let (end, past) = beginTime.addingReportingOverflow(quotient &+ (remainder > 0 ? 1 : 0))
        return past ? nil : end
    }
}

extension LayerTiming {
    /// Local time at `parentTime` (allocation-free).
    @inlinable
    @_noAllocation @_noLocks
    public func localTime(parentTime: MediaTime) -> MediaTime {
        RateScaling.scaled(parentTime &- beginTime, byRate: speedRaw) &+ timeOffset
    }
}

/// A per-animation cache that makes repeated evaluation of one `MediaTiming` at advancing times cheap:
/// it remembers the parent-time interval of the current iteration, so a frame inside it costs a
/// subtraction, a compare and one multiply instead of two divisions.
///
/// The cache never changes results: `state(of:at:)` returns exactly `timing.evaluate(parentTime:)` for any
/// sequence of times (tested over random sequences, including backward jumps). It applies to speed 1,
/// timeOffset ≥ 0 and durations below 11.86 s in the active phase; otherwise it evaluates in full. A cursor
/// belongs to one timing: start a fresh `TimingCursor()` when the animation's timing changes.
@frozen
public struct TimingCursor: Sendable, Equatable {
    /// Parent time at which the cached iteration's raw local time is 0.
    @usableFromInline var base: MediaTime = 0
    /// Parent times base ..< base + limit are inside the cached iteration and the active interval (0: empty).
    @usableFromInline var limit: UInt64 = 0
    /// `(u' · R + 2^47)` as `progressBias + u · progressSlope` (wrapping), u' the mirrored iteration time.
    @usableFromInline var progressBias: UInt64 = 0, progressSlope: UInt64 = 0
    /// u' = `mirror + u · direction` (wrapping; direction is 1 or −1).
    @usableFromInline var mirror: UInt64 = 0, direction: UInt64 = 0
    /// The cached iteration.
    @usableFromInline var iteration: Int64 = 0

    /// An empty cursor (its first use evaluates in full).
    @inlinable
    public init() {}

    /// `timing.evaluate(parentTime:)`, from the cache when `parentTime` is inside the cached iteration.
    @inlinable
    @_noAllocation @_noLocks
    public mutating func state(of timing: MediaTiming, at parentTime: MediaTime) -> TimingState? {
        let offset = UInt64(bitPattern: parentTime &- base)
        guard offset < limit else { return refill(timing, at: parentTime) }
        let progress = (progressBias &+ offset &* progressSlope) &>> 48
        return TimingState(
            phase: .active, iteration: iteration, iterationTime: Int64(bitPattern: mirror &+ offset &* direction),
            progress: Progress(raw: Int32(truncatingIfNeeded: progress)))
    }

    /// Evaluates in full and caches the iteration `parentTime` falls in, when the short form applies.
    @inlinable
    @_noAllocation @_noLocks
    mutating func refill(_ timing: MediaTiming, at parentTime: MediaTime) -> TimingState? {
        limit = 0
        let result = timing.evaluate(parentTime: parentTime)
        guard let state = result, timing.fastPathLimit != 0, timing.progressReciprocal != 0 else { return result }
        guard case .active = state.phase else { return result }
        let duration = UInt64(bitPattern: timing.duration)
        let reversed = UInt64(bitPattern: state.iteration) & timing.reverseMask != 0
        let raw = reversed ? duration &- UInt64(bitPattern: state.iterationTime) : UInt64(bitPattern: state.iterationTime)
        // The iteration's raw time 0, but never before beginTime (the first iteration of a positive offset).
        let rawStart = parentTime &- Int64(bitPattern: raw)
        base = rawStart > timing.beginTime ? rawStart : timing.beginTime
        let skipped = UInt64(bitPattern: base &- rawStart)
        let activeLeft = timing.activeDuration == .max ? duration : UInt64(bitPattern: timing.beginTime &+ timing.activeDuration &- base)
        let iterationLeft = duration &- skipped
        limit = iterationLeft < activeLeft ? iterationLeft : activeLeft
        direction = reversed ? UInt64.max : 1
        mirror = (reversed ? duration : 0) &+ skipped &* direction
        progressBias = mirror &* timing.progressReciprocal &+ (1 << 47)
        progressSlope = direction &* timing.progressReciprocal
        iteration = state.iteration
        return result
    }
}
