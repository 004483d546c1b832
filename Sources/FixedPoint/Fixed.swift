/// A Q16.16 signed fixed-point number: 16 integer bits, 16 fraction bits, in an `Int32`.
///
/// Range −32768 ..< 32768 with a resolution of 1/65536. Addition and subtraction wrap (they never trap);
/// values come in through the validating initialisers, so sums of in-range geometry stay in range.
/// Multiplication and division widen to 64 bits and round to nearest, ties toward +∞
/// (`RoundingRule.toNearestOrUp`).
@frozen
public struct Fixed: Hashable, Comparable, Sendable {
    /// The raw Q16.16 bits.
    public var raw: Int32

    /// The number of fraction bits.
    public static let fractionBits: Int32 = 16

    /// Creates a value from its raw Q16.16 bits.
    @inlinable
    public init(raw: Int32) { self.raw = raw }

    /// Creates the exact value of a 16-bit integer.
    @inlinable
    public init(_ value: Int16) { self.raw = Int32(value) &<< 16 }

    /// 0.
    public static let zero = Fixed(raw: 0)
    /// 1.
    public static let one = Fixed(raw: 1 << 16)
    /// 0.5.
    public static let half = Fixed(raw: 1 << 15)
    /// The largest value, 32767.99998.
    public static let max = Fixed(raw: .max)
    /// The smallest value, −32768.
    public static let min = Fixed(raw: .min)

    @inlinable
    public static func < (lhs: Fixed, rhs: Fixed) -> Bool { lhs.raw < rhs.raw }
}
