import FixedPoint

/// `rippleEffect`: every layer point shows the snapshot displaced along the line to the centre by
/// `amplitude · sin(2π (r / wavelength − 2p))` (r: the distance to the centre), waves running outward two
/// wavelengths over the transition. The amplitude is `min(width, height) / 32 · sin(πp)`, 0 at both ends; the
/// wavelength is `max(width, height) / 6`.
struct RippleWarp {
    let centerX: Int64
    let centerY: Int64
    /// Raw Q16.16 points.
    let amplitude: Int64
    let wavelength: Int64
    /// How far the waves have run, in Q16 turns (2p).
    let travel: Int64

    /// The warp of a layer with `bounds` at `progress`.
    @_noAllocation
    init(bounds: Rect, progress: Progress) {
        let width = Int64(bounds.width.raw), height = Int64(bounds.height.raw)
        let p = min(max(Int64(progress.raw), 0), 1 &<< 15) &<< 1  // Q16
        centerX = Int64(bounds.minX.raw) &+ width / 2
        centerY = Int64(bounds.minY.raw) &+ height / 2
        let halfTurns = Fixed(raw: Int32(truncatingIfNeeded: (Int64(Fixed.pi.raw) &* p &+ 0x8000) &>> 16))
        amplitude = (min(width, height) / 32 &* Int64(halfTurns.sine.raw)) &>> 16
        wavelength = max(max(width, height) / 6, 1)
        travel = p &<< 1
    }

    @_noAllocation
    func source(x: Int64, y: Int64) -> (x: Int64, y: Int64)? {
        let limit: Int64 = 1 &<< 30
        let dx = min(max(x &- centerX, 0 &- limit), limit), dy = min(max(y &- centerY, 0 &- limit), limit)
        let r = Int64(IntegerSquareRoot.nearest(UInt64(dx &* dx &+ dy &* dy)))
        if r == 0 || amplitude == 0 { return (x, y) }
        // The phase in Q16 turns, reduced to one turn, then in Q16.16 radians for the sine.
        let turns = ((r &<< 16) / wavelength &- travel) & 0xFFFF
        let angle = Fixed(raw: Int32(truncatingIfNeeded: (turns &* 411_775 &+ 0x8000) &>> 16))
        let shift = (amplitude &* Int64(angle.sine.raw)) &>> 16
        return (x &- dx &* shift / r, y &- dy &* shift / r)
    }
}
