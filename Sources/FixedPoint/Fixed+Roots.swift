extension Fixed {
    /// √self in Q16.16, correctly rounded (to nearest; error ≤ 0.5 LSB).
    ///
    /// - Throws: `FixedPointError.outOfRange` for a negative value (range 0 … max).
    @inlinable
    public func squareRoot(field: StaticString? = nil) throws(FixedPointError) -> Fixed {
        guard raw >= 0 else {
            throw .outOfRange(field: field, value: doubleValue, range: 0...Fixed.representableRange.upperBound)
        }
        let root = IntegerSquareRoot.nearest(UInt64(raw) &<< 16)  // √(raw · 2^16) < 2^24
        return Fixed(raw: Int32(truncatingIfNeeded: root))
    }

    /// √(x² + y²) in Q16.16, correctly rounded, without intermediate overflow.
    ///
    /// - Throws: `FixedPointError.outOfRange` when the length exceeds `Fixed.max`.
    @inlinable
    public static func hypot(_ x: Fixed, _ y: Fixed, field: StaticString? = nil) throws(FixedPointError) -> Fixed {
        let squares = UInt64(x.raw.magnitude) &* UInt64(x.raw.magnitude) &+ UInt64(y.raw.magnitude) &* UInt64(y.raw.magnitude)
        let root = IntegerSquareRoot.nearest(squares)  // ≤ 2^31.5
        guard root <= UInt64(Int32.max) else {
            throw .outOfRange(field: field, value: Double(root) / 65536, range: Fixed.representableRange)
        }
        return Fixed(raw: Int32(truncatingIfNeeded: root))
    }
}
