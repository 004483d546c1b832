extension Fixed {
    /// The real range a `Fixed` holds, −32768 … 32767.9999847 (`min` … `max`).
    @inlinable public static var representableRange: ClosedRange<Double> {
        (Double(Int32.min) / 65536)...(Double(Int32.max) / 65536)
    }

    /// Converts a `Double` to the nearest Q16.16 value (ties to even), refusing what cannot be held.
    ///
    /// This is the validating entry for user values and setup; it never clamps and never wraps.
    /// - Parameter field: the caller's name for the value, carried by the error.
    /// - Throws: `FixedPointError.notFinite` for NaN or ±∞, `.outOfRange` when the rounded value lies
    ///   outside `representableRange`.
    @inlinable
    public init(exactly value: Double, field: StaticString? = nil) throws(FixedPointError) {
        self.init(raw: try ScaledRounding.raw(of: value, fractionBits: Fixed.fractionBits, field: field))
    }

    /// Converts an integer exactly, refusing values outside −32768 … 32767.
    ///
    /// - Throws: `FixedPointError.outOfRange` naming the value.
    @inlinable
    public init(exactly value: Int, field: StaticString? = nil) throws(FixedPointError) {
        guard value >= -32768, value <= 32767 else {
            throw .outOfRange(field: field, value: Double(value), range: -32768...32767)
        }
        self.init(raw: Int32(truncatingIfNeeded: value) &<< 16)
    }

    /// The exact real value (every Q16.16 value is a `Double`): for tests and the API boundary.
    @inlinable
    public var doubleValue: Double { Double(raw) / 65536 }

    /// The integer part, rounded toward −∞ (`floor`).
    @inlinable
    public var integerFloor: Int32 { raw &>> 16 }

    /// The nearest integer, ties toward +∞.
    @inlinable
    public var integerRounded: Int32 { Int32(truncatingIfNeeded: (Int64(raw) &+ 0x8000) &>> 16) }
}

extension Double {
    /// The exact value of a Q16.16 number.
    @inlinable
    public init(_ value: Fixed) { self = value.doubleValue }

    /// The exact value of a Q17.15 progress.
    @inlinable
    public init(_ value: Progress) { self = value.doubleValue }
}
