import FixedPoint

/// Layout units (1/`unitsPerEm` em, a `FontCascade`'s common unit) to Q16.16 pixels: units × fontSize /
/// unitsPerEm, rounded to the nearest 1/65,536 px; beyond Q16.16 it saturates (no pixel position gets there).
struct LayoutScale {
    let fontSizeRaw: Int64
    let unitsPerEm: Int64

    func pixels(_ units: Int64) -> Fixed {
        let (product, overflow) = units.multipliedReportingOverflow(by: fontSizeRaw)
        guard !overflow else { return Fixed(raw: (units < 0) != (fontSizeRaw < 0) ? Int32.min : Int32.max) }
        // Ties away from zero: a remainder of at least half a unit (rounded up) rounds the quotient outwards.
        let quotient = product / unitsPerEm, remainder = product % unitsPerEm, half = unitsPerEm - unitsPerEm / 2
        let value = remainder >= half ? quotient + 1 : remainder <= -half ? quotient - 1 : quotient
        return Fixed(raw: Int32(clamping: value))
    }

    /// The box width in whole layout units (rounded toward zero).
    func units(_ pixels: Fixed) -> Int64 { Int64(pixels.raw) * unitsPerEm / fontSizeRaw }
}
