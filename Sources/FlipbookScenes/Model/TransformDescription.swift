/// A layer's transform, as its parts (combined as T · Rz · Ry · Rx · S about the anchor point).
public struct TransformDescription: Equatable, Sendable {
    /// Translation in pixels (x, y, z).
    public var translation: (x: Double, y: Double, z: Double) = (0, 0, 0)
    /// Rotation about z in radians (positive turns x toward y, clockwise on a y-down screen).
    public var rotationZ = 0.0
    /// Rotation about x in radians.
    public var rotationX = 0.0
    /// Rotation about y in radians.
    public var rotationY = 0.0
    /// Scale factors along x and y.
    public var scale: (x: Double, y: Double) = (1, 1)
    /// Perspective distance in pixels (m34 = −1/d); `nil` for none.
    public var perspective: Double?

    /// The identity transform.
    public static let identity = TransformDescription()

    /// Equality of every part.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.translation == rhs.translation && lhs.rotationZ == rhs.rotationZ && lhs.rotationX == rhs.rotationX
            && lhs.rotationY == rhs.rotationY && lhs.scale == rhs.scale && lhs.perspective == rhs.perspective
    }
}
