/// The two control points of one segment of a keyframe animation's motion `path`: the segment is the cubic
/// Bézier from one path point to the next through these (`CAKeyframeAnimation.path`). The motion follows
/// the curve at its own parameter, eased by the segment's timing, and `rotationMode` follows its tangent.
public struct PathCurve: Equatable, Sendable {
    /// The first control point.
    public var control1: (x: Double, y: Double)
    /// The second control point.
    public var control2: (x: Double, y: Double)

    /// Creates a segment curve through `control1` and `control2`.
    public init(control1: (x: Double, y: Double), control2: (x: Double, y: Double)) {
        self.control1 = control1
        self.control2 = control2
    }

    /// The straight segment from `start` to `end` as a curve (controls at its thirds: the parameter moves
    /// evenly along it).
    public static func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) -> PathCurve {
        PathCurve(control1: (start.x + (end.x - start.x) / 3, start.y + (end.y - start.y) / 3),
                  control2: (end.x + (start.x - end.x) / 3, end.y + (start.y - end.y) / 3))
    }

    /// A quadratic segment from `start` through `control` to `end`, raised exactly to a cubic.
    public static func quadratic(from start: (x: Double, y: Double), control: (x: Double, y: Double),
                                 to end: (x: Double, y: Double)) -> PathCurve {
        PathCurve(control1: (start.x + 2 / 3 * (control.x - start.x), start.y + 2 / 3 * (control.y - start.y)),
                  control2: (end.x + 2 / 3 * (control.x - end.x), end.y + 2 / 3 * (control.y - end.y)))
    }

    public static func == (a: PathCurve, b: PathCurve) -> Bool {
        a.control1 == b.control1 && a.control2 == b.control2
    }
}
