/// A transition's warp in the layer's own coordinates: for the layer point a pixel centre shows, the point
/// of the snapshot drawn there (raw Q16.16 layer points), or nil where the snapshot shows nothing.
enum TransitionWarp {
    case ripple(RippleWarp)
    case suck(SuckWarp)
    case curl(PageCurlWarp)

    @inline(__always)
    @_noAllocation
    func source(x: Int64, y: Int64) -> (x: Int64, y: Int64)? {
        switch self {
        case .ripple(let warp): return warp.source(x: x, y: y)
        case .suck(let warp): return warp.source(x: x, y: y)
        case .curl(let warp): return warp.source(x: x, y: y)
        }
    }
}
