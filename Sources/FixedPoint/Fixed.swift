/// A Q16.16 signed fixed-point number: 16 integer bits, 16 fraction bits, in an `Int32`.
///
/// Range −32768 ..< 32768 with a resolution of 1/65536. Addition and subtraction wrap (they never trap);
/// values come in through the validating initialisers, so sums of in-range geometry stay in range.
/// Multiplication and division widen to 64 bits and round once to nearest: products with ties toward +∞,
/// quotients with ties away from zero (docs/fixed-point.md lists every rule).
@frozen
public struct Fixed: Hashable, Comparable, Sendable {
    /// The raw Q16.16 bits.
    public var raw: Int32

    /// The number of fraction bits.
    @inlinable public static var fractionBits: Int32 { 16 }

    /// Creates a value from its raw Q16.16 bits.
    @inlinable
    public init(raw: Int32) { self.raw = raw }

    /// Creates the exact value of a 16-bit integer.
    @inlinable
    public init(_ value: Int16) { self.raw = Int32(value) &<< 16 }

    /// 0.
    @inlinable public static var zero: Fixed { Fixed(raw: 0) }
    /// 1.
    @inlinable public static var one: Fixed { Fixed(raw: 1 << 16) }
    /// 0.5.
    @inlinable public static var half: Fixed { Fixed(raw: 1 << 15) }
    /// The largest value, 32767.99998.
    @inlinable public static var max: Fixed { Fixed(raw: .max) }
    /// The smallest value, −32768.
    @inlinable public static var min: Fixed { Fixed(raw: .min) }

    @inlinable
    public static func < (lhs: Fixed, rhs: Fixed) -> Bool { lhs.raw < rhs.raw }
}
