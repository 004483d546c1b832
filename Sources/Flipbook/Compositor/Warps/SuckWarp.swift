import FixedPoint

/// `suckEffect`, the genie: a funnel narrows toward the middle of the bottom edge and the snapshot slides down
/// through it. With v the layer point's height in the bounds (0 top … 1 bottom), the funnel's half width there
/// is `½ − bend · (½ − 1/20) · (3v² − 2v³)` of the width, and the row shown is the one `slide` heights above.
/// `bend` runs 0 → 1 over the first half of the progress and `slide` over the last three quarters, both eased
/// (3t² − 2t³): at the end every row has slid out through the bottom edge.
struct SuckWarp {
    let centerX: Int64
    let minY: Int64
    let height: Int64
    /// Q16 shares of the funnel's full bend and of one height slid.
    let bend: Int64
    let slide: Int64

    /// The warp of a layer with `bounds` at `progress`.
    @_noAllocation
    init(bounds: Rect, progress: Progress) {
        let p = min(max(Int64(progress.raw), 0), 1 &<< 15) &<< 1  // Q16
        centerX = Int64(bounds.minX.raw) &+ Int64(bounds.width.raw) / 2
        minY = Int64(bounds.minY.raw)
        height = max(Int64(bounds.height.raw), 1)
        bend = SuckWarp.eased(min(p &<< 1, 1 &<< 16))
        slide = SuckWarp.eased(max((p &- (1 &<< 14)) &* 4 / 3, 0))
    }

    @_noAllocation
    func source(x: Int64, y: Int64) -> (x: Int64, y: Int64)? {
        let v = min(max(((y &- minY) &<< 16) / height, 0), 1 &<< 16)
        // Half width in Q16 of the full width: ½ − bend · (½ − 1/20) · shape(v); at least 1/20.
        let narrowing = ((((bend &* 29_491) &>> 16) &* SuckWarp.eased(v)) &>> 16)
        let halfWidth = (1 &<< 15) &- narrowing
        let limit: Int64 = 1 &<< 30
        let dx = min(max(x &- centerX, 0 &- limit), limit)
        return (centerX &+ dx &* (1 &<< 15) / halfWidth, y &- ((slide &* height) &>> 16))
    }

    /// 3t² − 2t³ for t in Q16 (0 … 1).
    @inline(__always)
    @_noAllocation
    static func eased(_ t: Int64) -> Int64 {
        let square = (t &* t) &>> 16
        return 3 &* square &- ((2 &* square &* t) &>> 16)
    }
}
