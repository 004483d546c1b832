/// Exact integer quotients by a divisor used many times: one division when it is made, then a
/// multiply-high and a correction per quotient (the Raspberry Pi Zero has no divide instruction, and
/// on every core a division costs several multiplications).
///
/// With r = ⌊(2^64 − 1) / d⌋, q = ⌊n · r / 2^64⌋ falls short of ⌊n / d⌋ by at most 2 for any n < 2^64
/// (by at most 1 for n < 2^63); the remainder n − q·d says how many times to step up. Results equal
/// Swift's `/` exactly.
@usableFromInline
struct ReciprocalDivisor {
    @usableFromInline let divisor: UInt64
    @usableFromInline let reciprocal: UInt64

    /// `divisor` must be positive.
    @inlinable @inline(__always)
    init(_ divisor: Int64) {
        self.divisor = UInt64(truncatingIfNeeded: divisor)
        reciprocal = UInt64.max / self.divisor
    }

    /// ⌊n / divisor⌋.
    @inlinable @inline(__always)
    func quotient(_ n: UInt64) -> UInt64 {
        var q = n.multipliedFullWidth(by: reciprocal).high
        var remainder = n &- q &* divisor
        while remainder >= divisor {
            q &+= 1
            remainder &-= divisor
        }
        return q
    }

    /// n / divisor rounded toward zero, as Swift's `/`.
    @inlinable @inline(__always)
    func truncatedQuotient(_ n: Int64) -> Int64 {
        let q = Int64(truncatingIfNeeded: quotient(n.magnitude))
        return n < 0 ? 0 &- q : q
    }

    /// n / divisor rounded to nearest, ties away from zero, as `IntegerMath.roundedQuotient`.
    @inlinable @inline(__always)
    func roundedQuotient(_ n: Int64) -> Int64 {
        let q = Int64(truncatingIfNeeded: quotient(n.magnitude &+ divisor / 2))
        return n < 0 ? 0 &- q : q
    }
}
