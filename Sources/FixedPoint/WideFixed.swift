/// A Q32.32 signed fixed-point number in an `Int64`: the entry type of `Transform3D`.
///
/// Range ±2^31 with a resolution of 2^-32 (2.3e-10). The width matters for perspective: m34 = −1/500
/// is 131 LSB in Q16.16 (0.4 % off, a third of a pixel at a 1920-px edge) but 8.6 million LSB here:
/// projected points within ±2048 px stay within 1/256 px of the exact projection (tested; typically 1e-5 px).
/// Products split each magnitude into 32-bit halves (no 128-bit type, no `__mulodi4` on 32-bit ARM) and
/// round once to nearest, ties toward +∞; overflow is reported, never wrapped silently.
@frozen
public struct WideFixed: Hashable, Comparable, Sendable {
    /// The raw Q32.32 bits.
    public var raw: Int64

    /// Creates a value from its raw Q32.32 bits.
    @inlinable
    public init(raw: Int64) { self.raw = raw }

    /// The exact value of a Q16.16 number.
    @inlinable
    public init(_ value: Fixed) { self.raw = Int64(value.raw) &<< 16 }

    /// Converts a `Double` to the nearest Q32.32 value (ties to even), refusing what cannot be held.
    ///
    /// - Throws: `FixedPointError.notFinite` for NaN or ±∞, `.outOfRange` outside ±32768 (the `Fixed`
    ///   range, which keeps every `Transform3D` product of in-range entries representable).
    @inlinable
    public init(exactly value: Double, field: StaticString? = nil) throws(FixedPointError) {
        guard value.isFinite else { throw .notFinite(field: field, value: value) }
        guard value >= -32768, value <= 32768 else {
            throw .outOfRange(field: field, value: value, range: -32768...32768)
        }
        let scaled = value * 4_294_967_296  // exact: a power-of-two scale, |scaled| ≤ 2^47
        self.init(raw: ScaledRounding.roundedToNearestEven(scaled))
    }

    /// 0.
    @inlinable public static var zero: WideFixed { WideFixed(raw: 0) }
    /// 1.
    @inlinable public static var one: WideFixed { WideFixed(raw: 1 << 32) }

    /// The exact real value (for |value| < 2^21; beyond, the nearest `Double`).
    @inlinable
    public var doubleValue: Double { Double(raw) / 4_294_967_296 }

    /// The nearest Q16.16 value (ties toward +∞), or `nil` outside the `Fixed` range.
    @inlinable
    public var roundedToFixed: Fixed? {
        Int32(exactly: ScaledRounding.shiftedRight(raw, by: 16)).map { Fixed(raw: $0) }
    }

    @inlinable
    public static func < (lhs: WideFixed, rhs: WideFixed) -> Bool { lhs.raw < rhs.raw }

    /// `self · other` rounded to nearest (ties toward +∞), or `nil` when it leaves the Q32.32 range.
    ///
    /// Works on magnitudes split into 32-bit halves, so every partial product fits 64 bits:
    /// |a|·|b| / 2^32 = ah·bh·2^32 + ah·bl + al·bh + al·bl / 2^32, and only al·bl has a fraction.
    @inlinable
    public func multipliedReportingOverflow(by other: WideFixed) -> WideFixed? {
        let (a, b) = (raw.magnitude, other.raw.magnitude)
        let (highA, lowA) = (a &>> 32, a & 0xFFFF_FFFF)
        let (highB, lowB) = (b &>> 32, b & 0xFFFF_FFFF)
        let high = highA &* highB  // ≤ 2^62: each high half ≤ 2^31
        guard high < 1 << 31 else { return nil }
        let lowProduct = lowA &* lowB
        // Each cross term is below 2^63 (a high half ≤ 2^31 times a low half < 2^32).
        let (partial, firstOverflow) = (high &<< 32).addingReportingOverflow(highA &* lowB)
        let (crossed, secondOverflow) = partial.addingReportingOverflow(lowA &* highB)
        let (sum, thirdOverflow) = crossed.addingReportingOverflow(lowProduct &>> 32)
        guard !firstOverflow, !secondOverflow, !thirdOverflow else { return nil }
        let fraction = lowProduct & 0xFFFF_FFFF
        if (raw < 0) != (other.raw < 0) {
            // Negative: −(sum + fraction/2^32) to nearest, ties toward +∞ (a tie keeps −sum).
            let magnitude = fraction > 1 << 31 ? sum &+ 1 : sum
            guard magnitude <= UInt64(Int64.max) else { return nil }
            return WideFixed(raw: 0 &- Int64(magnitude))
        }
        let magnitude = fraction >= 1 << 31 ? sum &+ 1 : sum
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return WideFixed(raw: Int64(magnitude))
    }
}
