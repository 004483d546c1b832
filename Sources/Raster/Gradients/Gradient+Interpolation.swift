import FixedPoint

/// Animated `colors` and `locations` (CAGradientLayer animates both): a gradient's stops set, in place, to the
/// interpolation of two gradients' stops of one count, colours and locations each at its own progress.
extension Gradient {
    /// Stop `index`'s colour as given to `appendStop` (straight); `.clear` beyond `stopCount`.
    public func stopColor(_ index: Int) -> Color {
        index >= 0 && index < stopCount ? straightColours[index] : .clear
    }

    /// Stop `index`'s location as given to `appendStop`; zero beyond `stopCount`.
    public func stopLocation(_ index: Int) -> Fixed {
        index >= 0 && index < stopCount ? Fixed(raw: Int32(truncatingIfNeeded: locations[index] &>> 16)) : .zero
    }

    /// Replaces the stops (kind, start and end stay) with `from`'s and `to`'s stop by stop: each colour is
    /// `Color.interpolated(to:by: colorProgress)` (straight components, as Core Animation interpolates
    /// colours; an overshooting progress saturates a channel), each location
    /// `Fixed.interpolated(to:by: locationProgress)`. An overshooting location progress can leave 0 … 1 or
    /// reorder the stops; the result is then held in 0 … 1 and to at least the stop before (the one
    /// well-formed gradient nearest the interpolated locations). Allocates nothing.
    ///
    /// - Throws: `gradientStopCountMismatch` when the counts differ, `gradientStopCount` below 2 stops.
    public mutating func setStops(interpolating from: Gradient, _ to: Gradient, colors colorProgress: Progress,
                                  locations locationProgress: Progress) throws(RasterError) {
        guard from.stopCount == to.stopCount else {
            throw .gradientStopCountMismatch(from: from.stopCount, to: to.stopCount)
        }
        guard from.stopCount >= 2 else { throw .gradientStopCount(from.stopCount) }
        removeAllStops()
        var previous = Fixed.zero
        for index in 0 ..< from.stopCount {
            let location = from.stopLocation(index).interpolated(to: to.stopLocation(index), by: locationProgress)
            let held = Fixed(raw: min(max(location.raw, previous.raw), Fixed.one.raw))
            let color = from.straightColours[index].interpolated(to: to.straightColours[index], by: colorProgress)
            try appendStop(location: held, color: color)
            previous = held
        }
    }
}
