extension Fixed {
    /// `self + other`, or `max`/`min` when the true sum leaves the range (explicit, named saturation).
    @inlinable
    public func addingWithSaturation(_ other: Fixed) -> Fixed {
        let (sum, overflow) = raw.addingReportingOverflow(other.raw)
        guard overflow else { return Fixed(raw: sum) }
        return other.raw > 0 ? .max : .min
    }

    /// `self − other`, or `max`/`min` when the true difference leaves the range.
    @inlinable
    public func subtractingWithSaturation(_ other: Fixed) -> Fixed {
        let (difference, overflow) = raw.subtractingReportingOverflow(other.raw)
        guard overflow else { return Fixed(raw: difference) }
        return other.raw < 0 ? .max : .min
    }

    /// `self × other` rounded as `*` does (to nearest, ties toward +∞), or `max`/`min` on overflow.
    @inlinable
    public func multipliedWithSaturation(by other: Fixed) -> Fixed {
        let product = ScaledRounding.shiftedRight(Int64(raw) &* Int64(other.raw), by: 16)
        return Fixed.saturating(product)
    }

    /// `self ÷ other` rounded as `/` does (to nearest, ties away from zero), or `max`/`min` when the
    /// quotient leaves the range.
    ///
    /// - Throws: `FixedPointError.divisionByZero` when `other` is zero.
    @inlinable
    public func dividedWithSaturation(by other: Fixed) throws(FixedPointError) -> Fixed {
        guard other.raw != 0 else { throw .divisionByZero(field: nil) }
        return Fixed.saturating(Fixed.roundedQuotient(Int64(raw) &<< 16, Int64(other.raw)))
    }

    /// `self ÷ other`, refusing a zero divisor and a quotient outside the range instead of wrapping.
    ///
    /// - Throws: `.divisionByZero` or `.outOfRange` (naming the quotient) as a typed error.
    @inlinable
    public func divided(by other: Fixed, field: StaticString? = nil) throws(FixedPointError) -> Fixed {
        guard other.raw != 0 else { throw .divisionByZero(field: field) }
        let quotient = Fixed.roundedQuotient(Int64(raw) &<< 16, Int64(other.raw))
        guard let exact = Int32(exactly: quotient) else {
            throw .outOfRange(
                field: field, value: Double(quotient) / 65536, range: Fixed.representableRange)
        }
        return Fixed(raw: exact)
    }

    /// Clamps a wide raw value to the `Int32` range: the one place saturation happens.
    @inlinable
    static func saturating(_ wide: Int64) -> Fixed {
        if wide > Int64(Int32.max) { return .max }
        if wide < Int64(Int32.min) { return .min }
        return Fixed(raw: Int32(truncatingIfNeeded: wide))
    }

    /// `numerator / divisor` rounded to nearest, ties away from zero; `divisor` must not be zero.
    @inlinable
    static func roundedQuotient(_ numerator: Int64, _ divisor: Int64) -> Int64 {
        let magnitude = (numerator.magnitude &+ divisor.magnitude / 2) / divisor.magnitude
        let negative = (numerator < 0) != (divisor < 0)
        return negative ? 0 &- Int64(truncatingIfNeeded: magnitude) : Int64(truncatingIfNeeded: magnitude)
    }
}
