import FixedPoint

/// `pageCurl`: the page rolls up around a cylinder lying on it. With `u` a layer point's distance along the
/// curl direction (toward the lifting edge) and `a` the cylinder's axis, page points beyond the axis
/// (`s = u − a > 0`) wrap the cylinder of radius R (seen from above at `a + R sin(s / R)`) and, past half a
/// turn, lie flat again on top, turned over (at `a − (s − πR)`). The front pass draws the flat page and the
/// cylinder's near half; the back pass the far half and the turned-over part, the page's back.
///
/// The direction is the subtype's edge tilted 15° toward the bottom corner (or the right one for the top and
/// bottom edges), so that corner lifts first; R is an eighth of the page's extent along the direction, and the
/// axis runs from the page's farthest point to R beyond its nearest, where nothing of the page is left.
struct PageCurlWarp {
    /// The curl direction, a Q16 unit vector.
    let directionX: Int64
    let directionY: Int64
    /// Where the axis lies along the direction, and the cylinder's radius (raw Q16.16 points).
    let axis: Int64
    let radius: Int64
    /// Whether this is the back pass (the far half of the cylinder and the turned-over page).
    let back: Bool

    /// The warp of a layer with `bounds` curling from `edge` at `progress`, for the front or the back pass.
    @_noAllocation
    init(bounds: Rect, edge: TransitionSubtype, progress: Progress, back: Bool) {
        let cosine: Int64 = 63_302, sine: Int64 = 16_962  // cos 15°, sin 15° in Q16
        switch edge {
        case .fromRight: (directionX, directionY) = (cosine, sine)
        case .fromLeft: (directionX, directionY) = (0 &- cosine, sine)
        case .fromBottom: (directionX, directionY) = (sine, cosine)
        case .fromTop: (directionX, directionY) = (sine, 0 &- cosine)
        }
        let minX = Int64(bounds.minX.raw), maxX = Int64(bounds.maxX.raw)
        let minY = Int64(bounds.minY.raw), maxY = Int64(bounds.maxY.raw)
        let along = (directionX &* (directionX < 0 ? maxX : minX), directionX &* (directionX < 0 ? minX : maxX))
        let across = (directionY &* (directionY < 0 ? maxY : minY), directionY &* (directionY < 0 ? minY : maxY))
        let nearest = (along.0 &+ across.0) &>> 16, farthest = (along.1 &+ across.1) &>> 16
        radius = max((farthest &- nearest) / 8, 1)
        let p = min(max(Int64(progress.raw), 0), 1 &<< 15)
        axis = farthest &- (((farthest &- nearest &+ radius) &* p) &>> 15)
        self.back = back
    }

    @_noAllocation
    func source(x: Int64, y: Int64) -> (x: Int64, y: Int64)? {
        let limit: Int64 = 1 &<< 30
        let px = min(max(x, 0 &- limit), limit), py = min(max(y, 0 &- limit), limit)
        let d = (px &* directionX &+ py &* directionY) &>> 16 &- axis
        if d > radius { return nil }
        let arc: Int64  // s, the distance along the page from the axis
        if !back {
            if d < 0 { return (x, y) }
            arc = arcLength(d)
        } else {
            let halfTurn = (Int64(Fixed.pi.raw) &* radius) &>> 16
            arc = d < 0 ? halfTurn &- d : halfTurn &- arcLength(d)
        }
        let shift = arc &- d
        return (x &+ ((shift &* directionX) &>> 16), y &+ ((shift &* directionY) &>> 16))
    }

    /// R · asin(d / R) for 0 ≤ d ≤ R: the arc of the cylinder's near quarter seen at `d` beyond the axis.
    @inline(__always)
    @_noAllocation
    func arcLength(_ d: Int64) -> Int64 {
        let rest = Int64(IntegerSquareRoot.nearest(UInt64(max(radius &* radius &- d &* d, 0))))
        let angle = Fixed.atan2(y: Fixed(raw: Int32(truncatingIfNeeded: d)), x: Fixed(raw: Int32(truncatingIfNeeded: rest)))
        return (Int64(angle.raw) &* radius) &>> 16
    }
}
