import FixedPoint

/// A timing function as a lookup table: `y(x)` sampled at 2^k + 1 uniform points of x and linearly
/// interpolated, in Q17.15 (`Progress`).
///
/// A value of this type is two words (a table address and its resolution), no closure: copying it is
/// free and evaluating it is an index, two loads and one multiply. Tables are built at setup from the
/// control points (`TimingCurveTable`); the five named curves live in static tables.
///
/// Accuracy (tested exhaustively over all 32769 inputs 0 … 1): |error| ≤ 2⁻¹² against the exact curve,
/// exact at 0 and 1, and monotone wherever the curve is.
@frozen
public struct TimingCurve: @unchecked Sendable, Equatable {
    /// y at x = i / 2^(15 − segmentShift), in Q17.15; one extra copy of the last entry follows, so x = 1
    /// needs no branch.
    @usableFromInline let table: UnsafePointer<Int32>
    /// log2 of the input values (Q17.15 raw units) per table segment: 7 for 256 segments.
    @usableFromInline let segmentShift: Int32

    @usableFromInline
    init(table: UnsafePointer<Int32>, segmentShift: Int32) {
        self.table = table
        self.segmentShift = segmentShift
    }

    /// The eased progress for input progress `x`.
    ///
    /// Inside [0, 1] this is the table lookup and linear interpolation, rounded to nearest. Outside it the
    /// curve continues along its first or last segment (as WebKit extends by the end gradients).
    @inlinable
    @_noAllocation @_noLocks
    public func value(at x: Progress) -> Progress {
        let input = x.raw
        guard UInt32(bitPattern: input) <= 1 &<< 15 else { return extrapolated(at: input) }
        let index = Int(input &>> segmentShift)
        let fraction = input & ((1 &<< segmentShift) &- 1)
        let low = table[index]
        let step = (table[index &+ 1] &- low) &* fraction
        let half = (1 &<< segmentShift) &>> 1
        return Progress(raw: low &+ ((step &+ half) &>> segmentShift))
    }

    /// The straight continuation of the first (x < 0) or last (x > 1) segment, saturated to the
    /// `Progress` range (reached only for |x| in the thousands).
    @inlinable
    func extrapolated(at input: Int32) -> Progress {
        let last = segmentCount
        let below = input < 0
        let anchor = Int64(table[below ? 0 : last])
        let slope = below ? Int64(table[1]) - anchor : anchor - Int64(table[last - 1])
        let distance = Int64(input) - (below ? 0 : 1 << 15)
        let half = (Int64(1) << Int64(segmentShift)) >> 1
        let result = anchor + ((distance * slope + half) >> Int64(segmentShift))
        return Progress(raw: Int32(clamping: result))
    }

    /// The number of uniform segments of the table (256 for the named curves).
    @inlinable
    public var segmentCount: Int { Int((1 << 15) &>> segmentShift) }
}

extension TimingCurve {
    /// `duration · f(time / duration)`: a time eased by this curve, in the same units (µs) — the parent time
    /// a group's children see when the group has a timing function (SEMANTICS.md §1.2 step 8).
    ///
    /// Inside the iteration (0 ≤ time ≤ duration < 2^40 µs) the table is interpolated at the exact input
    /// `time / duration` rather than at its Q17.15 rounding, so the only error is the table's own (≤ 2⁻¹² of
    /// `duration`) plus one rounding to the microsecond; 0 and `duration` map to themselves. Other inputs go
    /// through `value(at:)` of the rounded progress.
    @inlinable
    @_noAllocation @_noLocks
    public func easedTime(_ time: MediaTime, duration: MediaTime) -> MediaTime {
        guard time >= 0, time <= duration, duration > 0, duration < 1 << 40 else {
            guard duration > 0 else { return time }
            let progress = Progress(raw: Int32(clamping: ((time << 15) + (duration >> 1)) / duration))
            let product = Int64(value(at: progress).raw).multipliedFullWidth(by: duration)
            return Int64(bitPattern: UInt64(bitPattern: product.high) << 49 | product.low >> 15)
        }
        let position = time &* Int64(Int32(1 &<< 15) &>> segmentShift)
        let index = position / duration
        let remainder = position &- index &* duration
        let low = Int64(table[Int(index)])
        let high = Int64(table[Int(index) &+ 1])
        let scaled = low &* duration &+ (high &- low) &* remainder
        return (scaled &+ (1 << 14)) &>> 15
    }
}
