import FixedPoint

/// The one rounded-rectangle outline: a closed polygon in canvas subpixels (a rectangle with circular
/// corners, through a `SubpixelMapping`) that it adds to a `Rasterizer` as line segments. Layer
/// backgrounds, borders and `masksToBounds` clips, shadow silhouettes and `RoundedRectPainter` all draw
/// it. Its point scratch is allocated once; building never allocates.
///
/// A rounded rectangle is 4 straight sides and 4 quarter arcs. Each arc is n chords (`ArcTable.chordCounts`)
/// whose vertices sit at the radius that gives every chord the area of the arc it replaces, so the
/// polygon's area in a pixel is the exact shape's to within the 1/64-pixel deviation of its boundary at
/// any scale the transform applies (`RoundedOutlineCoverageTests` and `RoundedRectTests` measure it against exact areas).
public struct RoundedOutline: ~Copyable {
    /// Most points one outline can hold: four corners of the most chords, each with its two tangent points.
    public static let capacity = 4 * (192 + 2)

    @usableFromInline let xs: UnsafeMutablePointer<Int64>
    @usableFromInline let ys: UnsafeMutablePointer<Int64>
    @usableFromInline var pointCount = 0
    /// Points of the current outline.
    @inlinable public var count: Int { pointCount }
    @usableFromInline let arcs: ArcTable

    /// Allocates the point scratch and the arc table.
    public init() {
        xs = .allocate(capacity: RoundedOutline.capacity)
        ys = .allocate(capacity: RoundedOutline.capacity)
        arcs = ArcTable()
    }

    deinit {
        xs.deallocate()
        ys.deallocate()
    }

    /// Replaces the outline with the rectangle `minX … maxX × minY … maxY` (raw Q16.16, e.g. layer points)
    /// with corners rounded by `radius` (raw Q16.16; limited to half the shorter side, as Core Animation
    /// draws it), through `transform`. An empty rectangle leaves no outline.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func setRoundedRect(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64, radius: Int64,
                                        transform: SubpixelMapping) {
        pointCount = 0
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
        let chords = arcs.chordCountIndex(forRadiusPixels: devicePixels)
        let corner = ArcCorner(radius: r, chordRadius: (r &* arcs.radiusFactors[chords] &+ (1 &<< 29)) &>> 30,
                               step: arcs.resolution / arcs.chordCounts[chords])
        // Corners clockwise on screen (y down): top-right, bottom-right, bottom-left, top-left.
        appendCorner(corner, centerX: maxX &- r, centerY: minY &+ r, quadrant: 3, transform)
        appendCorner(corner, centerX: maxX &- r, centerY: maxY &- r, quadrant: 0, transform)
        appendCorner(corner, centerX: minX &+ r, centerY: maxY &- r, quadrant: 1, transform)
        appendCorner(corner, centerX: minX &+ r, centerY: minY &+ r, quadrant: 2, transform)
    }

    /// Adds the outline's closed polygon to `rasterizer`; `reversed` flips its winding (to cut a hole
    /// with the non-zero rule).
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable
    public func addEdges(to rasterizer: inout Rasterizer, reversed: Bool = false) throws(GeometryError) {
        guard count >= 3 else { return }
        try rasterizer.addClosedPolygon(xs: xs, ys: ys, count: count, reversed: reversed)
    }

    /// The quarter arc of `quadrant` (0: +x → +y, 1: +y → −x, 2: −x → −y, 3: −y → +x; y down) around
    /// the centre: its start tangent point, the chord vertices at the middle of each of the n equal
    /// angle steps (table entries step/2, 3·step/2, …) at the chord radius, its end tangent point.
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable
    mutating func appendCorner(_ corner: ArcCorner, centerX: Int64, centerY: Int64, quadrant: Int,
                                       _ transform: SubpixelMapping) {
        appendArcPoint(corner.radius, entry: 0, centerX: centerX, centerY: centerY, quadrant: quadrant, transform)
        var k = corner.step &>> 1
        while k < arcs.resolution {
            appendArcPoint(corner.chordRadius, entry: k, centerX: centerX, centerY: centerY, quadrant: quadrant,
                           transform)
            k &+= corner.step
        }
        appendArcPoint(corner.radius, entry: arcs.resolution, centerX: centerX, centerY: centerY,
                       quadrant: quadrant, transform)
    }

    /// The point at `radius` (raw Q16.16) from the centre in the direction of table entry `entry`,
    /// turned into `quadrant`.
    @inlinable
    mutating func appendArcPoint(_ radius: Int64, entry: Int, centerX: Int64, centerY: Int64,
                                         quadrant: Int, _ transform: SubpixelMapping) {
        let cosine = arcs.cosine(entry), sine = arcs.sine(entry)
        let (ux, uy): (Int64, Int64)
        switch quadrant {
        case 0: (ux, uy) = (cosine, sine)
        case 1: (ux, uy) = (0 &- sine, cosine)
        case 2: (ux, uy) = (0 &- cosine, 0 &- sine)
        default: (ux, uy) = (sine, 0 &- cosine)
        }
        let half: Int64 = 1 &<< 29
        append(centerX &+ ((radius &* ux &+ half) &>> 30), centerY &+ ((radius &* uy &+ half) &>> 30), transform)
    }

    @inlinable
    mutating func append(_ x: Int64, _ y: Int64, _ transform: SubpixelMapping) {
        let point = transform.subpixel(x: x, y: y)
        xs[pointCount] = point.x
        ys[pointCount] = point.y
        pointCount &+= 1
    }
}

/// One corner's numbers: its radius, the radius of its chord vertices and the table step between them
/// (raw Q16.16 radii).
@usableFromInline
struct ArcCorner {
    @usableFromInline let radius: Int64, chordRadius: Int64, step: Int

    @inlinable
    init(radius: Int64, chordRadius: Int64, step: Int) {
        self.radius = radius
        self.chordRadius = chordRadius
        self.step = step
    }
}
