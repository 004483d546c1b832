import FixedPoint
import Raster

/// Builds closed outlines in canvas subpixels (rounded rectangles of layer bounds, transformed) and adds
/// them to a `Rasterizer` as line segments. Its point scratch is allocated once; building never allocates.
///
/// A rounded rectangle is 4 straight sides and 4 quarter arcs, each arc `ArcTable.segments(…)` chords long,
/// so the outline stays within about 1/16 pixel of the true shape at any scale the transform applies.
struct OutlineBuilder: ~Copyable {
    /// Most points one outline can hold: four corners at full table resolution.
    static let capacity = 4 * (64 + 1)

    let xs: UnsafeMutablePointer<Int64>
    let ys: UnsafeMutablePointer<Int64>
    private(set) var count = 0
    let arcs: ArcTable

    init() {
        xs = .allocate(capacity: OutlineBuilder.capacity)
        ys = .allocate(capacity: OutlineBuilder.capacity)
        arcs = ArcTable()
    }

    deinit {
        xs.deallocate()
        ys.deallocate()
    }

    /// Replaces the outline with the rectangle `minX … maxX × minY … maxY` (layer points, raw Q16.16)
    /// with corners rounded by `radius` (raw Q16.16; at most half the shorter side), through `transform`.
    /// An empty rectangle leaves no outline.
    @_noAllocation
    mutating func setRoundedRect(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64, radius: Int64,
                                 transform: DeviceTransform) {
        count = 0
        guard maxX > minX, maxY > minY else { return }
        let limit = min(maxX &- minX, maxY &- minY) &>> 1
        let r = radius < 0 ? 0 : (radius > limit ? limit : radius)
        if r == 0 {
            append(minX, minY, transform)
            append(maxX, minY, transform)
            append(maxX, maxY, transform)
            append(minX, maxY, transform)
            return
        }
        let devicePixels = (r &* transform.stretchBound() &+ 0xFFFF_FFFF) &>> 32
        let step = arcs.resolution / arcs.segments(forRadiusPixels: devicePixels)
        // Corners clockwise on screen (y down): top-right, bottom-right, bottom-left, top-left.
        appendCorner(centerX: maxX &- r, centerY: minY &+ r, radius: r, quadrant: 3, step: step, transform)
        appendCorner(centerX: maxX &- r, centerY: maxY &- r, radius: r, quadrant: 0, step: step, transform)
        appendCorner(centerX: minX &+ r, centerY: maxY &- r, radius: r, quadrant: 1, step: step, transform)
        appendCorner(centerX: minX &+ r, centerY: minY &+ r, radius: r, quadrant: 2, step: step, transform)
    }

    /// Adds the outline's closed polygon to `rasterizer`; `reversed` flips its winding (to cut a hole
    /// with the non-zero rule).
    @_noAllocation
    func addEdges(to rasterizer: inout Rasterizer, reversed: Bool = false) throws(GeometryError) {
        guard count >= 3 else { return }
        var previous = count &- 1
        for index in 0..<count {
            if reversed {
                try rasterizer.addLine(x0: xs[index], y0: ys[index], x1: xs[previous], y1: ys[previous])
            } else {
                try rasterizer.addLine(x0: xs[previous], y0: ys[previous], x1: xs[index], y1: ys[index])
            }
            previous = index
        }
    }

    /// The quarter arc of `quadrant` (0: +x → +y, 1: +y → −x, 2: −x → −y, 3: −y → +x; y down) around
    /// the centre, from its start angle to its end angle.
    private mutating func appendCorner(centerX: Int64, centerY: Int64, radius: Int64, quadrant: Int,
                                       step: Int, _ transform: DeviceTransform) {
        var k = 0
        while k <= arcs.resolution {
            let cosine = arcs.cosine(k), sine = arcs.sine(k)
            let (ux, uy): (Int64, Int64)
            switch quadrant {
            case 0: (ux, uy) = (cosine, sine)
            case 1: (ux, uy) = (0 &- sine, cosine)
            case 2: (ux, uy) = (0 &- cosine, 0 &- sine)
            default: (ux, uy) = (sine, 0 &- cosine)
            }
            append(centerX &+ ((radius &* ux &+ 0x8000) &>> 16), centerY &+ ((radius &* uy &+ 0x8000) &>> 16),
                   transform)
            k &+= step
        }
    }

    @inline(__always)
    private mutating func append(_ x: Int64, _ y: Int64, _ transform: DeviceTransform) {
        let point = transform.subpixel(x: x, y: y)
        xs[count] = point.x
        ys[count] = point.y
        count &+= 1
    }
}
