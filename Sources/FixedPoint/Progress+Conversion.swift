extension Progress {
    /// Converts a `Double` to the nearest Q17.15 value (ties to even), refusing what cannot be held.
    ///
    /// - Throws: `FixedPointError.notFinite` for NaN or ±∞, `.outOfRange` outside −65536 … 65535.99997.
    @inlinable
    public init(exactly value: Double, field: StaticString? = nil) throws(FixedPointError) {
        self.init(raw: try ScaledRounding.raw(of: value, fractionBits: Progress.fractionBits, field: field))
    }

    /// `numerator / denominator` as progress, rounded to nearest (ties away from zero).
    ///
    /// Typical use: elapsed microseconds over a duration. The quotient may exceed 1 (or be negative).
    /// - Throws: `.divisionByZero` for a zero denominator, `.outOfRange` when the quotient does not fit.
    @inlinable
    public init(ratio numerator: Int64, to denominator: Int64, field: StaticString? = nil) throws(FixedPointError) {
        guard denominator != 0 else { throw .divisionByZero(field: field) }
        guard let quotient = WideDivision.roundedQuotient(
            numerator, shiftedLeftBy: Int64(Progress.fractionBits), dividedBy: denominator)
        else {
            throw .outOfRange(
                field: field, value: Double(numerator) / Double(denominator),
                range: Progress.representableRange)
        }
        self.init(raw: quotient)
    }

    /// The real range a `Progress` holds, −65536 … 65535.99997.
    @inlinable public static var representableRange: ClosedRange<Double> {
        (Double(Int32.min) / 32768)...(Double(Int32.max) / 32768)
    }

    /// The exact real value: for tests and the API boundary.
    @inlinable
    public var doubleValue: Double { Double(raw) / 32768 }
}
