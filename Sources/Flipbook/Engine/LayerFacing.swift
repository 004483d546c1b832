import FixedPoint

/// Whether a layer's plane faces away from the viewer (for `doubleSided = false`, as Core Animation's
/// back-face culling): its bounds, mapped to the screen by its world transform, wind the other way round
/// (y down: the corners origin → +x → +y turn clockwise on the screen for a layer seen from the front).
/// A mirror (a negative scale on one axis) reverses the winding too and counts as turned away; an edge-on
/// plane, and a plane with a corner at or behind the eye, do not.
enum LayerFacing {
    /// Whether the layer with bounds `bounds`, 2-D world transform `world` and, when 3-D, `world3D` shows
    /// its back. The 2-D test is the sign of the determinant `a·d − b·c` (exact in 64 bits); the 3-D one the
    /// sign of the cross product of two projected bounds edges, in 1/256 px (a projected plane keeps one
    /// winding over all its points in front of the eye).
    @_noAllocation
    static func showsBack(bounds: Rect, world: Affine, world3D: Transform3D?) -> Bool {
        guard let world3D else {
            return Int64(world.a.raw) &* Int64(world.d.raw) < Int64(world.b.raw) &* Int64(world.c.raw)
        }
        let origin = bounds.origin
        do throws(FixedPointError) {
            guard let corner = try world3D.project(origin),
                let alongX = try world3D.project(Point(x: origin.x + bounds.width, y: origin.y)),
                let alongY = try world3D.project(Point(x: origin.x, y: origin.y + bounds.height))
            else { return false }
            let edgeX = (Int64(alongX.x.raw) &- Int64(corner.x.raw)) &>> 8, edgeY = (Int64(alongX.y.raw) &- Int64(corner.y.raw)) &>> 8
            let edge2X = (Int64(alongY.x.raw) &- Int64(corner.x.raw)) &>> 8, edge2Y = (Int64(alongY.y.raw) &- Int64(corner.y.raw)) &>> 8
            return edgeX &* edge2Y < edgeY &* edge2X
        } catch {
            return false
        }
    }
}
